"""Which gold toponyms did a system find? The one-to-one ``same`` pairs, optimally chosen.

Shared by the schemes that need "the prediction of this gold toponym" (``coursework-ner``,
``coursework-geo``, ``errors``, ``distance``): pairs the match mode calls ``same`` are paired
one-to-one through the one assignment core, as many as possible; then, where a gold toponym
could take one of several predictions (a span or name predicted twice), the one placed within
the gold's tolerance (or with its GeoNames id); then the closest in form. Remaining ties go by
content, never by position in the input.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from evaluation.assignment import Assignment, lexicographic_weight
from evaluation.flat_corpus import FlatCorpus
from evaluation.matching import MatchMode, Pairs, candidate_pairs
from geoparser.distance import within_km
from geoparser.io.documents import DEFAULT_TOLERANCE_KM
from geoparser.model import GoldToponym, Prediction


@dataclass(frozen=True)
class Matched:
    """The corpus, its candidate pairs, and the mask of pairs matched as the same toponym."""

    corpus: FlatCorpus
    pairs: Pairs
    matched: np.ndarray

    def gold_to_pred(self) -> dict[int, int]:
        return dict(zip(self.pairs.gold[self.matched].tolist(),
                        self.pairs.pred[self.matched].tolist(), strict=True))


def placed(gold: GoldToponym, pred: Prediction) -> bool:
    """Whether the prediction names the gold's place: the same GeoNames id when both give one,
    else its point within the gold's tolerance (10 km when the gold has none)."""
    if gold.geonameid is not None and pred.geonameid is not None:
        return gold.geonameid == pred.geonameid
    if not (gold.has_point and pred.has_point):
        return False
    tol = gold.tolerance_km if gold.tolerance_km is not None else DEFAULT_TOLERANCE_KM
    return within_km(gold.lat, gold.lon, pred.lat, pred.lon, tol)  # type: ignore[arg-type]


def match_same(corpus: FlatCorpus, mode: MatchMode) -> Matched:
    pairs = candidate_pairs(corpus, mode)
    golds, preds = corpus.golds, corpus.preds  # built first: ties then go by every field
    assignment = Assignment(pairs.gold, pairs.pred, corpus.gold_keys, corpus.pred_keys,
                            corpus.pred_group)
    prefer = np.zeros(len(pairs))
    for k in assignment.conflict_pairs.tolist():  # only where a choice is to be made
        if pairs.same[k]:
            prefer[k] = placed(golds[int(pairs.gold[k])], preds[int(pairs.pred[k])])
    weight = np.where(pairs.same, lexicographic_weight(assignment, pairs.same, pairs.closeness,
                                                       prefer), 0.0)
    return Matched(corpus, pairs, assignment.solve(weight))
