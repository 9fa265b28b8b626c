"""The ``learned`` policy: candidates ranked by a LightGBM LambdaRank model over ``features``.

The model (``geoparser/data/ranker.txt``, LightGBM's text format) was trained by
``make train-ranker`` on the four public corpora (see ``docs/resolution.md``); it loads offline,
once per process. Each candidate gets the model's score; the highest wins, ties going to the
most populous. The reason gives the score, the runner-up and the features whose contributions
(Saabas' path attribution, in score units: ``TreePaths``) most separated the two, e.g.
"ranker score 2.31 of 12 places, vs Galway County 0.42: area_with_town +1.20,
population_gap +0.35".

A guide point (a photo's known location) is evidence the corpora never had, so it is not a
feature: when given, only candidates within ``GUIDE_RADIUS_KM`` of it are ranked, if any are.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

from geoparser.defaults import DEFAULT_POINTS
from geoparser.model import Candidate, Mention, Resolution
from geoparser.resolution.base import (
    POLICIES,
    ResolutionContext,
    digest_of,
    point_order,
    population_key,
)
from geoparser.resolution.context import ContextWeights, term_matrix
from geoparser.resolution.feature_names import CONTEXT_POLICY_FEATURES, FEATURES, INDEX
from geoparser.resolution.features import FeatureExtractor

#: The home-region terms: no training corpus has sources, so they are always 0 there and a
#: model could learn nothing of them; they reach the ranker through the context score.
HOME_FEATURES: tuple[str, ...] = ("home_first_level", "home_country")

#: The imputed-population and English-name terms. As features of their own they did not make
#: the ranker better (at most 0.011 either way on the held-out corpora, with no consistent
#: sign across three runs: docs/resolution.md, "Leave-one-corpus-out table"), so they too
#: reach it only through the context score.
CONTEXT_ONLY_FEATURES: tuple[str, ...] = ("imputed_abroad", "alias_gap")

#: The evidence the shipped model reads.
RANKER_FEATURES: tuple[str, ...] = tuple(
    f for f in FEATURES if f not in HOME_FEATURES + CONTEXT_ONLY_FEATURES
    + CONTEXT_POLICY_FEATURES)

#: The model's inputs: the evidence features and the ``context`` policy's score over all of
#: them (its hand-set weights as a prior the trees can correct).
MODEL_FEATURES: tuple[str, ...] = (*RANKER_FEATURES, "context_score")

#: Every column a model may read; a model reads the subset its feature names give (the
#: leave-one-corpus-out table trains models with some of them left out).
ALL_COLUMNS: tuple[str, ...] = (*FEATURES, "context_score")

#: The context weights of the score the shipped model was trained on: without the terms of
#: ``CONTEXT_POLICY_FEATURES``, so its inputs stay what it learned from.
RANKER_CONTEXT_WEIGHTS = ContextWeights(state_named=0.0, kind_cue=0.0, story_cues=0.0,
                                        holds_before=0.0, home_town=0.0)

MODEL_PATH = Path(__file__).resolve().parent.parent / "data" / "ranker.txt"
#: With a guide point, only candidates this near it are ranked, if any are. Chosen by hand.
GUIDE_RADIUS_KM = 100.0


# maxsize 4: chosen by hand (a memo's size changes speed, never a result).
@lru_cache(maxsize=4)
def load_model(path: Path = MODEL_PATH):
    """The LightGBM booster at ``path``, checked to read only columns of ``ALL_COLUMNS``."""
    from geoparser.errors import UsageError
    from geoparser.resolution.boosted_trees import import_lightgbm

    lightgbm = import_lightgbm()

    if not path.is_file():
        raise UsageError(f"{path}: ranker model missing (run `make train-ranker`)")
    booster = lightgbm.Booster(model_file=str(path))
    names = booster.feature_name()
    if not names or not set(names) <= set(ALL_COLUMNS) or len(set(names)) != len(names):
        raise UsageError(f"{path}: ranker model was trained on other features than "
                         f"learned.ALL_COLUMNS (run `make train-ranker`)")
    return booster


def model_rows(x: np.ndarray, features: Sequence[str] = MODEL_FEATURES) -> np.ndarray:
    """``features`` rows as a model reads them: the columns ``features`` names, in its order,
    ``context_score`` computed from all of them (``ALL_COLUMNS``)."""
    cols = [x[:, INDEX[f]] if f != "context_score"
            else term_matrix(x, RANKER_CONTEXT_WEIGHTS)[1].sum(axis=1)
            for f in features]
    return np.column_stack(cols) if cols else np.zeros((x.shape[0], 0))


@POLICIES.register("learned")
class LearnedPolicy:
    """Highest ranker score; see the module docstring."""

    name = "learned"
    uses_context = True

    def __init__(self, model: object | None = None, model_path: str | Path | None = None,
                 points: str = DEFAULT_POINTS) -> None:
        self._model = model
        self._path = Path(model_path) if model_path else MODEL_PATH
        self._names: tuple[str, ...] | None = None
        #: The point convention (``base.POINT_CONVENTIONS``): whose point stands for a place.
        self.points = points
        self.order = point_order(points)
        self.extractor = FeatureExtractor(order=self.order)

    def settings(self) -> dict[str, str]:
        """The point convention and a digest of the ranker (its file's bytes, or the model
        it was given, as LightGBM writes it)."""
        if self._model is None:
            model = digest_of(self._path.read_bytes()) if self._path.is_file() else "missing"
        else:
            model = digest_of(str(self._model.model_to_string()).encode())
        return {"points": self.points, "model": model}

    @property
    def model(self):
        if self._model is None:
            self._model = load_model(self._path)
        return self._model

    @property
    def feature_names(self) -> tuple[str, ...]:
        """The columns the model reads (``MODEL_FEATURES`` for the shipped one)."""
        if self._names is None:
            self._names = tuple(self.model.feature_name())
        return self._names

    def choose(
        self, mention: Mention, candidates: Sequence[Candidate], context: ResolutionContext
    ) -> Resolution:
        if not candidates:
            return Resolution(mention, None, 0, self.name, "no candidate in the gazetteer")
        reps, x = self.extractor.rows(mention, candidates, context)
        n_places = len(reps)
        names = self.feature_names
        x = model_rows(x, names)
        keep = _near_guide(reps, context.guide)
        of_all = f" (of {n_places})" if keep is not None and len(keep) < n_places else ""
        far: tuple = ()  # places the guide rules out, listed after the scored ones
        if keep is not None:
            far = tuple(c for i, c in enumerate(reps) if i not in set(keep))
            reps, x = [reps[i] for i in keep], x[keep]
        if len(reps) == 1:
            return Resolution(mention, reps[0], n_places, self.name,
                              "the only place" + (f" near the guide{of_all}" if keep else ""),
                              ranked=(reps[0], *far), scores=(None,) * (1 + len(far)),
                              score_name="ranker score")
        paths = tree_paths(self.model)
        scores = paths.scores(x)
        order = sorted(range(len(reps)), key=lambda i: (scores[i], population_key(reps[i])),
                       reverse=True)
        best, second = order[0], order[1]
        contrib = paths.contributions(x[[best, second]])
        diff = contrib[0] - contrib[1]
        # The 3 largest terms over 0.005 (shown as +.2f) make the reason: chosen by hand.
        top = [i for i in np.argsort(-diff)[:3] if diff[i] > 0.005]
        why = ", ".join(f"{names[i]} {diff[i]:+.2f}" for i in top) or "tie"
        near = " near the guide" if keep else ""
        reason = (f"ranker score {scores[best]:.2f} of {len(reps)} places{near}{of_all}, vs "
                  f"{reps[second].name} {scores[second]:.2f}: {why}")
        # Scores to 3 decimals: chosen by hand.
        return Resolution(mention, reps[best], n_places, self.name, reason,
                          ranked=(*(reps[i] for i in order), *far),
                          scores=(*(round(float(scores[i]), 3) for i in order),
                                  *(None,) * len(far)),
                          score_name="ranker score")


class TreePaths:
    """The model's trees flattened into arrays, walked for many rows and all trees at once.

    ``scores`` gives the model's scores; ``contributions`` attributes a row's score to features
    along its decision paths (Saabas' method: each split credits its feature with the change
    in the node's expected value) — much cheaper than TreeSHAP, and exact in sum: the
    contributions plus ``base`` give the score.
    """

    def __init__(self, booster) -> None:
        self.n = booster.num_feature()
        # 8: fixed by the eight lists named on the left.
        feature, threshold, left, right, value, default_left, nan_missing, zero_missing = (
            [] for _ in range(8))
        roots = []

        def add(d: dict) -> int:
            i = len(feature)
            for col in (feature, threshold, left, right, value, default_left, nan_missing,
                        zero_missing):
                col.append(0)
            if "leaf_value" in d:
                feature[i], value[i], left[i], right[i] = -1, d["leaf_value"], i, i
                return i
            feature[i], threshold[i] = d["split_feature"], d["threshold"]
            value[i], default_left[i] = d["internal_value"], d["default_left"]
            nan_missing[i] = d["missing_type"] == "NaN"
            zero_missing[i] = d["missing_type"] == "Zero"
            left[i] = add(d["left_child"])
            right[i] = add(d["right_child"])
            return i

        for t in booster.dump_model()["tree_info"]:
            roots.append(add(t["tree_structure"]))
        self.roots = np.array(roots, dtype=np.intp)
        self.feature = np.array(feature, dtype=np.intp)
        self.threshold = np.array(threshold, dtype=float)
        self.left = np.array(left, dtype=np.intp)
        self.right = np.array(right, dtype=np.intp)
        self.value = np.array(value, dtype=float)
        self.default_left = np.array(default_left, dtype=bool)
        self.nan_missing = np.array(nan_missing, dtype=bool)
        self.zero_missing = np.array(zero_missing, dtype=bool)
        self.base = float(self.value[self.roots].sum())

    def _walk(self, x: np.ndarray, credit: np.ndarray | None) -> np.ndarray:
        rows = np.arange(x.shape[0])[:, None]
        node = np.broadcast_to(self.roots, (x.shape[0], self.roots.size)).copy()
        while True:
            f = self.feature[node]
            inner = f >= 0
            if not inner.any():
                return node
            v = x[rows, np.where(inner, f, 0)]
            nan = np.isnan(v)
            v0 = np.where(nan, 0.0, v)
            missing = (nan & self.nan_missing[node]) | (self.zero_missing[node] & (v0 == 0.0))
            go_left = np.where(missing, self.default_left[node], v0 <= self.threshold[node])
            child = np.where(go_left, self.left[node], self.right[node])
            if credit is not None:
                gain = np.where(inner, self.value[child] - self.value[node], 0.0)
                for r in range(x.shape[0]):
                    np.add.at(credit[r], f[r][inner[r]], gain[r][inner[r]])
            node = child

    def scores(self, x: np.ndarray) -> np.ndarray:
        return self.value[self._walk(x, None)].sum(axis=1)

    def contributions(self, x: np.ndarray) -> np.ndarray:
        """Per row of ``x``, each feature's share of the score (rows × features)."""
        credit = np.zeros((x.shape[0], self.n))
        self._walk(x, credit)
        return credit


# maxsize 8: chosen by hand (a memo's size changes speed, never a result).
@lru_cache(maxsize=8)
def _tree_paths(booster) -> TreePaths:
    return TreePaths(booster)


def tree_paths(booster) -> TreePaths:
    """``TreePaths`` of a booster, built once per booster."""
    return _tree_paths(booster)


def _near_guide(reps: Sequence[Candidate], guide: tuple[float, float] | None
                ) -> list[int] | None:
    if guide is None:
        return None
    from geoparser.distance import haversine_km

    placed = [i for i, c in enumerate(reps) if c.has_point]
    if not placed:
        return None
    d = haversine_km(np.full(len(placed), guide[0]), np.full(len(placed), guide[1]),
                   np.array([reps[i].lat for i in placed]),
                   np.array([reps[i].lon for i in placed]))
    keep = [i for i, km in zip(placed, d.tolist(), strict=True) if km <= GUIDE_RADIUS_KM]
    return keep or None


__all__ = ["ALL_COLUMNS", "CONTEXT_ONLY_FEATURES", "GUIDE_RADIUS_KM", "HOME_FEATURES",
           "LearnedPolicy", "MODEL_FEATURES", "MODEL_PATH", "RANKER_FEATURES", "load_model",
           "model_rows"]
