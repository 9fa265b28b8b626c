"""How sure a placed toponym is: the probability that its point lies within 161 km of the right
one, learned from the evidence the policy already weighed.

For each policy with a fitted model (``geoparser/data/confidence.json``, written by ``make
train-confidence``), every resolution that has a point gets a ``confidence``: a LightGBM
classifier over the features below, calibrated by Platt scaling on corpus-held-out
predictions. The reason then says the two pieces of evidence that moved it most, so a
low-confidence point can be checked.

Features of one resolution (``CONFIDENCE_FEATURES``):

* ``places`` log1p of the number of distinct places of the name; ``margin`` the policy's
  lead of the chosen place over the next (context or ranker score points; orders of magnitude
  of population), NaN with one place;
* ``runner_up_km`` log1p of the distance to the next place in the policy's order, and
  ``agreeing`` the share of the other places within 161 km of the chosen one (a county and
  its town agree; Paris and Paris, Texas do not), both NaN with one place;
* ``extent`` log10 of the chosen place's area in km² (a country's own, a first- or
  second-level area's country's area over its number of such areas, a continent's; 0 for a
  town, NaN for other features): sources put one point for a large country or state hundreds
  of km apart, so a right choice there is often judged wrong by another source's point;
* ``document_country`` / ``document_km``: the share of the places chosen for the document's
  other names that lie in the chosen place's country, and log1p of the km to the nearest of
  them (a lone namesake abroad among a story's local places);
* the chosen place's own evidence (``ROW_FEATURES`` of ``features.FEATURES``, prefixed
  ``chosen_``): its population and its lead over its namesakes, whether it is a town, the
  containers named beside it, its co-mentions and distance to the document's focus, whether
  it is known only by an alternate name, how many places bear the name.

Not among them, because no tree of the three fitted models ever split on them (the shipped
models were pruned to this list, not retrained: docs/confidence.md): the mention's words and
capitals, and the chosen place's ``known_population``, ``capital``, ``admin_seat``,
``country``, ``first_level``, ``second_level``, ``other_feature``, ``area_with_town``,
``town_in_area``, ``area_cue``, ``city_cue``, ``country_named``, ``focus_country``,
``focus_first_level``, ``placeable``, ``imputed_abroad``, ``home_first_level``,
``home_country`` (the policies still weigh those they read).

The recogniser's own probability is not among them: the shipped recognisers were trained on
the corpora this model is fitted on, so their scores there are not those of unseen text.

A toponym whose confidence is below a chosen minimum (``--min-confidence``) is kept as
recognised but left unplaced: better no point on a map than a wrong one shown as right. A
country, continent, region, sea or ocean, or a feature Natural Earth labels on a world map,
is placed whatever its confidence (``placed_whatever``): its point is a convention that
sources set hundreds of km apart, so a low confidence there says another source may put the
point far away, not that the place is wrong (held out, no country reading in a document fell
below the chosen minimum; alone, "Snow across Canada." is 0.71 because GeoVirus puts
Canada's point 1,035 km from GeoNames'). So is a natural feature of the kind its name says
("Poyang Lake" read as the lake): the model, fitted on news that names few lakes, judges it a
small place of unknown size. None of the corpora the model is fitted on groups its documents
by paper (of the shared corpora only LGL's development half does), resolves them as a
collection or gives a guide point, so the model never learned what such evidence is worth: in
such documents the reason says so, and only a minimum the user asked for applies
(``unfitted_evidence``).
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

from geoparser.distance import haversine_km
from geoparser.gazetteers.name_forms import natural_code
from geoparser.model import Candidate, Resolution
from geoparser.resolution.base import REGION_CODES, ResolutionContext, entity_key
from geoparser.resolution.boosted_trees import predict_stacked
from geoparser.resolution.document_places import DocumentPlaces, document_agreement
from geoparser.resolution.feature_names import INDEX
from geoparser.resolution.features import FeatureExtractor
from geoparser.resolution.place_facts import is_country_level

MODEL_PATH = Path(__file__).resolve().parent.parent / "data" / "confidence.json"
#: What "right" means for the probability: the gold point within this distance. Source: the
#: accuracy@161 km (100 miles) of the geoparsing literature, the distance the scorers use.
RIGHT_KM = 161.0
#: Threads LightGBM predicts with: a chunk's rows at a time (a short chunk's few), where
#: starting threads costs more CPU than they save (measured: a 12-row call 0.21 ms CPU on one
#: thread against 0.59 ms with LightGBM's default threads, `python -m
#: benchmarks.speed.resolution`, 2026-11-28, 2 cores); a row's score is the same either way.
PREDICT_THREADS = 1
#: The chosen place's evidence the model reads: not the context policy's own
#: (``feature_names.CONTEXT_POLICY_FEATURES``), which reach it through the score's margin, nor
#: those no fitted tree splits on (the module's docstring).
ROW_FEATURES: tuple[str, ...] = (
    "log_population", "population_gap", "foreign_gap", "population_rank", "populated",
    "contained", "container_named", "same_country", "same_first_level", "top_same_country",
    "top_same_first_level", "first_level_named", "near_km", "focus_km", "alternate_name",
    "candidates", "others", "alias_gap",
)
_ROW_COLUMNS = [INDEX[f] for f in ROW_FEATURES]
CONFIDENCE_FEATURES: tuple[str, ...] = (
    "places", "margin", "runner_up_km", "agreeing", "extent",
    "document_country", "document_km",
    *(f"chosen_{f}" for f in ROW_FEATURES),
)
#: How each feature reads in a reason: (when it raised the confidence, when it lowered it).
_WORDS: dict[str, tuple[str, str]] = {
    "places": ("few places bear the name", "many places bear the name"),
    "margin": ("a clear lead over the next place", "a close runner-up"),
    "runner_up_km": ("the other readings lie near it", "the other readings lie far away"),
    "agreeing": ("the other readings lie near it", "the other readings lie far away"),
    "extent": ("a place one point fits", "a large area whose point is rough"),
    "document_country": ("in the country of the other places chosen",
                         "outside the country of the other places chosen"),
    "document_km": ("near the other places chosen", "far from the other places chosen"),
    "chosen_log_population": ("a large place", "a small place"),
    "chosen_population_gap": ("far larger than its namesakes", "not larger than its namesakes"),
    "chosen_foreign_gap": ("far larger than its namesakes abroad",
                           "not larger than its namesakes abroad"),
    "chosen_populated": ("a town", "not a town"),
    "chosen_contained": ("the text names its country or state",
                         "the text names another country or state"),
    "chosen_container_named": ("a country or state follows the name",
                               "no country or state follows the name"),
    "chosen_same_country": ("other places named lie in its country",
                            "few places named lie in its country"),
    "chosen_same_first_level": ("other places named lie in its area",
                                "few places named lie in its area"),
    "chosen_top_same_country": ("other places named lie in its country",
                                "few places named lie in its country"),
    "chosen_first_level_named": ("its state is named", "its state is not named"),
    "chosen_near_km": ("near the other places named", "far from the other places named"),
    "chosen_focus_km": ("near the document's focus", "far from the document's focus"),
    "chosen_alternate_name": ("its own name", "known by this name only as an alternate"),
    "chosen_candidates": ("few places bear the name", "many places bear the name"),
    "chosen_others": ("many other places named", "few other places named"),
}


def describe(feature: str, raised: bool) -> str:
    """A feature's effect on a confidence, in words."""
    words = _WORDS.get(feature)
    if words is None:
        name = feature.removeprefix("chosen_").replace("_", " ")
        return f"{name} ({'for' if raised else 'against'})"
    return words[0 if raised else 1]


