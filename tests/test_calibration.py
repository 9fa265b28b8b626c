"""Reliability bins, expected calibration error and accuracy against coverage, from worked
examples."""

import json

import pytest

from evaluation.calibration import (
    CalibrationSummary,
    coverage_curve,
    expected_calibration_error,
    most_confident,
    reliability,
)

CONF = [0.9, 0.8, 0.3, 0.2]
RIGHT = [True, True, False, True]


def test_ece_of_four_predictions_by_hand():
    # one per bin: |1 - .9| + |1 - .8| + |0 - .3| + |1 - .2| = 1.4, over 4
    assert expected_calibration_error(CONF, RIGHT) == pytest.approx(0.35)


def test_bins_are_half_open_and_the_last_holds_one():
    rows = reliability([0.0, 0.1, 0.0999, 1.0, 0.95], [False, True, True, True, False])
    assert [r["n"] for r in rows] == [2, 1, 0, 0, 0, 0, 0, 0, 0, 2]
    assert rows[0]["accuracy"] == 0.5 and rows[9]["mean_confidence"] == pytest.approx(0.975)
    assert rows[2]["accuracy"] is None and rows[2]["mean_confidence"] is None


def test_all_in_one_bin():
    assert expected_calibration_error([0.7, 0.72, 0.74], [True, False, True]) == pytest.approx(
        abs(2 / 3 - 0.72))


def test_coverage_keeps_the_most_confident_first():
    curve = {round(r["coverage"], 1): r for r in coverage_curve(CONF, RIGHT)}
    assert curve[0.1]["n"] == 1 and curve[0.1]["accuracy"] == 1.0  # ceil(0.4) = 1
    assert curve[0.5]["n"] == 2 and curve[0.5]["accuracy"] == 1.0
    assert curve[0.8]["n"] == 4 and curve[0.8]["accuracy"] == 0.75  # ceil(3.2) = 4
    assert curve[1.0]["min_confidence"] == 0.2


def test_ties_at_the_cut_keep_input_order():
    assert most_confident([0.5, 0.9, 0.5, 0.5], 0.5).tolist() == [1, 0]


def test_nothing_to_judge_is_undefined_never_nan():
    s = CalibrationSummary((), (), abstained=2).as_dict()
    assert s["ece"] is None and s["accuracy_161_top80"] is None and s["brier"] is None
    assert s["abstained"] == 2
    assert "NaN" not in json.dumps(s)
    assert all(r["n"] == 0 for r in s["coverage"])


def test_summary_of_the_worked_example():
    s = CalibrationSummary(tuple(CONF), tuple(RIGHT)).as_dict()
    assert s["n"] == 4 and s["accuracy_161"] == 0.75 and s["ece"] == pytest.approx(0.35)
    assert s["brier"] == pytest.approx((0.01 + 0.04 + 0.09 + 0.64) / 4)
