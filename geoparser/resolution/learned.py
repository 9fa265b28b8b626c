"""The ``learned`` policy: candidates ranked by a LightGBM LambdaRank model over ``features``.

The model (``geoparser/data/ranker.txt``, LightGBM's text format) was trained by
``make train-ranker`` on the four public corpora (see ``docs/resolution.md``); it loads offline,
once per process. Each candidate gets the model's score; the highest wins, ties going to the
most populous. The reason gives the score, the runner-up and the features whose contributions
(TreeSHAP, in score units) most separated the two, e.g. "ranker score 2.31 of 12 places, vs
Galway County 0.42: area_with_town +1.20, population_gap +0.35".

A guide point (a photo's known location) is evidence the corpora never had, so it is not a
feature: when given, only candidates within ``GUIDE_RADIUS_KM`` of it are ranked, if any are.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

from geoparser.model import Candidate, Mention, Resolution
from geoparser.resolution.base import POLICIES, ResolutionContext, population_key
from geoparser.resolution.features import FEATURES, FeatureExtractor

MODEL_PATH = Path(__file__).resolve().parent.parent / "data" / "ranker.txt"
GUIDE_RADIUS_KM = 100.0


@lru_cache(maxsize=4)
def load_model(path: Path = MODEL_PATH):
    """The LightGBM booster at ``path``, checked to expect exactly ``features.FEATURES``."""
    import lightgbm

    from geoparser.errors import UsageError

    if not path.is_file():
        raise UsageError(f"{path}: ranker model missing (run `make train-ranker`)")
    booster = lightgbm.Booster(model_file=str(path))
    if tuple(booster.feature_name()) != FEATURES:
        raise UsageError(f"{path}: ranker model was trained on other features than "
                         f"geoparser.resolution.features.FEATURES (run `make train-ranker`)")
    return booster


@POLICIES.register("learned")
class LearnedPolicy:
    """Highest ranker score; see the module docstring."""

    name = "learned"
    uses_context = True

    def __init__(self, model: object | None = None, model_path: str | Path | None = None
                 ) -> None:
        self._model = model
        self._path = Path(model_path) if model_path else MODEL_PATH
        self.extractor = FeatureExtractor()

    @property
    def model(self):
        if self._model is None:
            self._model = load_model(self._path)
        return self._model

    def choose(
        self, mention: Mention, candidates: Sequence[Candidate], context: ResolutionContext
    ) -> Resolution:
        if not candidates:
            return Resolution(mention, None, 0, self.name, "no candidate in the gazetteer")
        reps, x = self.extractor.rows(mention, candidates, context)
        keep = _near_guide(reps, context.guide)
        if keep is not None:
            reps, x = [reps[i] for i in keep], x[keep]
        if len(reps) == 1:
            return Resolution(mention, reps[0], len(candidates), self.name,
                              "the only place" + (" near the guide" if keep else ""))
        scores = self.model.predict(x, num_threads=1)
        order = sorted(range(len(reps)), key=lambda i: (scores[i], population_key(reps[i])),
                       reverse=True)
        best, second = order[0], order[1]
        contrib = self.model.predict(x[[best, second]], pred_contrib=True, num_threads=1)
        diff = contrib[0, :-1] - contrib[1, :-1]
        top = [i for i in np.argsort(-diff)[:3] if diff[i] > 0.005]
        why = ", ".join(f"{FEATURES[i]} {diff[i]:+.2f}" for i in top) or "tie"
        near = " near the guide" if keep else ""
        reason = (f"ranker score {scores[best]:.2f} of {len(reps)} places{near}, vs "
                  f"{reps[second].name} {scores[second]:.2f}: {why}")
        return Resolution(mention, reps[best], len(candidates), self.name, reason)


def _near_guide(reps: Sequence[Candidate], guide: tuple[float, float] | None
                ) -> list[int] | None:
    if guide is None:
        return None
    from geoparser.resolution.features import _haversine

    placed = [i for i, c in enumerate(reps) if c.has_point]
    if not placed:
        return None
    d = _haversine(np.full(len(placed), guide[0]), np.full(len(placed), guide[1]),
                   np.array([reps[i].lat for i in placed]),
                   np.array([reps[i].lon for i in placed]))
    keep = [i for i, km in zip(placed, d.tolist(), strict=True) if km <= GUIDE_RADIUS_KM]
    return keep or None


__all__ = ["GUIDE_RADIUS_KM", "LearnedPolicy", "MODEL_PATH", "load_model"]
