"""Writing confidence.json: refitting some policies keeps the others' models."""

import pytest

from benchmarks.training.train_confidence import model_file
from geoparser.errors import UsageError

CONFIG = {"policies": ["context", "population", "learned"], "seed": 7}


def shipped():
    return model_file({p: {"booster": p} for p in CONFIG["policies"]},
                      {p: {"held_out": p} for p in CONFIG["policies"]}, CONFIG, ["A", "B"])


def test_every_policy_fitted_is_written_as_fitted():
    data = shipped()
    assert list(data["models"]) == CONFIG["policies"]
    assert data["trained_on"] == ["A", "B"] and data["config"] == CONFIG


def test_refitting_one_policy_keeps_the_default_s_model():
    data = model_file({"learned": {"booster": "new"}}, {"learned": {"held_out": "new"}},
                      CONFIG, ["A", "B"], existing=shipped())
    assert list(data["models"]) == CONFIG["policies"]
    assert data["models"]["context"] == {"booster": "context"}
    assert data["models"]["learned"] == {"booster": "new"}
    assert data["held_out"]["population"] == {"held_out": "population"}


def test_a_file_fitted_on_other_corpora_is_not_mixed_with():
    with pytest.raises(UsageError, match="other trained on"):
        model_file({"learned": {}}, {"learned": {}}, CONFIG, ["A", "B", "C"],
                   existing=shipped())
    with pytest.raises(UsageError, match="other config"):
        model_file({"learned": {}}, {"learned": {}}, {**CONFIG, "seed": 8}, ["A", "B"],
                   existing=shipped())


def test_a_hand_weighted_policy_resolves_every_corpus_alike():
    from benchmarks.training.train_confidence import policies_for

    got = policies_for("context", None, None, ["A", "B"])
    assert got["A"] is got["B"] and got["A"].name == "context"


def test_the_ranker_s_rows_come_from_rankers_that_never_saw_their_corpus(monkeypatch):
    from types import SimpleNamespace

    from benchmarks.training import ranker_data, train_ranker
    from benchmarks.training.train_confidence import policies_for

    corpora = [SimpleNamespace(name=n) for n in ("A", "B", "C")]
    monkeypatch.setattr(ranker_data, "load_corpora", lambda shared: corpora)
    monkeypatch.setattr(ranker_data, "groups", lambda c, gazetteer: f"groups of {c.name}")
    monkeypatch.setattr(train_ranker, "train", lambda groups, config: tuple(groups))
    monkeypatch.setattr("geoparser.resolution.learned.LearnedPolicy",
                        lambda model=None: SimpleNamespace(model=model))
    got = policies_for("learned", None, None, ["A", "C", "WikToR-like"])
    assert got["A"].model == ("groups of B", "groups of C")
    assert got["C"].model == ("groups of A", "groups of B")
    assert got["WikToR-like"].model is None  # the shipped ranker never saw it
