"""Keep or drop each resolved span, and say how likely its marker is right.

``SpanDecision`` reads the fitted models (``geoparser/data/span_decision.json``, written by
``make train-decision``): two LightGBM classifiers over ``features.SPAN_FEATURES``, each
calibrated by Platt scaling on out-of-fold scores. ``span_probability`` is the probability
that a span is a toponym at all; a span below ``keep_threshold`` is dropped (or, asked for,
kept and marked ``rejected``). ``marker_confidence`` is the probability that the span is a
toponym *and* its point lies within 161 km of the right one; a kept toponym whose
``marker_confidence`` is below the minimum is output unplaced, its best guess in the reason
(a country, continent, region, sea or ocean stays placed: ``confidence.point_by_convention``;
a river or lake named by its kind does not, its marker confidence having seen that kind).
A toponym left without a marker (no point, or its marker under the minimum) adds nothing to
the map, so it is output only at ``keep_unplaced_threshold`` or above, a threshold chosen to
cost recall alone.
A toponym whose point lies 1,000 km or more from the place its text says holds it is never
drawn (``stated_apart``: a fixed judgement beside the models, as ``lexical`` is for spans).
``confidence`` keeps its meaning: how sure the point is, given that the span is a toponym.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

import numpy as np

from geoparser.decision.features import PROPOSERS, SPAN_FEATURES, feature_rows
from geoparser.model import Mention, ParsedDocument, Rejection, Resolution
from geoparser.resolution.boosted_trees import predict_stacked
from geoparser.resolution.confidence import (
    PREDICT_THREADS,
    abstained,
    beside_minimum,
    calibrated,
    check_min_confidence,
    point_by_convention,
)
from geoparser.shipped_taggers import judged_alike

MODEL_PATH = Path(__file__).resolve().parent.parent / "data" / "span_decision.json"


@dataclass(frozen=True)
class CalibratedModel:
    """A classifier and the Platt calibration ``1 / (1 + exp(-(a·s + b)))`` of its raw score."""

    booster: Any
    a: float
    b: float

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        return self.calibrated(self.booster.predict(x, raw_score=True,
                                                    num_threads=PREDICT_THREADS))

    def calibrated(self, raw: np.ndarray) -> np.ndarray:
        """Probabilities of the classifier's raw scores."""
        return calibrated(raw, self.a, self.b)


@dataclass(frozen=True)
class DecisionModels:
    """The span model, the marker model and the thresholds chosen with them."""

    span: CalibratedModel
    marker: CalibratedModel
    keep_threshold: float
    min_marker_confidence: float
    #: A span left without a marker is kept only at this span probability or above
    #: (``keep_threshold`` at least).
    keep_unplaced_threshold: float
    #: The recogniser whose proposals, and the policy whose choices, the models were fitted on.
    recogniser: str
    policy: str


def _calibrated_model(entry: dict[str, Any]) -> CalibratedModel:
    from geoparser.resolution.boosted_trees import import_lightgbm

    lightgbm = import_lightgbm()

    a, b = float(entry["platt"][0]), float(entry["platt"][1])
    if not (math.isfinite(a) and math.isfinite(b)):
        raise ValueError("platt")
    booster = lightgbm.Booster(model_str=entry["booster"])
    if booster.feature_name() != list(SPAN_FEATURES):
        raise ValueError("booster features")
    return CalibratedModel(booster, a, b)


def thresholds_of(data: dict[str, Any]) -> tuple[float, float, float]:
    """A model file's span threshold, minimum marker confidence and unplaced threshold (a
    file without the last: the span threshold); ``ValueError`` when they are out of order or
    range."""
    keep, minimum = float(data["keep_threshold"]), float(data["min_marker_confidence"])
    unplaced = float(data.get("keep_unplaced_threshold", keep))
    if not (0.0 <= keep <= unplaced < 1.0 and 0.0 <= minimum < 1.0):
        raise ValueError("thresholds")
    return keep, minimum, unplaced


