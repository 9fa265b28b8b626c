"""Which gold toponyms did a system find? The one-to-one ``same`` pairs, optimally chosen.

Shared by the schemes that need "the prediction of this gold toponym" (``errors``,
``distance``): pairs the match mode calls ``same`` are paired one-to-one, as many as possible,
closest first, through the one assignment core.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from evaluation.assignment import Assignment, lexicographic_weight
from evaluation.flat_corpus import FlatCorpus
from evaluation.matching import MatchMode, Pairs, candidate_pairs


@dataclass(frozen=True)
class Matched:
    """The corpus, its candidate pairs, and the mask of pairs matched as the same toponym."""

    corpus: FlatCorpus
    pairs: Pairs
    matched: np.ndarray

    def gold_to_pred(self) -> dict[int, int]:
        return dict(zip(self.pairs.gold[self.matched].tolist(),
                        self.pairs.pred[self.matched].tolist(), strict=True))


def match_same(corpus: FlatCorpus, mode: MatchMode) -> Matched:
    pairs = candidate_pairs(corpus, mode)
    assignment = Assignment(pairs.gold, pairs.pred, corpus.gold_keys, corpus.pred_keys)
    weight = np.where(pairs.same, lexicographic_weight(assignment, pairs.same, pairs.closeness),
                      0.0)
    return Matched(corpus, pairs, assignment.solve(weight))
