"""How well stated confidences fit outcomes: reliability bins, expected calibration error, and
accuracy against coverage.

Given each placed prediction's confidence (the system's probability that its point is right)
and whether it was right: ``reliability`` cuts [0, 1] into equal-width bins (a confidence of
exactly 1 falls in the last, 0 in the first) and gives each bin's count, mean confidence and
observed accuracy; the expected calibration error (ECE) is the count-weighted mean of
|accuracy − mean confidence| over the bins that hold predictions (Naeini et al., 2015; Guo et
al., 2017); ``coverage_curve`` keeps only the most confident share of the predictions (10%,
20%, …, 100%; the ⌈share·n⌉ most confident, ties kept in input order) and gives their
accuracy, as selective prediction is judged. Undefined figures (no prediction) are ``None``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

BINS = 10
COVERAGE_STEPS = 10
#: The share of the most confident predictions whose accuracy is reported on its own.
TOP_SHARE = 0.8


def _arrays(confidence: Sequence[float], right: Sequence[bool]) -> tuple[np.ndarray, np.ndarray]:
    return np.asarray(confidence, dtype=float), np.asarray(right, dtype=float)


def bin_of(confidence: np.ndarray, bins: int = BINS) -> np.ndarray:
    """Each confidence's bin: [k/bins, (k+1)/bins), the last closed at 1."""
    return np.minimum((confidence * bins).astype(int), bins - 1)


def reliability(confidence: Sequence[float], right: Sequence[bool], bins: int = BINS
                ) -> list[dict[str, Any]]:
    """One row a bin: its bounds, count, mean confidence and accuracy (``None`` when empty)."""
    p, y = _arrays(confidence, right)
    idx = bin_of(p, bins)
    rows = []
    for k in range(bins):
        inside = idx == k
        n = int(inside.sum())
        rows.append({"low": k / bins, "high": (k + 1) / bins, "n": n,
                     "mean_confidence": float(p[inside].mean()) if n else None,
                     "accuracy": float(y[inside].mean()) if n else None})
    return rows


def expected_calibration_error(confidence: Sequence[float], right: Sequence[bool],
                               bins: int = BINS) -> float | None:
    """Σ n_b / n · |accuracy_b − mean confidence_b| over the bins; ``None`` for no prediction."""
    rows = reliability(confidence, right, bins)
    n = sum(r["n"] for r in rows)
    if not n:
        return None
    return sum(r["n"] / n * abs(r["accuracy"] - r["mean_confidence"]) for r in rows if r["n"])


def most_confident(confidence: Sequence[float], share: float) -> np.ndarray:
    """Indices of the ⌈share · n⌉ most confident predictions (ties in input order)."""
    p = np.asarray(confidence, dtype=float)
    order = np.lexsort((np.arange(len(p)), -p))
    return order[:math.ceil(share * len(p) - 1e-9)]


def coverage_curve(confidence: Sequence[float], right: Sequence[bool],
                   steps: int = COVERAGE_STEPS) -> list[dict[str, Any]]:
    """Accuracy of the most confident share of the predictions, for shares 1/steps … 1."""
    p, y = _arrays(confidence, right)
    rows = []
    for k in range(1, steps + 1):
        keep = most_confident(p, k / steps)
        rows.append({"coverage": k / steps, "n": len(keep),
                     "accuracy": float(y[keep].mean()) if len(keep) else None,
                     "min_confidence": float(p[keep].min()) if len(keep) else None})
    return rows


@dataclass(frozen=True)
class CalibrationSummary:
    """The calibration figures of one set of (confidence, right) pairs."""

    confidence: tuple[float, ...]
    right: tuple[bool, ...]
    #: Matched toponyms the system left unplaced although it gave them a confidence.
    abstained: int = 0

    def as_dict(self) -> dict[str, Any]:
        p, y = self.confidence, self.right
        top = most_confident(p, TOP_SHARE)
        return {
            "n": len(p), "abstained": self.abstained,
            "mean_confidence": float(np.mean(p)) if p else None,
            "accuracy_161": float(np.mean(y)) if p else None,
            "ece": expected_calibration_error(p, y),
            "accuracy_161_top80": float(np.asarray(y, float)[top].mean()) if len(top) else None,
            "brier": float(np.mean((np.asarray(p) - np.asarray(y, float)) ** 2)) if p else None,
            "reliability": reliability(p, y),
            "coverage": coverage_curve(p, y),
        }
