"""One corpus's row of the table per corpus: a ``parse`` output scored against its gold.

Every figure comes from the evaluation package, on the documents as ``parse`` resolved them:

* exact P / R / F1: the ``semeval`` scheme's ``exact`` measure (span match, label ignored);
  F1 once more without the outputs of a people or adjective of a place (``demonym``), which
  tweets and other corpora do not annotate (issue 61's bound on tweets reads it so);
* acc@161 and acc by GeoNames id, end to end, and false positives (output spans that are no
  gold span) per 100 gold toponyms: ``cross_corpus.end_to_end_figures``; FP/100 once over
  every output toponym and once without the street-level ones (``MentionKind.STREET``, left
  out as ``parse --kinds`` leaves them out: ``mention_kinds.only_kinds``);
* people drawn as places per 100 gold: false positives under ``exact`` that lay on a gold
  person (``false_positives.LayOn.PERSON``), only where the corpus marks people (over the
  documents that do, where only some do);
* marker ECE (10 bins) and the share of placed markers right (a gold toponym within 161 km):
  the ``distance`` scheme's marker calibration, only where the gold has points (without
  them no marker can be judged right).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from benchmarks.corpus_catalogue import PeopleAnnotated
from evaluation.false_positives import LayOn
from evaluation.reports.cross_corpus import end_to_end_figures
from evaluation.schemes import score
from geoparser.model import Document, MentionKind, ParsedDocument
from geoparser.resolution.mention_kinds import KIND_NAMES, only_kinds

#: Every kind ``parse`` outputs but the street-level one.
WITHOUT_STREET = frozenset(KIND_NAMES) - {MentionKind.STREET.value}
#: Every kind ``parse`` outputs but a people's or a place's adjective.
WITHOUT_DEMONYM = frozenset(KIND_NAMES) - {MentionKind.DEMONYM.value}


@dataclass(frozen=True)
class CorpusFigures:
    """One corpus's figures; ``None`` where a figure does not apply (no point, no id, no
    person marked, no marker judged)."""

    documents: int
    gold: int
    precision: float | None
    recall: float | None
    f1: float | None
    f1_no_demonym: float | None
    acc161: float | None
    acc_id: float | None
    fp_per_100: float | None
    fp_per_100_no_street: float | None
    people_per_100: float | None
    marker_ece: float | None
    markers_right: float | None
    markers: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _predictions(resolved: Sequence[ParsedDocument]) -> dict[str, Any]:
    return {p.document.id: p.predictions() for p in resolved}


def _exact(gold: Sequence[Document], preds: dict[str, Any]) -> dict[str, Any]:
    """The ``semeval`` scheme's ``exact`` measure of ``preds`` against ``gold``."""
    return score("semeval", gold, preds, "span").to_json()["overall"]["exact"]


def people_per_100(gold: Sequence[Document], resolved: Sequence[ParsedDocument],
                   people: PeopleAnnotated) -> float | None:
    """False positives lying on a gold person per 100 gold toponyms, over the documents that
    mark people (``None`` where none does)."""
    if people is PeopleAnnotated.NOWHERE:
        return None
    if people is PeopleAnnotated.DOCUMENTS_WITH_ENTITIES:
        keep = {d.id for d in gold if d.entities}
        gold = [d for d in gold if d.id in keep]
        resolved = [p for p in resolved if p.document.id in keep]
    if not gold:
        return None
    result = score("semeval", gold, _predictions(resolved), "span")
    found = result.false_positives
    if found is None:  # marked nowhere in these documents after all
        return None
    return found.per_100_gold(LayOn.PERSON)


def score_corpus(gold: Sequence[Document], resolved: Sequence[ParsedDocument],
                 people: PeopleAnnotated) -> CorpusFigures:
    """The row of ``resolved`` (a ``parse`` output, one per gold document, same ids) against
    ``gold`` (see the module)."""
    preds = _predictions(resolved)
    exact = _exact(gold, preds)
    no_demonym = _exact(gold, _predictions([only_kinds(p, WITHOUT_DEMONYM) for p in resolved]))
    every = end_to_end_figures(resolved)
    no_street = end_to_end_figures([only_kinds(p, WITHOUT_STREET) for p in resolved])
    marker = None
    if every["gold_with_point"]:
        found = score("distance", gold, preds, "span").marker
        marker = found.as_dict() if found is not None else None
    return CorpusFigures(
        documents=len(gold), gold=every["gold"],
        precision=exact["precision"], recall=exact["recall"], f1=exact["f1"],
        f1_no_demonym=no_demonym["f1"],
        acc161=every["acc161"], acc_id=every["acc_id"],
        fp_per_100=every["fp_per_100"], fp_per_100_no_street=no_street["fp_per_100"],
        people_per_100=people_per_100(gold, resolved, people),
        marker_ece=marker["ece"] if marker else None,
        markers_right=marker["accuracy_161"] if marker else None,
        markers=marker["n"] if marker else 0)
