"""The span decision's thresholds, chosen on out-of-fold probabilities (``make
train-decision``): which spans are output, which of them are drawn, and which undrawn ones are
still worth listing.

* the span threshold: the highest that costs no corpus with points more than ``acc_budget``
  of its acc@161 (``choose``), each budget counted in whole toponyms (``allowance``);
* the minimum marker confidence: the one that maximises right minus wrong markers drawn,
  among those that cost no corpus more than another ``acc_budget`` (``marker_minimum``);
* the span threshold for a toponym output without a marker (its place not in the gazetteer,
  or its marker under the minimum): the highest that costs no corpus more than
  ``recall_budget`` of the gold toponyms it finds (``unplaced_threshold``). Such a span adds
  nothing to the map and nothing to acc@161; it is a name in the list, right or wrong, so only
  recall is weighed against the false positives it adds.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from benchmarks.training.decision_data import DecisionPart, DecisionRows
from geoparser.decision.features import placed_rows

GRID = np.round(np.arange(0.05, 0.951, 0.05), 2)


def allowance(budget: float, total: int) -> int:
    """What ``budget`` (a share) lets a corpus of ``total`` toponyms lose, in whole
    toponyms, rounded to the nearest (a half down, so never more than half a toponym over): a
    share finer than one toponym cannot be measured, and without rounding a corpus of 320
    toponyms held every threshold to one toponym of loss (0.31% where the budget says 0.5%, 1.6
    toponyms) while a corpus of 2,487 was allowed twelve."""
    return max(0, int(np.ceil(budget * total - 0.5)))


class Thresholds(NamedTuple):
    """What the decision keeps and draws: spans at ``keep_at`` or above, markers at
    ``min_marker`` or above, and a span left without a marker only at ``keep_unplaced`` or
    above (at ``keep_at``, it needs no more than any other span)."""

    keep_at: float
    min_marker: float
    keep_unplaced: float


def decided(rows: DecisionRows, span_p: np.ndarray, marker_p: np.ndarray,
            thresholds: Thresholds) -> tuple[np.ndarray, np.ndarray]:
    """Which of ``rows`` are output and which of those drawn, as ``SpanDecision`` decides."""
    placed = placed_rows(rows.x) & ((marker_p >= thresholds.min_marker) | rows.whatever)
    keep = (span_p >= thresholds.keep_at) & (placed | (span_p >= thresholds.keep_unplaced))
    return keep, placed


class Pooled:
    """Every part's out-of-fold probabilities and labels, pooled: what thresholds are chosen on."""

    def __init__(self, parts: list[DecisionPart], oof: list[tuple[np.ndarray, np.ndarray]]) -> None:
        self.w = np.concatenate([p.w for p in parts])
        self.sp = np.concatenate([o[0] for o in oof])
        self.mp = np.concatenate([o[1] for o in oof])
        self.toponym = np.concatenate([p.toponym for p in parts]) == 1
        self.right = np.concatenate([np.nan_to_num(p.rows.right[p.keep]) for p in parts]) == 1
        self.placed = np.concatenate([placed_rows(p.x) for p in parts])
        self.corpus = np.concatenate([np.full(len(p.toponym), p.corpus) for p in parts])
        # a marker is judged only where the corpus gives points (in one without, every
        # marker on a gold toponym is unknown and only the wrong ones would count)
        self.known = np.concatenate([(~np.isnan(p.rows.right[p.keep]) | (p.toponym == 0))
                                     & (p.rows.gold_with_point > 0) for p in parts])
        self.whatever = np.concatenate([p.rows.whatever[p.keep] for p in parts])
        self.with_point = {p.corpus: p.rows.gold_with_point for p in parts}
        self.gold = {p.corpus: p.rows.gold for p in parts}

    def acc(self, keep: np.ndarray, name: str) -> float:
        """Corpus ``name``'s toponyms placed right when ``keep`` rows are drawn."""
        return float((keep & self.right & self.placed & (self.corpus == name)).sum())

    def affordable(self, before: np.ndarray, after: np.ndarray, budget: float) -> bool:
        """Whether going from drawing ``before`` to ``after`` costs no corpus with points more
        than ``budget`` of its acc@161."""
        return all(self.acc(before, n) - self.acc(after, n)
                   <= allowance(budget, self.with_point[n])
                   for n in self.with_point if self.with_point[n])

    def recall_affordable(self, before: np.ndarray, after: np.ndarray, budget: float) -> bool:
        """Whether going from outputting ``before`` to ``after`` costs no corpus more than
        ``budget`` of its gold toponyms found (exact spans)."""
        def found(keep: np.ndarray, name: str) -> int:
            return int((keep & self.toponym & (self.corpus == name)).sum())

        return all(found(before, n) - found(after, n) <= allowance(budget, self.gold[n])
                   for n in self.gold if self.gold[n])

    def drawn(self, min_marker: float) -> np.ndarray:
        """The rows a marker is drawn for at ``min_marker`` (a span kept)."""
        return self.placed & ((self.mp >= min_marker) | self.whatever)

    def net(self, drawn: np.ndarray) -> float:
        """Right minus wrong markers drawn, each corpus weighing as one."""
        drawn = drawn & self.placed & self.known
        return float((self.w * drawn * (2 * self.right - 1)).sum())