@dataclass(frozen=True)
class FittedModel:
    """One policy's classifier, its Platt calibration ``1 / (1 + exp(-(a·s + b)))`` of the
    classifier's raw score ``s``, and the minimum confidence chosen for it."""

    booster: Any
    a: float
    b: float
    min_confidence: float = 0.0


@lru_cache(maxsize=2)
def load_models(path: Path = MODEL_PATH) -> dict[str, FittedModel]:
    """The fitted models by policy name; an absent file gives none (no confidence)."""
    from geoparser.errors import ModelNotFoundError
    from geoparser.resolution.boosted_trees import import_lightgbm

    lightgbm = import_lightgbm()

    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if tuple(data["features"]) != CONFIDENCE_FEATURES:
            raise ValueError("features")
        out = {}
        for policy, m in data["models"].items():
            a, b = float(m["platt"][0]), float(m["platt"][1])
            minimum = float(m["min_confidence"])
            if not (math.isfinite(a) and math.isfinite(b) and 0.0 <= minimum <= 1.0):
                raise ValueError("platt or min_confidence")
            booster = lightgbm.Booster(model_str=m["booster"])
            if booster.feature_name() != list(CONFIDENCE_FEATURES):
                raise ValueError("booster features")
            out[str(policy)] = FittedModel(booster, a, b, minimum)
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError,
            lightgbm.basic.LightGBMError) as err:
        # 80 characters of the error shown: chosen by hand.
        raise ModelNotFoundError(f"confidence model {path} is damaged or of another version "
                                 f"({type(err).__name__}: {str(err)[:80]}); rebuild it with "
                                 "`make train-confidence`") from None
    return out


