"""The span decision's thresholds, chosen on out-of-fold probabilities: worked examples."""

import numpy as np
import pytest

from benchmarks.training.decision_data import DecisionPart
from benchmarks.training.decision_thresholds import (
    Pooled,
    Thresholds,
    allowance,
    choose,
    decided,
    marker_minimum,
    unplaced_threshold,
)
from geoparser.decision.features import SPAN_FEATURES
from tests.benchmarks.decision_rows import rows

SAME_COUNTRY = SPAN_FEATURES.index("same_country")


def _pool(r, span_p, marker_p) -> Pooled:
    n = len(r.toponym)
    part = DecisionPart("C", r, np.ones(n, bool), np.ones(n))
    return Pooled([part], [(np.asarray(span_p, float), np.asarray(marker_p, float))])


def _unplaced(r, *which: int):
    """``r`` with rows ``which`` given no point (resolution found no place for them)."""
    r.x[list(which), SAME_COUNTRY] = np.nan
    return r


def test_marker_minimum_drops_wrong_markers_within_the_budget():
    """Two right markers at 0.9 and 0.8, two wrong ones at 0.3 and 0.2: 0.35 draws only the
    right ones and costs no acc@161, so the lowest such grid value is chosen."""
    pool = _pool(rows([1, 1, 1, 1], [1, 1, 0, 0]), np.ones(4), [0.9, 0.8, 0.3, 0.2])
    assert marker_minimum(pool, 0.0, 0.005) == pytest.approx(0.35)


def test_marker_minimum_keeps_a_right_marker_the_budget_cannot_spare():
    """A right marker at 0.3 among wrong ones at 0.4: any minimum above 0.3 loses a third of
    the corpus's acc@161, more than the budget, so nothing is held back."""
    pool = _pool(rows([1, 1, 1, 1], [1, 1, 1, 0]), np.ones(4), [0.9, 0.8, 0.3, 0.4])
    assert marker_minimum(pool, 0.0, 0.005) == pytest.approx(0.0)


def test_the_unplaced_threshold_drops_false_names_up_to_the_first_gold_one_it_would_cost():
    """A placed toponym, two false names without a place at 0.3 and 0.4, and a gold one
    without a place at 0.8, in a corpus of 100 gold toponyms: any threshold up to 0.8 drops
    only the false names; above it the gold name goes, a hundredth of the corpus's recall,
    twice the budget."""
    r = _unplaced(rows([1, 0, 0, 1], [1, np.nan, np.nan, np.nan], gold=100), 1, 2, 3)
    pool = _pool(r, [0.9, 0.3, 0.4, 0.8], [0.9, 0.0, 0.0, 0.0])
    assert unplaced_threshold(pool, 0.25, 0.1, 0.005) == pytest.approx(0.8)
    # a budget of a whole gold toponym affords dropping it
    assert unplaced_threshold(pool, 0.25, 0.1, 0.01) == pytest.approx(0.95)


@pytest.mark.parametrize(("budget", "total", "toponyms"), [
    (0.005, 320, 2),  # 1.6: the nearest whole toponym
    (0.005, 2487, 12),  # 12.4
    (0.005, 100, 0),  # 0.5: a half goes down
    (0.005, 2100, 10),  # 10.5
    (0.005, 301, 2),  # 1.505
    (0.0, 5000, 0),
])
def test_a_budget_is_counted_in_whole_toponyms(budget, total, toponyms):
    assert allowance(budget, total) == toponyms


def test_a_small_corpus_may_lose_its_budget_rounded_to_a_whole_toponym():
    """A corpus of 320 gold toponyms, the size of WNUT-17's rows: half a percent is 1.6
    toponyms, so the unplaced threshold may drop two gold names without a place (at 0.3 and
    0.4) but not a third (0.6)."""
    r = _unplaced(rows([1, 1, 1, 1, 0], [1, np.nan, np.nan, np.nan, np.nan], gold=320),
                  1, 2, 3, 4)
    pool = _pool(r, [0.9, 0.3, 0.4, 0.6, 0.5], [0.9, 0.0, 0.0, 0.0, 0.0])
    assert unplaced_threshold(pool, 0.25, 0.1, 0.005) == pytest.approx(0.6)


def test_the_unplaced_threshold_counts_a_marker_under_the_minimum_as_none():
    """A gold toponym placed wrong at marker confidence 0.05, under the minimum 0.1, is drawn
    by no marker: the threshold weighs it as a name without a place."""
    r = rows([1, 1], [1, 0], gold=100)
    pool = _pool(r, [0.9, 0.5], [0.9, 0.05])
    assert unplaced_threshold(pool, 0.25, 0.1, 0.005) == pytest.approx(0.5)
    assert unplaced_threshold(pool, 0.25, 0.0, 0.005) == pytest.approx(0.95)


def test_the_unplaced_threshold_is_never_below_the_span_threshold():
    """A gold name without a place at 0.72 and no budget: no grid value above the span
    threshold 0.7 can be afforded, so it is the span threshold itself."""
    r = _unplaced(rows([1, 1], [1, np.nan], gold=2), 1)
    pool = _pool(r, [0.9, 0.72], [0.9, 0.0])
    assert unplaced_threshold(pool, 0.7, 0.1, 0.0) == pytest.approx(0.7)


def test_the_decision_drops_a_doubtful_name_only_where_no_marker_is_drawn():
    """Span probability 0.5 each, unplaced threshold 0.9: kept where a marker is drawn (at or
    above the minimum, or a country's point by convention), dropped without a place or with a
    marker under the minimum."""
    r = _unplaced(rows([1, 1, 1, 1], [1, 1, 1, 1]), 1)
    r.whatever = np.asarray([False, False, False, True])
    span_p, marker_p = np.full(4, 0.5), np.asarray([0.5, 0.0, 0.05, 0.05])
    keep, placed = decided(r, span_p, marker_p, Thresholds(0.25, 0.1, 0.9))
    assert keep.tolist() == [True, False, False, True]
    assert placed.tolist() == [True, False, False, True]
    keep, _ = decided(r, span_p, marker_p, Thresholds(0.25, 0.1, 0.25))
    assert keep.all()


def test_choose_gives_the_three_thresholds_in_order():
    """A right marker at span probability 0.2 holds the span threshold there; both markers
    right, no minimum; the gold name without a place at 0.8 holds the unplaced threshold
    there, above the false one at 0.3."""
    r = _unplaced(rows([1, 0, 1, 1], [1, np.nan, np.nan, 1], gold=100), 1, 2)
    parts = [DecisionPart("C", r, np.ones(4, bool), np.ones(4))]
    oof = [(np.asarray([0.9, 0.3, 0.8, 0.2]), np.asarray([0.9, 0.0, 0.0, 0.6]))]
    assert choose(parts, oof, 0.005, 0.005) == pytest.approx(Thresholds(0.2, 0.0, 0.8))
