"""Counts and the precision/recall/F1 computed from them.

Convention for undefined ratios: precision is ``None`` when nothing was predicted
(TP + FP = 0), recall is ``None`` when there is nothing to find (TP + FN = 0), and F1 is
``None`` when either is. ``None`` becomes ``null`` in JSON and an empty cell in CSV — never 0
or 1, which would silently reward or punish a system that said nothing. F1 is 0 when both are
defined and zero.
"""

from __future__ import annotations

from dataclasses import dataclass


def ratio(numerator: float, denominator: float) -> float | None:
    return numerator / denominator if denominator else None


def f1_score(precision: float | None, recall: float | None) -> float | None:
    if precision is None or recall is None:
        return None
    if precision + recall == 0:
        return 0.0
    return 2 * precision * recall / (precision + recall)


@dataclass(frozen=True)
class Counts:
    """True positives, false positives and false negatives."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def __add__(self, other: Counts) -> Counts:
        return Counts(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)

    @property
    def precision(self) -> float | None:
        return ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float | None:
        return ratio(self.tp, self.tp + self.fn)

    @property
    def f1(self) -> float | None:
        return f1_score(self.precision, self.recall)

    def as_dict(self) -> dict[str, float | int | None]:
        return {
            "tp": self.tp, "fp": self.fp, "fn": self.fn,
            "precision": self.precision, "recall": self.recall, "f1": self.f1,
        }


def total(counts: list[Counts]) -> Counts:
    return sum(counts, Counts())
