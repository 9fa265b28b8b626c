"""The ``learned`` policy: the shipped model, its explanations and its guide rule."""

from __future__ import annotations

import numpy as np
import pytest

from geoparser.errors import UsageError
from geoparser.model import Document, Mention, ParsedDocument
from geoparser.pipeline import resolve
from geoparser.resolution import create_policy
from geoparser.resolution.learned import (
    MODEL_FEATURES,
    MODEL_PATH,
    LearnedPolicy,
    TreePaths,
    load_model,
)
from tests.helpers import place as c


def test_shipped_model_loads_offline_and_fits_the_budget():
    assert MODEL_PATH.is_file()
    assert MODEL_PATH.stat().st_size <= 5_000_000
    booster = load_model()
    assert tuple(booster.feature_name()) == MODEL_FEATURES


def test_a_model_for_other_features_is_refused(tmp_path):
    import lightgbm

    rng = np.random.default_rng(0)
    x = rng.random((40, 3))
    data = lightgbm.Dataset(x, (x[:, 0] > 0.5).astype(float), group=[4] * 10,
                            feature_name=["a", "b", "c"])
    path = tmp_path / "other.txt"
    lightgbm.train({"objective": "lambdarank", "verbosity": -1, "min_data_in_leaf": 1},
                   data, num_boost_round=2).save_model(str(path))
    with pytest.raises(UsageError, match="other features"):
        load_model(path)
    load_model.cache_clear()
    with pytest.raises(UsageError, match="missing"):
        load_model(tmp_path / "absent.txt")


def test_tree_paths_reproduce_the_model_and_sum_to_its_scores():
    booster = load_model()
    paths = TreePaths(booster)
    rng = np.random.default_rng(12)
    x = rng.normal(size=(64, booster.num_feature()))
    x[rng.random(x.shape) < 0.2] = np.nan
    x[rng.random(x.shape) < 0.2] = 0.0
    expected = booster.predict(x)
    assert np.allclose(paths.scores(x), expected)
    assert np.allclose(paths.contributions(x).sum(axis=1) + paths.base, expected)


PLACES = {
    "Boston": [c("Boston", 42.358, -71.060, 653_833, "US", "MA", gid=9),
               c("Boston", 52.976, -0.027, 45_339, "GB", "ENG", gid=10)],
}


class Micro:
    name = "micro"

    def lookup(self, toponym):
        return PLACES.get(toponym, [])


def run(text, name, guide=None):
    start = text.index(name)
    doc = Document("d", text)
    (p,) = resolve([ParsedDocument(doc, [Mention(start, start + len(name), name, "GPE")])],
                   Micro(), create_policy("learned"), {"d": guide} if guide else None)
    return p.resolutions[0]


def test_reason_names_the_score_the_runner_up_and_the_features():
    r = run("Snow in Boston", "Boston")
    assert r.candidate.name == "Boston"
    assert r.reason.startswith("ranker score ")
    assert "of 2 places, vs Boston " in r.reason
    named = r.reason.split(": ", 1)[1]
    assert named == "tie" or any(f in named for f in MODEL_FEATURES)


def test_guide_limits_the_choice_to_places_near_it():
    r = run("Snow in Boston", "Boston", guide=(52.97, -0.02))
    assert r.candidate.country_code == "GB"
    assert "near the guide" in r.reason


def test_no_candidate_is_no_resolution():
    r = run("Snow in Nowhere", "Nowhere")
    assert r.candidate is None and r.n_candidates == 0


def test_policy_accepts_a_model_object():
    p = LearnedPolicy(model=load_model())
    assert p.model is load_model()


def test_a_model_reading_some_of_the_columns_ranks_by_them(tmp_path):
    """The leave-one-corpus-out table's rankers leave features out; each reads its own."""
    import lightgbm

    from geoparser.resolution.learned import ALL_COLUMNS

    features = ["log_population", "context_score"]
    rng = np.random.default_rng(3)
    x = rng.random((400, 2))
    y = (x[:, 0] > 0.5).astype(float)
    data = lightgbm.Dataset(x, y, group=[4] * 100, feature_name=features)
    path = tmp_path / "two.txt"
    lightgbm.train({"objective": "lambdarank", "verbosity": -1, "min_data_in_leaf": 5},
                   data, num_boost_round=20).save_model(str(path))
    assert set(features) <= set(ALL_COLUMNS)
    policy = LearnedPolicy(model_path=path)
    doc = Document("d", "Snow in Boston")
    (p,) = resolve([ParsedDocument(doc, [Mention(8, 14, "Boston", "GPE")])], Micro(), policy)
    r = p.resolutions[0]
    assert policy.feature_names == tuple(features)
    assert r.candidate.population == 653_833  # the larger log_population wins
    assert all(f in features for f in [w.split(" ")[0] for w in
                                       r.reason.split("; confidence")[0].split(": ", 1)[1]
                                       .split(", ")] if f != "tie")
