"""MUC-style counts (COR, INC, PAR, MIS, SPU) and the SemEval-2013 figures computed from them.

One formula for every measure (``seeds/002``): precision = (COR + ½·PAR) / ACT and recall =
(COR + ½·PAR) / POS, with POS = COR + INC + PAR + MIS and ACT = COR + INC + PAR + SPU. Only the
``partial`` measure ever has PAR > 0, so for the other three this is COR / ACT and COR / POS —
no flag chooses between formulas (the flag is where nervaluate's issue #108 lived). The seed's
line "Recall = (COR + 0.5 × PAR) / POS = COR / ACT = TP / (TP + FP)" is a typo: by its own
definitions recall divides by POS, which is what this module does.

Undefined ratios follow ``evaluation.metrics``: precision is ``None`` when ACT = 0, recall when
POS = 0, F1 when either is.
"""

from __future__ import annotations

from dataclasses import dataclass

from evaluation.metrics import f1_score, ratio

PARTIAL_CREDIT = 0.5


@dataclass(frozen=True)
class MucCounts:
    correct: int = 0
    incorrect: int = 0
    partial: int = 0
    missed: int = 0
    spurious: int = 0

    def __add__(self, other: MucCounts) -> MucCounts:
        return MucCounts(self.correct + other.correct, self.incorrect + other.incorrect,
                         self.partial + other.partial, self.missed + other.missed,
                         self.spurious + other.spurious)

    @property
    def possible(self) -> int:
        return self.correct + self.incorrect + self.partial + self.missed

    @property
    def actual(self) -> int:
        return self.correct + self.incorrect + self.partial + self.spurious

    @property
    def credit(self) -> float:
        return self.correct + PARTIAL_CREDIT * self.partial

    @property
    def precision(self) -> float | None:
        return ratio(self.credit, self.actual)

    @property
    def recall(self) -> float | None:
        return ratio(self.credit, self.possible)

    @property
    def f1(self) -> float | None:
        return f1_score(self.precision, self.recall)

    def as_dict(self) -> dict[str, int | float | None]:
        return {
            "correct": self.correct, "incorrect": self.incorrect, "partial": self.partial,
            "missed": self.missed, "spurious": self.spurious,
            "possible": self.possible, "actual": self.actual,
            "precision": self.precision, "recall": self.recall, "f1": self.f1,
        }
