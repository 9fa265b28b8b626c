import pytest

from evaluation.metrics import Counts, f1_score


def test_worked_example_figures():
    c = Counts(tp=5, fp=2, fn=3)
    assert c.precision == pytest.approx(5 / 7)
    assert c.recall == pytest.approx(0.625)
    assert c.f1 == pytest.approx(2 * (5 / 7) * 0.625 / (5 / 7 + 0.625))
    assert round(c.precision, 3) == 0.714 and round(c.f1, 3) == 0.667


def test_no_predictions_gives_undefined_precision_not_zero_or_one():
    c = Counts(tp=0, fp=0, fn=12)
    assert c.precision is None
    assert c.recall == 0.0
    assert c.f1 is None


def test_nothing_to_find_gives_undefined_recall():
    assert Counts(tp=0, fp=3, fn=0).recall is None


def test_no_false_predictions_gives_precision_one():
    # "it is possible that your classifier might not make any false predictions ... precision 1"
    assert Counts(tp=4, fp=0, fn=8).precision == 1.0


def test_f1_zero_when_both_zero():
    assert f1_score(0.0, 0.0) == 0.0
    assert Counts(tp=0, fp=2, fn=2).f1 == 0.0


def test_counts_add():
    assert Counts(1, 2, 3) + Counts(1, 1, 1) == Counts(2, 3, 4)
    assert Counts().as_dict() == {"tp": 0, "fp": 0, "fn": 0, "precision": None,
                                  "recall": None, "f1": None}