@lru_cache(maxsize=2)
def load_decision(path: Path = MODEL_PATH) -> DecisionModels | None:
    """The fitted models; ``None`` when the file is absent (no decision is made)."""
    from geoparser.errors import ModelNotFoundError
    from geoparser.resolution.boosted_trees import import_lightgbm

    lightgbm = import_lightgbm()

    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if tuple(data["features"]) != SPAN_FEATURES or tuple(data["proposers"]) != PROPOSERS:
            raise ValueError("features")
        return DecisionModels(_calibrated_model(data["span"]), _calibrated_model(data["marker"]),
                              *thresholds_of(data), str(data["recogniser"]),
                              str(data["policy"]))
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError,
            lightgbm.basic.LightGBMError) as err:
        # 80 characters of the error shown: chosen by hand.
        raise ModelNotFoundError(f"span decision model {path} is damaged or of another version "
                                 f"({type(err).__name__}: {str(err)[:80]}); rebuild it with "
                                 "`make train-decision`") from None


class SpanDecision:
    """Keeps, drops and unplaces resolved spans by the fitted models (see the module)."""

    def __init__(self, keep_rejected: bool = False, path: Path = MODEL_PATH) -> None:
        self.models = load_decision(path)
        self.keep_rejected = keep_rejected

    @property
    def available(self) -> bool:
        return self.models is not None

    def decide(self, parsed: ParsedDocument, resolutions: Sequence[Resolution],
               min_confidence: float | None = None) -> tuple[list[Mention], list[Resolution]]:
        """The document's kept mentions and resolutions, each with its probabilities; a kept
        toponym whose marker confidence is below ``min_confidence`` (``None``: the minimum
        chosen with the models) is unplaced."""
        x = self.rows(parsed, resolutions)
        return self.answer(resolutions, x, self.predict([x])[0], min_confidence)

    def rows(self, parsed: ParsedDocument, resolutions: Sequence[Resolution]) -> np.ndarray:
        """The document's feature rows (``features.feature_rows``), none without models."""
        if self.models is None or not resolutions:
            return np.zeros((0, len(SPAN_FEATURES)))
        return feature_rows(parsed, resolutions)

    def predict(self, xs: Sequence[np.ndarray]) -> list[tuple[np.ndarray, np.ndarray]]:
        """The span and marker models' raw scores of several documents' ``rows``, in one call
        a model: a row's score is the same in any batch, and a call's set-up cost as much as
        a document's dozen rows (``benchmarks.speed.resolution``)."""
        if self.models is None or not sum(len(x) for x in xs):
            return [(np.zeros(0), np.zeros(0)) for _ in xs]
        return predict_stacked(xs, *(partial(m.booster.predict, raw_score=True,
                                             num_threads=PREDICT_THREADS)
                                     for m in (self.models.span, self.models.marker)))

    def answer(self, resolutions: Sequence[Resolution], x: np.ndarray,
               raw: tuple[np.ndarray, np.ndarray], min_confidence: float | None = None
               ) -> tuple[list[Mention], list[Resolution]]:
        """``decide`` given the document's ``rows`` and the raw scores ``predict`` gave them."""
        if self.models is None or not resolutions:
            return [r.mention for r in resolutions], list(resolutions)
        check_min_confidence(min_confidence)
        minimum = (min_confidence if min_confidence is not None
                   else self.models.min_marker_confidence)
        vetoed = lexical(x)
        span_p = span_probabilities(x, self.models.span.calibrated(raw[0]), vetoed)
        marker_p = marker_probabilities(x, self.models.marker.calibrated(raw[1]))
        out: list[Resolution] = []
        for r, ps, pm, veto in zip(resolutions, span_p.tolist(), marker_p.tolist(),
                                   vetoed.tolist(), strict=True):
            placed = r.candidate is not None and r.candidate.has_point
            # Probabilities to 3 decimals: chosen by hand.
            decided = replace(r, span_probability=round(ps, 3),
                              marker_confidence=round(pm, 3) if placed else None)
            drawable = placed and (pm >= minimum or point_by_convention(r.candidate))
            if ps < self.models.keep_threshold or (
                    not drawable and ps < self.models.keep_unplaced_threshold):
                if not self.keep_rejected:
                    continue
                decided = replace(decided, rejected=True, rejection=(
                    Rejection.NOT_THE_PLACE if veto else Rejection.NOT_A_TOPONYM),
                    reason=f"{r.reason}; rejected: " + (
                    "a people's adjective in a thing's name or a language" if veto else
                    f"the probability that this is a toponym is {ps:.2f}" + (
                        "" if ps < self.models.keep_threshold else
                        f", and with no marker to draw it is kept only at "
                        f"{self.models.keep_unplaced_threshold}")))
            elif placed and not drawable:
                decided = unplaced(decided, minimum)
            out.append(decided)
        return [r.mention for r in out], out