def policies_with_confidence(path: Path = MODEL_PATH) -> list[str]:
    """The policies a confidence model is fitted for."""
    return sorted(load_models(path))


def score_margin(r: Resolution) -> float:
    """The policy's lead of the chosen place over the next, in its own score's units (orders
    of magnitude of population, km, context or ranker points); NaN with one place."""
    scores = r.scores
    if len(scores) < 2 or scores[0] is None or scores[1] is None:
        return math.nan
    if r.score_name == "population":
        return math.log10(max(scores[0], 0) + 1) - math.log10(max(scores[1], 0) + 1)
    if r.score_name and r.score_name.startswith("km"):
        return float(scores[1]) - float(scores[0])
    return float(scores[0]) - float(scores[1])


def feature_row(r: Resolution, context: ResolutionContext, extractor: FeatureExtractor,
                document: Sequence[Resolution] | DocumentPlaces = (),
                memo: dict[tuple, np.ndarray] | None = None) -> np.ndarray | None:
    """The resolution's ``CONFIDENCE_FEATURES`` among the ``document``'s resolutions, or
    ``None`` when it has no point to be sure of (no candidate, or one without coordinates).
    ``memo``, one document's: a name said again with the same evidence rows and the same
    choice has the same row."""
    chosen = r.candidate
    if chosen is None or not chosen.has_point:
        return None
    weighed = extractor.rows(r.mention, r.candidates or (chosen,), context)
    said = (id(weighed), r.mention.text, id(chosen), tuple(map(id, r.ranked)), r.scores,
            r.score_name)
    if memo is not None and said in memo:
        return memo[said]
    reps, rows = weighed
    key = entity_key(chosen)
    own = next((i for i, c in enumerate(reps) if entity_key(c) == key), None)
    row = rows[own][_ROW_COLUMNS] if own is not None else np.full(len(ROW_FEATURES), np.nan)
    others = [c for c in (r.ranked or reps) if entity_key(c) != key]
    placed = [c for c in others if c.has_point]
    if placed:
        km = haversine_km(np.full(len(placed), chosen.lat), np.full(len(placed), chosen.lon),
                        np.array([c.lat for c in placed]), np.array([c.lon for c in placed]))
        runner_up = math.log1p(float(km[0]))
        agreeing = float(np.mean(km <= RIGHT_KM))
    else:
        runner_up = agreeing = math.nan
    head = [
        math.log1p(len(reps)), score_margin(r), runner_up, agreeing, extent(chosen),
        *document_agreement(r, document),
    ]
    out = np.concatenate([np.asarray(head, dtype=float), row.astype(float)])
    if memo is not None:
        memo[said] = out
    return out


def check_min_confidence(value: float | None) -> None:
    """A minimum confidence is a probability: from 0 to 1."""
    from geoparser.errors import UsageError

    if value is not None and not (isinstance(value, int | float)
                                  and not isinstance(value, bool) and 0.0 <= value <= 1.0):
        raise UsageError(f"--min-confidence must be a probability from 0 to 1, got {value!r}")


#: Continents' areas are near this many km² (Europe 10 million, Asia 44 million). Chosen by
#: hand between those.
CONTINENT_KM2 = 3.0e7


def extent(c: Candidate) -> float:
    """log10(area in km² + 1) of a place, as the ``extent`` feature reads it."""
    from geoparser.gazetteers.regions import area_km2, country_km2

    code = c.feature_code or ""
    if code == "CONT":
        km2: float | None = CONTINENT_KM2
    elif code.startswith("PCL"):
        km2 = country_km2().get(c.country_code or "")
    elif code in ("ADM1", "ADM2"):
        km2 = area_km2().get((c.country_code or "", code))
    elif c.feature_class == "P" or (c.feature_class is None and code == ""):
        km2 = 0.0
    else:
        km2 = None
    return math.log10(km2 + 1) if km2 is not None else math.nan


