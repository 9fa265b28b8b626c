"""The span decision's rows read a point confidence from a model that never saw their corpus:
which model each corpus gets, and that the rows carry that model's confidence."""

from __future__ import annotations

import math

import numpy as np
import pytest

from benchmarks.training.confidence_data import ConfidenceRows
from benchmarks.training.confidence_folds import ConfidenceFolds
from benchmarks.training.decision_data import resolved_as_parse, rows_for
from evaluation.reports.trained_on import fingerprint
from geoparser.decision.features import SPAN_FEATURES
from geoparser.model import Document, Mention, ParsedDocument
from geoparser.resolution.confidence import (
    CONFIDENCE_FEATURES,
    MODEL_PATH,
    FittedModel,
    load_models,
)

#: A tiny config: few rows a leaf, few rounds, one thread.
CONFIG = {"lightgbm": {"objective": "binary", "num_leaves": 3, "min_data_in_leaf": 5,
                       "seed": 1, "deterministic": True, "force_row_wise": True,
                       "num_threads": 1, "verbosity": -1},
          "num_boost_round": 3}
SIZES = {"A": 60, "B": 70, "C": 80}  # distinct, so a model's training rows name its corpora


def part(n: int, seed: int) -> ConfidenceRows:
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, len(CONFIDENCE_FEATURES)))
    return ConfidenceRows(x, (x[:, 0] > 0).astype(float), [f"d{i}" for i in range(n)],
                          np.zeros(n, bool))


class Shipped:
    """A sentinel for the shipped model."""


def folds(calls: list[int]) -> ConfidenceFolds:
    def parts() -> dict[str, ConfidenceRows]:
        calls.append(1)
        return {name: part(n, k) for k, (name, n) in enumerate(SIZES.items())}

    texts = {name: frozenset({fingerprint(f"a story of corpus {name}")}) for name in SIZES}
    return ConfidenceFolds(texts, parts, CONFIG, Shipped(),  # type: ignore[arg-type]
                           shipped_on=list(SIZES))


def doc(text: str) -> Document:
    return Document("d", text)


def rows_seen(model: FittedModel) -> int:
    """How many rows the booster was fitted on: its first tree's root count (no bagging)."""
    root = model.booster.dump_model()["tree_info"][0]["tree_structure"]
    return root.get("internal_count", root.get("leaf_count"))


def test_a_corpus_sharing_a_text_reads_a_model_fitted_without_it():
    calls: list[int] = []
    f = folds(calls)
    docs = [doc("a story of corpus A"), doc("another story")]
    assert f.left_out("A under another name", docs) == {"A"}
    model = f.model_for("A under another name", docs)
    assert rows_seen(model) == SIZES["B"] + SIZES["C"]
    assert "without A" in f.describe("A under another name", docs)


def test_a_corpus_of_a_name_the_model_was_fitted_on_is_left_out_by_name():
    f = folds([])
    assert f.left_out("B", [doc("a text nobody sampled")]) == {"B"}
    assert rows_seen(f.model_for("B", [doc("a text nobody sampled")])) == SIZES["A"] + SIZES["C"]


def test_each_left_out_set_is_fitted_once_and_rows_built_once():
    calls: list[int] = []
    f = folds(calls)
    first = f.model_for("A", [doc("x")])
    assert f.model_for("A", [doc("y")]) is first
    assert f.model_for("C", [doc("z")]) is not first
    assert calls == [1]


def test_a_corpus_no_confidence_model_saw_reads_the_shipped_one_without_fitting():
    calls: list[int] = []
    f = folds(calls)
    assert isinstance(f.model_for("LGL", [doc("Never seen in Zzyzx.")]), Shipped)
    assert "shipped" in f.describe("LGL", [doc("Never seen in Zzyzx.")])
    assert calls == []


class ConstantBooster:
    """A booster whose raw score is 0 for every row: with Platt ``b`` it gives one
    probability everywhere, so the rows show which model they read."""

    def predict(self, x, raw_score=False, pred_contrib=False, num_threads=None):
        x = np.asarray(x)
        return np.zeros((len(x), x.shape[1] + 1)) if pred_contrib else np.zeros(len(x))


def test_the_rows_read_the_confidence_model_they_are_given(offline_gazetteer):
    from geoparser.resolution import create_policy

    text = "Floods hit Galway and Limerick after the storm."
    parsed = [ParsedDocument(Document("d", text), [Mention(11, 17, "Galway", "GPE"),
                                                   Mention(22, 30, "Limerick", "GPE")])]
    policy = create_policy("context")
    p = 0.123
    fake = FittedModel(ConstantBooster(), 0.0, math.log(p / (1 - p)))
    column = SPAN_FEATURES.index("confidence")
    given = rows_for(resolved_as_parse(parsed, offline_gazetteer, policy, fake), 0.0).x[:, column]
    assert len(given) == 2 and np.allclose(given, p)
    shipped = rows_for(resolved_as_parse(parsed, offline_gazetteer, policy), 0.0).x[:, column]
    assert not np.isnan(shipped).any() and not np.allclose(shipped, p)


def test_parse_reads_the_shipped_model_as_before(offline_gazetteer):
    """Without a model given, the estimator is the policy's shipped model, and resolving with
    it given explicitly changes nothing."""
    from geoparser.pipeline import resolve
    from geoparser.resolution import create_policy
    from geoparser.resolution.confidence import ConfidenceEstimator

    policy = create_policy("context")
    assert ConfidenceEstimator(policy).model is load_models(MODEL_PATH)["context"]
    parsed = [ParsedDocument(Document("d", "Snow in Galway and Limerick."),
                             [Mention(8, 14, "Galway", "GPE"), Mention(19, 27, "Limerick", "GPE")])]
    default = resolve(parsed, offline_gazetteer, policy)
    explicit = resolve(parsed, offline_gazetteer, policy, confidence=ConfidenceEstimator(
        policy, model=load_models(MODEL_PATH)["context"]))
    assert [r.confidence for r in default[0].resolutions] == \
        [r.confidence for r in explicit[0].resolutions]
    assert all(r.confidence is not None for r in default[0].resolutions)


@pytest.mark.parametrize("name", sorted(SIZES))
def test_every_held_out_model_never_saw_its_corpus(name):
    f = folds([])
    model = f.model_for(name, [doc(f"a story of corpus {name}")])
    assert rows_seen(model) == sum(SIZES.values()) - SIZES[name]


def test_separation_reads_the_confidence_column_where_the_label_is_known():
    from benchmarks.training.confidence_stacking import separation
    from benchmarks.training.decision_data import DecisionRows

    x = np.zeros((4, len(SPAN_FEATURES)))
    x[:, SPAN_FEATURES.index("confidence")] = [0.9, 0.8, 0.2, 0.5]
    right = np.asarray([1.0, 1.0, 0.0, np.nan])  # the last unknown: left out
    n = len(right)
    rows = DecisionRows(x, np.ones(n), right, np.full(n, np.nan), np.ones(n, bool),
                        np.zeros(n, bool), ["d"] * n, n, 3, 0)
    assert separation(rows) == pytest.approx(np.corrcoef([0.9, 0.8, 0.2], [1, 1, 0])[0, 1])
    rows.right[:] = np.nan
    assert separation(rows) is None