_PEOPLE = SPAN_FEATURES.index("people_word")
_NOT_THE_PLACE = [SPAN_FEATURES.index(f) for f in ("thing_after", "language_cue")]


def lexical(x: np.ndarray) -> np.ndarray:
    """Rows of a people's adjective in a thing's lexicalised name or a language ("French
    toast", "speaks fluent German"): never the place. The shared corpora hold too few such
    spans for the models to learn it (GeoWebNews: 1 language, none of these compounds), so
    the decision holds it as a fixed judgement beside the models."""
    return (x[:, _PEOPLE] == 1) & (x[:, _NOT_THE_PLACE] == 1).any(axis=1)


def span_probabilities(x: np.ndarray, p: np.ndarray, vetoed: np.ndarray | None = None
                       ) -> np.ndarray:
    """The span model's calibrated probabilities ``p`` of rows ``x`` as the decision uses
    them: 0 for a row the lexical judgement vetoes (``lexical``; ``vetoed``, when the caller
    has it already). Parse and training both read them here, so the fixed judgement is
    applied the same way in both."""
    return np.where(lexical(x) if vetoed is None else vetoed, 0.0, p)


_STATED_KM = SPAN_FEATURES.index("stated_km")
#: How far from the place the text says holds it a marker is never drawn ("Eastleigh in
#: Nairobi" placed in England): chosen by hand from the training rows of `make
#: train-decision` (docs/span-decision.md): of the 41 markers of the corpora with points
#: placed 1,000 km or more from their stated container, 5 were right; the models cannot
#: learn it from so few (each leaf holds 40 rows at least).
STATED_APART_KM = 1000.0


def stated_apart(x: np.ndarray) -> np.ndarray:
    """Rows whose point lies ``STATED_APART_KM`` or more from the place the text says holds
    it (``place_context.stated_km``): "Eastleigh in Nairobi" placed in England, "the Fergus
    at Ennis" placed in Ontario."""
    return np.nan_to_num(x[:, _STATED_KM], nan=0.0) >= STATED_APART_KM


def marker_probabilities(x: np.ndarray, p: np.ndarray) -> np.ndarray:
    """The marker model's calibrated probabilities ``p`` of rows ``x`` as the decision uses
    them: 0 for a row whose point lies far from the place its text says holds it
    (``stated_apart``): too few rows say so for the models to learn it. Parse and training
    both read them here, as they read ``span_probabilities``."""
    return np.where(stated_apart(x), 0.0, p)


def decision_for(recogniser: str, policy: str, keep_rejected: bool = False,
                 path: Path = MODEL_PATH) -> SpanDecision | None:
    """The span decision for ``recogniser``'s spans resolved by ``policy``: the fitted one where
    it was trained on that recogniser's proposals, or on the same composition over the other
    shipped tagger (``shipped_taggers.judged_alike``: the student's ``-orgs`` as the
    default), and that policy's choices (its features read the policy's confidence and
    margin), else none (the toponyms keep the point's confidence and its minimum)."""
    models = load_decision(path)
    if (models is None or not judged_alike(recogniser, models.recogniser)
            or models.policy != policy):
        return None
    return SpanDecision(keep_rejected, path)


def without_demonyms(parsed: ParsedDocument) -> ParsedDocument:
    """``parsed`` without its peoples and peoples' adjectives (``Resolution.demonym``)."""
    gone = {(r.mention.start, r.mention.end) for r in parsed.resolutions if r.demonym}
    if not gone:
        return parsed
    return replace(parsed, mentions=[m for m in parsed.mentions if (m.start, m.end) not in gone],
                   resolutions=[r for r in parsed.resolutions if not r.demonym])


def unplaced(r: Resolution, minimum: float) -> Resolution:
    """``r`` left unplaced: its marker confidence is below ``minimum``; the reason keeps the
    place it would have drawn (``confidence.abstained``, the point's confidence unchanged)."""
    return abstained(r, r.confidence, minimum,  # type: ignore[arg-type]
                     "marker confidence "
                     f"{beside_minimum(r.marker_confidence, minimum)}")  # type: ignore[arg-type]
