"""When does a predicted toponym match a gold one? One function per match mode.

* ``span``: identical character offsets (both must have offsets);
* ``text``: identical normalised surface form (``geoparser.names.normalise_name``);
* ``auto``: ``span`` when both sides carry offsets, ``text`` otherwise.
"""

from __future__ import annotations

from collections.abc import Callable

from geoparser.model import GoldToponym, Prediction
from geoparser.names import normalise_name
from geoparser.registry import Registry

Matcher = Callable[[GoldToponym, Prediction], bool]

MATCHERS: Registry[Matcher] = Registry("match mode")


def _has_span(t: GoldToponym | Prediction) -> bool:
    return t.start is not None and t.end is not None


@MATCHERS.register("span")
def span_matcher() -> Matcher:
    def match(gold: GoldToponym, pred: Prediction) -> bool:
        return _has_span(gold) and _has_span(pred) and (gold.start, gold.end) == (
            pred.start, pred.end)

    return match


@MATCHERS.register("text")
def text_matcher() -> Matcher:
    def match(gold: GoldToponym, pred: Prediction) -> bool:
        return normalise_name(gold.text) == normalise_name(pred.text)

    return match


@MATCHERS.register("auto")
def auto_matcher() -> Matcher:
    by_span, by_text = span_matcher(), text_matcher()

    def match(gold: GoldToponym, pred: Prediction) -> bool:
        if _has_span(gold) and _has_span(pred):
            return by_span(gold, pred)
        return by_text(gold, pred)

    return match


def create_matcher(mode: str) -> Matcher:
    return MATCHERS.create(mode)
