"""Scoring schemes by name, all with one signature: (gold, predictions, options) -> result."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from evaluation import coursework
from evaluation.matching import create_matcher
from evaluation.results import SchemeResult
from geoparser.model import Document, PredictedDocument
from geoparser.registry import Registry

Scheme = Callable[[Sequence[Document], Mapping[str, PredictedDocument], str], SchemeResult]

SCHEMES: Registry[Scheme] = Registry("scheme")


@SCHEMES.register("coursework-ner")
def coursework_ner() -> Scheme:
    def run(gold, predictions, match: str = "auto") -> SchemeResult:
        return coursework.score_ner(gold, predictions, create_matcher(match), {"match": match})

    return run


@SCHEMES.register("coursework-geo")
def coursework_geo() -> Scheme:
    def run(gold, predictions, match: str = "auto") -> SchemeResult:
        return coursework.score_geo(gold, predictions, create_matcher(match), {"match": match})

    return run


def score(
    scheme: str, gold: Sequence[Document], predictions: Mapping[str, PredictedDocument],
    match: str = "auto",
) -> SchemeResult:
    """Score ``predictions`` against ``gold`` under the named scheme and match mode."""
    return SCHEMES.create(scheme)(gold, predictions, match)