def calibrated(raw: np.ndarray, a: float, b: float) -> np.ndarray:
    """Platt scaling of raw classifier scores into probabilities."""
    return 1.0 / (1.0 + np.exp(-(a * raw + b)))


class ConfidenceEstimator:
    """Adds ``confidence`` (and why) to a policy's resolutions, and abstains below
    ``min_confidence`` (``None``: the minimum chosen for the policy's model). ``model``, when
    given, is applied instead of the policy's model at ``path``: training stacks a model on
    confidences from one fitted without the corpus it reads (``benchmarks.training``)."""

    def __init__(self, policy: Any, min_confidence: float | None = None,
                 path: Path = MODEL_PATH, model: FittedModel | None = None) -> None:
        self.model = model or load_models(path).get(getattr(policy, "name", ""))
        self.extractor = getattr(policy, "extractor", None) or FeatureExtractor()
        check_min_confidence(min_confidence)
        #: A minimum asked for applies everywhere; the model's own only where the evidence
        #: is of the kinds it was fitted on (``unfitted_evidence``).
        self.asked = min_confidence is not None
        if min_confidence is None:
            min_confidence = self.model.min_confidence if self.model else 0.0
        self.min_confidence = min_confidence

    @property
    def available(self) -> bool:
        return self.model is not None

    def apply(self, resolutions: Sequence[Resolution], context: ResolutionContext
              ) -> list[Resolution]:
        """The document's resolutions with their confidences (one model call a document)."""
        asked = self.ask(resolutions, context)
        return self.answer(resolutions, context, asked, self.predict([asked[1]])[0])

    def ask(self, resolutions: Sequence[Resolution], context: ResolutionContext
            ) -> tuple[list[tuple[int, int]], np.ndarray]:
        """Which of the document's resolutions have a point to be sure of, each with the
        index of its row; a row shared by a name said again is asked for once."""
        if self.model is None:
            return [], np.zeros((0, len(CONFIDENCE_FEATURES)))
        known, memo = DocumentPlaces(resolutions), {}
        rows = [feature_row(r, context, self.extractor, known, memo) for r in resolutions]
        first: dict[int, int] = {}
        todo = [(i, first.setdefault(id(x), len(first))) for i, x in enumerate(rows)
                if x is not None]
        if not todo:
            return [], np.zeros((0, len(CONFIDENCE_FEATURES)))
        unique: list[np.ndarray] = []
        for i, j in todo:
            if j == len(unique):  # the row's first resolution
                unique.append(rows[i])
        return todo, np.vstack(unique)

    def predict(self, xs: Sequence[np.ndarray]) -> list[tuple[np.ndarray, np.ndarray]]:
        """Raw scores and contributions of each of several documents' ``ask`` rows, in one
        call of each kind: a row's answer is the same in any batch, and a call's set-up cost
        as much as a document's dozen rows (``benchmarks.speed.resolution``)."""
        if self.model is None or not sum(len(x) for x in xs):
            return [(np.zeros(0), np.zeros((0, 0))) for _ in xs]
        booster = self.model.booster
        return predict_stacked(
            xs, partial(booster.predict, raw_score=True, num_threads=PREDICT_THREADS),
            lambda x: booster.predict(x, pred_contrib=True, num_threads=PREDICT_THREADS)[:, :-1])

    def answer(self, resolutions: Sequence[Resolution], context: ResolutionContext,
               asked: tuple[list[tuple[int, int]], np.ndarray],
               predicted: tuple[np.ndarray, np.ndarray]) -> list[Resolution]:
        """The resolutions with the confidences ``predict`` gave their ``ask`` rows."""
        todo, (raw, contrib) = asked[0], predicted
        if not todo:
            return list(resolutions)
        probs = calibrated(raw, self.model.a, self.model.b)
        unfitted = unfitted_evidence(context)
        minimum = self.min_confidence if self.asked or not unfitted else 0.0
        out = list(resolutions)
        notes: dict[int, tuple[float, str]] = {}  # by row: a name said again says the same
        for i, j in todo:
            if j not in notes:
                # Probabilities to 3 decimals: chosen by hand.
                p = round(float(probs[j]), 3)
                notes[j] = p, _note(p, contrib[j], unfitted, minimum)
            out[i] = self._with(out[i], *notes[j], minimum)
        return out

    def _with(self, r: Resolution, p: float, note: str, minimum: float) -> Resolution:
        if p < minimum and not placed_whatever(r.candidate, r.mention.text):
            return abstained(r, p, minimum, note)
        return replace(r, confidence=p, reason=f"{r.reason}; {note}")


