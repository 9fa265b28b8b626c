"""False positives named by what they lay on, where the gold annotates other entities (people,
organisations, other named things: ``Document.entities``).

A false positive (a prediction a scheme counts as spurious) lay on:

- ``person``, ``organisation``, ``other_name``: an entity of that kind, when its span is the
  entity's exactly, or, overlapping no gold toponym, it overlaps the entity (the one it shares
  most characters with; on a tie a person before an organisation before another name): "Paris"
  in "Paris Hilton", "Washington" inside "Washington Post";
- ``gold_toponym``: a gold toponym it overlaps without being the scheme's match (a wrong span,
  or a second prediction of one toponym);
- ``nothing``: nothing annotated;
- ``no_offsets``: a prediction without offsets, which cannot be placed.

Counts are also given per 100 gold toponyms, the unit the span decision is tuned in. Gold
without entities gets no breakdown (``None``), and costs nothing: nothing here runs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

import numpy as np

from evaluation.flat_corpus import FlatCorpus
from geoparser.model import GoldEntity


class LayOn(Enum):
    """What a false positive lay on."""

    PERSON = "person"
    ORGANISATION = "organisation"
    OTHER_NAME = "other_name"
    GOLD_TOPONYM = "gold_toponym"
    NOTHING = "nothing"
    NO_OFFSETS = "no_offsets"


#: How reports name each, in words.
DESCRIPTIONS = {LayOn.PERSON: "on a person", LayOn.ORGANISATION: "inside an organisation's name",
                LayOn.OTHER_NAME: "on another named thing",
                LayOn.GOLD_TOPONYM: "overlapping a gold toponym",
                LayOn.NOTHING: "on nothing annotated", LayOn.NO_OFFSETS: "without offsets"}
_BY_KIND = {"person": LayOn.PERSON, "organisation": LayOn.ORGANISATION,
            "other": LayOn.OTHER_NAME}
_TIE_ORDER = {"person": 0, "organisation": 1, "other": 2}


def lay_on(start: int | None, end: int | None, entities: Iterable[GoldEntity],
           toponyms: Iterable[tuple[int, int]]) -> LayOn:
    """What the span ``start``-``end`` lay on, among a document's gold ``entities`` and gold
    toponym spans (the module docstring's rule)."""
    if start is None or end is None:
        return LayOn.NO_OFFSETS
    entities = list(entities)
    for e in entities:
        if (e.start, e.end) == (start, end):
            return _BY_KIND[e.kind]
    if any(s < end and start < e for s, e in toponyms):
        return LayOn.GOLD_TOPONYM
    best = max(((min(end, e.end) - max(start, e.start), -_TIE_ORDER[e.kind], e.kind)
                for e in entities), default=None)
    if best is None or best[0] <= 0:
        return LayOn.NOTHING
    return _BY_KIND[best[2]]


@dataclass(frozen=True)
class FalsePositives:
    """How many false positives lay on each kind of thing, out of how many gold toponyms."""

    counts: dict[LayOn, int]
    gold_toponyms: int
    #: Each false positive's row among the predictions and what it lay on.
    rows: dict[int, LayOn]

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def per_100_gold(self, kind: LayOn) -> float | None:
        n = self.gold_toponyms
        return 100 * self.counts[kind] / n if n else None

    def to_json(self) -> dict[str, Any]:
        return {"gold_toponyms": self.gold_toponyms, "false_positives": self.total,
                "lay_on": {k.value: n for k, n in self.counts.items()},
                "per_100_gold": {k.value: self.per_100_gold(k) for k in self.counts}}

    def to_rows(self) -> list[dict[str, Any]]:
        """One row a kind: ``lay_on``, ``false_positives``, ``per_100_gold``."""
        return [{"lay_on": k.value, "false_positives": n, "per_100_gold": self.per_100_gold(k)}
                for k, n in self.counts.items()]

    def to_markdown(self, what: str = "false positives") -> str:
        from evaluation.markdown import table

        return "\n".join([
            f"What the {what} lay on ({self.total} of them; {self.gold_toponyms} gold "
            "toponyms):", "",
            table(["lay on", "", "false positives", "per 100 gold"],
                  [[k.value, DESCRIPTIONS[k], n, self.per_100_gold(k)]
                   for k, n in self.counts.items()]), ""])


def classify(corpus: FlatCorpus, spurious: Iterable[int]) -> FalsePositives | None:
    """What each of the prediction rows ``spurious`` lay on; ``None`` when the gold annotates
    no other entity (then nothing can be told but "on a gold toponym" or "on nothing", and
    nothing is computed)."""
    if not corpus.has_entities:
        return None
    documents = corpus.documents
    g_start, g_end, g_has = corpus.gold_spans
    p_start, p_end, p_has = corpus.pred_spans
    bounds = np.searchsorted(corpus.gold_doc, np.arange(corpus.n_docs + 1))
    counts = dict.fromkeys(LayOn, 0)
    rows: dict[int, LayOn] = {}
    for j in sorted(spurious):
        d = int(corpus.pred_doc[j])
        a, b = int(bounds[d]), int(bounds[d + 1])
        toponyms = [(s, e) for s, e, h in zip(g_start[a:b].tolist(), g_end[a:b].tolist(),
                                               g_has[a:b].tolist(), strict=True) if h]
        span = (int(p_start[j]), int(p_end[j])) if p_has[j] else (None, None)
        kind = lay_on(*span, documents[d].entities, toponyms)
        counts[kind] += 1
        rows[j] = kind
    return FalsePositives(counts, corpus.n_golds, rows)


def json_part(found: FalsePositives | None) -> dict[str, Any]:
    """A result's ``false_positives`` entry, or nothing without entities in the gold."""
    return {} if found is None else {"false_positives": found.to_json()}


def markdown_part(found: FalsePositives | None, what: str = "false positives") -> list[str]:
    """A result's Markdown paragraph on its false positives, or nothing."""
    return [] if found is None else ["", found.to_markdown(what)]


def unmatched(n_preds: int, matched: Iterable[int]) -> np.ndarray:
    """The prediction rows not among ``matched``."""
    keep = np.ones(n_preds, dtype=bool)
    keep[np.fromiter(matched, np.int64)] = False
    return np.flatnonzero(keep)
