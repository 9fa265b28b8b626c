"""The candidate ``--kinds`` choices scored on one parse, and what counts as placed right."""

from benchmarks.accuracy.kinds_default import placed_right, scores

PARIS = {"start": 0, "end": 5, "text": "Paris", "lat": 48.8566, "lon": 2.3522}


def test_a_point_within_161_km_is_placed_right():
    assert placed_right(PARIS, {"lat": 48.8566, "lon": 4.5})  # about 157 km east


def test_a_point_beyond_161_km_is_not():
    assert not placed_right(PARIS, {"lat": 48.8566, "lon": 4.56})  # about 162 km east


def test_no_output_or_no_point_is_not_placed_right():
    assert not placed_right(PARIS, None)
    assert not placed_right(PARIS, {"lat": None, "lon": None})
    assert not placed_right({"start": 0, "end": 5, "lat": None}, {"lat": 48.8, "lon": 2.3})


def test_a_kind_left_out_loses_its_right_toponym_and_its_false_one():
    gold = [{"id": "d", "toponyms": [PARIS]}]
    pred = [{"id": "d", "toponyms": [
        {"start": 0, "end": 5, "lat": 48.85, "lon": 2.35, "mention_kind": "literal"},
        {"start": 9, "end": 20, "lat": 48.85, "lon": 2.35, "mention_kind": "street"}]}]
    assert scores(gold, pred, ())["acc161"] == 1.0
    assert scores(gold, pred, ())["fp_per_100"] == 100.0
    assert scores(gold, pred, ("street",))["fp_per_100"] == 0.0
    assert scores(gold, pred, ("literal",))["acc161"] == 0.0
