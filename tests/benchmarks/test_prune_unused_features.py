"""The rewrite that drops the features no tree splits on: same predictions, bit for bit; it
refuses a feature a tree uses; the shipped models are on the code's lists and use them all."""

from __future__ import annotations

import json

import numpy as np
import pytest

from benchmarks.training.prune_unused_features import (
    check_same_predictions,
    prune_file,
    pruned_model,
    random_rows,
    split_counts,
    unused_features,
)
from geoparser.decision.features import SPAN_FEATURES
from geoparser.decision.span_decision import MODEL_PATH as DECISION_PATH
from geoparser.resolution.confidence import CONFIDENCE_FEATURES
from geoparser.resolution.confidence import MODEL_PATH as CONFIDENCE_PATH

lightgbm = pytest.importorskip("lightgbm")

NAMES = ["kind", "noise_a", "size", "noise_b", "colour", "noise_c"]


def toy_model(seed: int = 3) -> str:
    """A model over six columns that learns only from ``kind`` (categorical), ``size`` and
    ``colour`` (categorical); the ``noise`` columns are constant, so no tree splits on them."""
    rng = np.random.default_rng(seed)
    n = 600
    kind, size, colour = rng.integers(0, 5, n), rng.normal(0, 1, n), rng.integers(0, 4, n)
    x = np.column_stack([kind, np.zeros(n), size, np.ones(n), colour, np.full(n, 2.0)])
    y = ((kind == 2) | (size > 0.5) ^ (colour == 1)).astype(float)
    params = {"objective": "binary", "num_leaves": 7, "min_data_in_leaf": 10, "verbosity": -1,
              "seed": 1, "deterministic": True, "num_threads": 1}
    data = lightgbm.Dataset(x, y, feature_name=NAMES, categorical_feature=["kind", "colour"])
    return lightgbm.train(params, data, 30).model_to_string()


def test_a_pruned_model_predicts_exactly_what_it_did():
    old = toy_model()
    assert unused_features([old]) == ["noise_a", "noise_b", "noise_c"]
    new = pruned_model(old, ["kind", "size", "colour"])
    booster = lightgbm.Booster(model_str=new)
    assert booster.feature_name() == ["kind", "size", "colour"]
    assert "[categorical_feature: 0,2]" in new
    rng = np.random.default_rng(0)
    x = random_rows(new, 500, rng)
    check_same_predictions(old, new, x, rng)
    wide = np.column_stack([x[:, 0], np.zeros(500), x[:, 1], np.ones(500), x[:, 2],
                            np.zeros(500)])
    assert np.array_equal(lightgbm.Booster(model_str=old).predict(wide, raw_score=True),
                          booster.predict(x, raw_score=True))


def test_a_feature_a_tree_splits_on_is_never_dropped():
    old = toy_model()
    assert split_counts(old)["size"] > 0
    with pytest.raises(ValueError, match="size"):
        pruned_model(old, ["kind", "colour"])
    with pytest.raises(ValueError, match="order"):
        pruned_model(old, ["size", "kind", "colour"])


def test_a_changed_prediction_is_caught():
    """A model over the kept features that predicts otherwise (fitted on other rows) fails."""
    old, other = toy_model(), toy_model(seed=4)
    new = pruned_model(other, ["kind", "size", "colour"])
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="raw scores differ"):
        check_same_predictions(old, new, random_rows(new, 500, rng), rng)


def test_pruning_a_file_twice_changes_nothing_the_second_time(tmp_path):
    path = tmp_path / "model.json"
    path.write_text(json.dumps({"features": NAMES, "m": {"booster": toy_model()}}),
                    encoding="utf-8")
    assert prune_file(path, ["kind", "size", "colour"], [("m",)]) == NAMES[1::2]
    once = path.read_bytes()
    assert prune_file(path, ["kind", "size", "colour"], [("m",)]) == []
    assert path.read_bytes() == once


@pytest.mark.parametrize(("path", "features", "boosters"), [
    (DECISION_PATH, SPAN_FEATURES, lambda d: [d["span"], d["marker"]]),
    (CONFIDENCE_PATH, CONFIDENCE_FEATURES, lambda d: list(d["models"].values())),
])
def test_the_shipped_models_read_every_feature_the_code_computes(path, features, boosters):
    """Every feature the code computes for a shipped model is split on by one of its trees,
    but those the span decision's fixed judgements read: the two of the lexical one, and
    ``stated_km`` (``stated_apart``), added to the shipped models unsplit (a refit may split
    on it)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert tuple(data["features"]) == features
    unused = unused_features([m["booster"] for m in boosters(data)])
    lexical = {f for f in features if f in ("language_cue", "thing_after")}
    assert set(unused) - {"stated_km"} == lexical