def _note(p: float, contrib: np.ndarray, unfitted: str, minimum: float = 0.0) -> str:
    """"confidence 0.49 (a small place, a close runner-up)": the two features that moved it
    most, and the evidence the model was not fitted on."""
    order = np.argsort(-np.abs(contrib), kind="stable")[:2]
    why = [describe(CONFIDENCE_FEATURES[j], contrib[j] > 0)
           for j in order.tolist() if contrib[j] != 0]
    if unfitted:
        why.append(f"not fitted on {unfitted}")
    return f"confidence {beside_minimum(p, minimum)}" + (f" ({', '.join(why)})" if why else "")


def placed_whatever(c: Candidate | None, written: str = "") -> bool:
    """Whether ``c`` is placed whatever its confidence: a place whose point is a convention
    (``point_by_convention``), or a natural feature of the kind its name as ``written`` says
    ("Poyang Lake" read as a lake, "Euphrates River" as a river): the text names what it is,
    and the gazetteer has it. The span decision's marker confidence sees that kind as a
    feature, so it exempts only ``point_by_convention``."""
    return point_by_convention(c) or (c is not None and _of_the_kind_written(c, written))


def point_by_convention(c: Candidate | None) -> bool:
    """Whether ``c``'s point is a convention sources disagree on: a country, continent, region,
    sea or ocean, or a natural feature Natural Earth labels on a world map (scale rank 2 or
    less: the Sahara, the Alps). Sources set such points hundreds of km apart, so a low
    confidence there says another source may put the point far away, not that the place is
    wrong. Not an airport, however large: its point is exact, so its confidence is the
    choice's."""
    if c is None:
        return False
    return is_country_level(c) or c.feature_code in REGION_CODES or (
        c.scale_rank is not None and c.scale_rank <= 2 and c.feature_class != "S")


#: GeoNames' classes of natural features: water, terrain, forest.
NATURAL_CLASSES = frozenset({"H", "T", "V"})


def _of_the_kind_written(c: Candidate, written: str) -> bool:
    """Whether ``c`` is a natural feature of the kind ``written`` names ("Lake", "River",
    "Islands"): a lake for a lake, islands for an island, and so on."""
    said = natural_code(written) if written else None
    return bool(said and c.feature_code and c.feature_class in NATURAL_CLASSES
                and c.feature_code.rstrip("S") == said.rstrip("S"))


def unfitted_evidence(context: ResolutionContext) -> str:
    """The kinds of evidence of ``context`` that no corpus the model is fitted on has, so it
    was not fitted on them: a group's home region, a collection's toponyms, a guide point (""
    when there is none). Where it may have decided, the confidence underrates the choice, and
    only a minimum the user asked for is applied."""
    kinds = [k for k, present in (("grouped documents", context.home is not None),
                                  ("collections", bool(context.collection)),
                                  ("guide points", context.guide is not None)) if present]
    return " or ".join(kinds)


def beside_minimum(p: float, minimum: float) -> str:
    """``p`` with two decimals, or as many more as it takes not to read as the ``minimum`` or
    above it when it is below: "0.195", not "0.20", is below a minimum of 0.2."""
    # up to 6 decimals: chosen by hand (a probability closer than that to the minimum is shown
    # as the minimum's own digits and still read as below it by its wording).
    for digits in range(2, 7):
        shown = f"{p:.{digits}f}"
        if p >= minimum or float(shown) < minimum:
            return shown
    return repr(p)


def abstained(r: Resolution, p: float, minimum: float, note: str) -> Resolution:
    """``r`` left unplaced: its confidence ``p`` is below ``minimum``; the reason keeps the
    place it would have chosen."""
    c: Candidate = r.candidate  # type: ignore[assignment]
    where = ", ".join(x for x in (c.name, c.admin1_name, c.country_code) if x)
    return replace(r, candidate=None, confidence=p,
                   reason=f"not placed: {note} is below the minimum {minimum:g}; the best "
                          f"guess was {where} ({r.reason})")