def choose(parts: list[DecisionPart], oof: list[tuple[np.ndarray, np.ndarray]], budget: float,
           recall_budget: float) -> Thresholds:
    """The span threshold: the highest that costs each corpus at most ``budget`` of its
    acc@161 (recall first; within that, as many false spans dropped as can be). Then the
    ``marker_minimum`` at that threshold, then the ``unplaced_threshold`` at both. All on
    out-of-fold predictions."""
    pool = Pooled(parts, oof)
    everything = np.ones(len(pool.sp), bool)
    keep_at = float(max((t for t in GRID if pool.affordable(everything, pool.sp >= t, budget)),
                        default=GRID[0]))
    min_marker = marker_minimum(pool, keep_at, budget)
    return Thresholds(keep_at, min_marker,
                      unplaced_threshold(pool, keep_at, min_marker, recall_budget))


def marker_minimum(pool: Pooled, keep_at: float, budget: float) -> float:
    """The minimum marker confidence that maximises right minus wrong markers drawn, each
    corpus counting as one, among those that cost each corpus at most ``budget`` of its
    acc@161 once spans under ``keep_at`` are dropped (a marker left off is a toponym the user
    no longer sees placed); ties go to the lowest."""
    kept = pool.sp >= keep_at
    within = [t for t in GRID if pool.affordable(kept, kept & pool.drawn(t), budget)]
    return float(max([0.0, *within], key=lambda t: (round(pool.net(kept & pool.drawn(t)), 6),
                                                    -t)))


def unplaced_threshold(pool: Pooled, keep_at: float, min_marker: float,
                       budget: float) -> float:
    """The span threshold for a kept span left without a marker: the highest (``keep_at`` at
    least) that costs each corpus at most ``budget`` of the gold toponyms it finds. It costs
    no acc@161 (no such span is placed), so recall is the only thing it can lose."""
    kept, drawn = pool.sp >= keep_at, pool.drawn(min_marker)
    above = [float(t) for t in GRID if t > keep_at]
    return float(max((t for t in (keep_at, *above)
                      if pool.recall_affordable(kept, kept & (drawn | (pool.sp >= t)), budget)),
                     default=keep_at))


def unbounded_minimum(parts: list[DecisionPart], oof: list[tuple[np.ndarray, np.ndarray]],
                      keep_at: float) -> float:
    """The minimum marker confidence that maximises right minus wrong markers whatever it
    costs acc@161: what a map showing as few wrong markers as it can would use."""
    pool = Pooled(parts, oof)
    kept = pool.sp >= keep_at
    return float(max([0.0, *GRID], key=lambda t: (round(pool.net(kept & pool.drawn(t)), 6),
                                                  -t)))
