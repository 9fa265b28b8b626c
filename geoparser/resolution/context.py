"""The ``context`` policy: population as a prior, corrected by what else the document names.

Every candidate gets a score, the sum of named evidence terms, and the reason lists the terms
that decided. One fixed set of weights (``ContextWeights``), set by reasoning about the error
classes found on the shared corpora and the captions (docs/resolution.md), not fitted to any
corpus (but ``state named``, chosen among five values measured on them); what each is worth
(acc@161 with it removed, halved, doubled, on every shared corpus) is measured by
``benchmarks/accuracy/context_weights.py`` and tabled in docs/resolution.md, "What each
context weight is worth". The evidence comes from ``features`` (shared with the
``learned`` policy):

* ``population``: log10(population + 1) / 7, so a city of 10 million scores 1.0 and a village
  of 1,000 about 0.43; unknown population scores 0. A prior, not a verdict.
* ``feature``: a prior by kind of place: continents and countries +0.6, first-level areas
  +0.35, second-level areas -0.1, other features (seas, mountains) +0.1, populated places 0.
  A bare "Georgia" is the country unless the document says otherwise.
* ``contained``: +2.0 when the text right after the mention is ", Y" or " in Y" and Y names a
  country or first-level area that holds the candidate ("Paris, Texas", "Perth, Scotland"),
  or is a newspaper abbreviation of a US state or Canadian province ("Lancaster, Pa."); or
  the text before it is "the English city of" ("the English city of Salisbury").
* ``holds the place before``: +1.0 for a country or first-level area that holds a reading of
  the toponym right before it and a comma ("Atlanta, Georgia": the state, not the country).
* ``same country``: up to +0.6, the share of the document's other
  toponyms that have a candidate in the candidate's country ("Georgia" next to "Atlanta").
* ``same first-level area``: up to +0.6, the share of the other toponyms whose most populous
  reading lies in the candidate's state or province (the Lancaster among Harrisburg and York),
  as CLIFF's co-location pass.
* ``state named``: up to +1.0 for a town or county whose state or province the document
  names ("Orange County" in a story that says "California"), shared among the states it
  names, when the name has no country among its readings, nor a first-level area in a
  country where a state it names lies or under its own name ("Wales" beside "England" and
  "Washington" stay; Ireland's "Dublin City" does not keep Dublin, Ohio from a story that
  names Ohio); the one
  weight chosen by measurement (0.5 to 2.0, resolution from gold on the shared corpora:
  docs/resolution.md, "A state the story names").
* ``near focus``: up to +0.5, decaying with the distance (scale 300 km) to the document's
  focus, the medoid of the other toponyms' first readings (CLIFF's focus).
* ``prominence``: +0.3 per power of ten beyond the first by which the candidate outnumbers
  every namesake in other countries (capped at +1.0), and ``capital`` +0.5 for a country's
  capital: Moscow in a US story is still Russia's.
* ``bare area``: -0.8 for an area at a bare mention when a town of its name is a city or lies
  near its point (Galway, Kyoto, Washington); ``said area`` / ``said city``: +1.0 when the
  text says "County Galway", "Washington State" or "Galway city" and the candidate is that,
  at this mention or, where the mention says nothing, at another of the story's mentions of
  the name (a state's or city's word only, when they agree; ``story_cues`` 0 turns that off);
  ``said kind``: +1.0 when the text calls the place an airport, a river, an island, a lake,
  a mountain, a valley, a sea or a neighbourhood ("Heathrow airport", "the island of Samos")
  and the candidate is of that kind.
* ``near co-mentions``: up to +0.8, decaying with the median distance (scale 500 km) from the
  candidate to the nearest candidate of each other toponym: the reading that keeps the
  document's places close together wins.
* ``guide``: up to +2.0, decaying with distance to the guide point (scale 100 km), when one is
  given.
* ``unplaceable``: -0.5 for a candidate without coordinates, which no map can show.
  A name with a single place in the gazetteer is that place, with no score.
* ``alternate name``: -0.3 when the mention matches only one of the place's other names
  ("Illinois" as an old name of some town), not its own; such an area also loses its
  imputed population (the Slovenian municipality "Dobrovnik" is no million-strong Dubrovnik).
* ``home region``: +1.0 for a candidate in the first-level area, +0.2 in the country, where
  most of the unambiguous towns and counties of the document's group lie (its ``source``, a
  paper: ``resolution.home``); the reason says when it decided ("Albany driver" in a
  Minnesota paper). It chooses among a name's towns and counties as ``state named`` does.
  Off for documents without a source. Set by reasoning (a co-mention, a
  container or a country named in the text still outweighs it), not fitted (LGL-dev, whose
  papers are its documents' sources, measures it: docs/resolution.md). Also +2.0 for the
  paper's **home town**, whatever else bears the name: the town, in the area its stories
  point to, whose name the paper's own name spells out ("Jordan" in jordannews.com is Jordan,
  Minnesota; ``resolution.home``). As much as ``contained``, so that "Paris, France" in the
  Paris Post-Intelligencer is still France's.
* an area's imputed population does not count against a city of its name abroad that is
  larger than such an area likely is (``features.imputed_abroad``: "Manchester" is not
  Manchester Parish, Jamaica), and a town matched by its English name keeps capital and
  prominence and loses the alternate-name penalty when far larger than the small foreign
  places that bear the name (``features.alias_gap``: "Lyons", "Bruges", "Berne").
* ``collection``: when documents are resolved as one collection (``resolve --collection``),
  a document naming a single place weighs the collection's toponyms as its co-mentions and
  focus (a caption of Whitby among captions of Galway, Portree and Kilkenny).

Candidates describing the same place (same GeoNames id, from several sources) are weighed
once, through the preferred source's point (``base.representatives``). Administrative areas
without a population count as ``base.IMPUTED_POPULATION`` (a state as a million people), so a
state is not outranked by every village of its name, and a natural feature as a town Natural
Earth labels from its scale rank (``base.scale_rank_population``: "Korea" is the peninsula,
not a village in Côte d'Ivoire); the reason says "imputed".

Distances here are ``distance.haversine_km`` (the mean-radius sphere): fast, and precise
enough for a prior. Scores are reported in the reason, so each decision can be checked.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from geoparser.defaults import DEFAULT_POINTS
from geoparser.distance import haversine_km
from geoparser.model import Candidate, Mention, Resolution
from geoparser.resolution.base import (
    POLICIES,
    ResolutionContext,
    digest_of,
    effective_population,
    point_order,
    population_key,
)
from geoparser.resolution.feature_names import INDEX
from geoparser.resolution.features import FeatureExtractor
from geoparser.resolution.place_facts import FACTS, FAR_LARGER, PRIOR, TOWN_POPULATION

_CITY_LOG = math.log10(TOWN_POPULATION + 1)


@dataclass(frozen=True)
class ContextWeights:
    """The weight of each evidence term (module docstring). Source: set by reasoning about
    single errors; measured, each at 0, half and double, by ``make bench-context-weights``
    (docs/resolution.md, "What each context weight is worth"). The guide and home-region
    weights no shared corpus exercises."""

    # The weights are chosen by hand (reasoning about single errors); what each is worth is measured
    # by `make bench-context-weights` (docs/resolution.md).
    population_scale: float = PRIOR.population_scale
    country_or_continent: float = PRIOR.country_or_continent
    first_level: float = PRIOR.first_level
    second_level: float = PRIOR.second_level
    other_feature: float = PRIOR.other_feature
    contained: float = 2.0
    holds_before: float = 1.0
    same_country: float = 0.6
    near: float = 0.8
    near_scale_km: float = 500.0
    guide: float = 2.0
    guide_scale_km: float = 100.0
    unplaceable: float = -0.5
    alternate_name: float = -0.3
    same_first_level: float = 0.6
    state_named: float = 1.0
    kind_cue: float = 1.0
    story_cues: float = 1.0  # 0: a mention reads only its own cues, not the story's
    focus: float = 0.5
    focus_scale_km: float = 300.0
    bare_area: float = PRIOR.bare_area
    area_cue: float = 1.0
    city_cue: float = 1.0
    prominence: float = 0.3
    prominence_cap: float = 1.0
    capital: float = PRIOR.capital
    # the home region of the document's group (``resolution.home``): chosen by hand; of the
    # shared corpora only LGL's development half has sources (its papers), where the home
    # town's effect is measured (docs/resolution.md, *A paper named for its town*)
    home_first_level: float = 1.0
    home_country: float = 0.2
    home_town: float = 2.0
    imputed_abroad: bool = True  # no imputed population against a city abroad
    alias_prominence: bool = True  # a far larger city keeps its prominence under an alias
    plural_list: bool = True  # "Oconee and Oglethorpe counties" calls both areas


TERMS = ("population", "feature", "alternate name", "contained", "same country",
         "unplaceable", "near co-mentions", "same first-level area", "near focus", "bare area",
         "said area", "said city", "capital", "prominence", "home region", "state named",
         "said kind", "holds the place before")


def term_matrix(x: np.ndarray, w: ContextWeights | None = None
                ) -> tuple[tuple[str, ...], np.ndarray]:
    """The context score's terms (``TERMS``, columns) for one name's candidates' ``features``
    rows, without the guide; a row's sum is the candidate's score."""
    w = w or ContextWeights()

    missing = np.isnan(x)
    x0 = np.where(missing, 0.0, x)

    def col(name: str) -> np.ndarray:
        return x0[:, INDEX[name]]

    def dist(name: str, weight: float, scale: float) -> np.ndarray:
        i = INDEX[name]
        return np.where(missing[:, i], 0.0, weight * np.exp(-np.expm1(x0[:, i]) / scale))

    # The kinds exclude one another (``features``) but for continents, which are also "other
    # features" (class L) and count as countries.
    country = col("country")
    prior = (w.country_or_continent * country + w.first_level * col("first_level")
             + w.second_level * col("second_level")
             + w.other_feature * col("other_feature") * (1 - country))
    gap = col("foreign_gap") - 1.0
    # what the story says of the name at another mention (``features``: story cues)
    area_said = np.maximum(col("area_cue"), w.story_cues * col("story_area_cue"))
    # An imputed population is a state's due under its own name, not under another name
    # (the Slovenian municipality "Dobrovnik" is no million-strong "Dubrovnik"), nor against
    # a city abroad (Manchester Parish, Jamaica is no rival of Manchester).
    borrowed = np.maximum(col("alternate_name") * (1 - col("known_population")),
                          col("imputed_abroad") * w.imputed_abroad)
    # A city far larger than every place bearing the name as its own keeps its prominence
    # under an alternate name ("Lyons", "Bruges", "Berne").
    gap_own = x0[:, INDEX["alias_gap"]]
    far_larger = w.alias_prominence * col("alternate_name") * col("populated") * col(
        "known_population") * ((gap_own >= FAR_LARGER) & (col("log_population") - gap_own
                                                         < _CITY_LOG))
    t = np.array([
        col("log_population") / w.population_scale * (1 - borrowed),
        prior,
        w.alternate_name * col("alternate_name") * (1 - far_larger),
        w.contained * col("contained"),
        w.same_country * col("same_country"),
        w.unplaceable * (1 - col("placeable")),
        dist("near_km", w.near, w.near_scale_km),
        w.same_first_level * col("top_same_first_level"),
        dist("focus_km", w.focus, w.focus_scale_km),
        w.bare_area * col("area_with_town") * (1 - area_said),
        w.area_cue * area_said,
        w.city_cue * np.maximum(col("city_cue"), w.story_cues * col("story_city_cue")),
        w.capital * col("capital"),
        np.minimum(w.prominence * np.maximum(gap, 0.0), w.prominence_cap),
        w.home_first_level * col("home_first_level") + w.home_country * col("home_country")
        + w.home_town * col("home_town"),
        w.state_named * col("named_state_share"),
        w.kind_cue * col("kind_cue"),
        w.holds_before * col("holds_before"),
    ]).T
    return TERMS, t


@POLICIES.register("context")
class ContextPolicy:
    """Highest evidence score; see the module docstring for the terms and weights."""

    name = "context"
    uses_context = True  # wants the document's other toponyms (``pipeline.resolve``)

    def __init__(self, weights: ContextWeights | None = None,
                 points: str = DEFAULT_POINTS) -> None:
        self.w = weights or ContextWeights()
        #: The point convention (``base.POINT_CONVENTIONS``): whose point stands for a place.
        self.points = points
        self.order = point_order(points)
        self.extractor = FeatureExtractor(alias_prominence=self.w.alias_prominence,
                                          plural_list=self.w.plural_list, order=self.order)

    def settings(self) -> dict[str, str]:
        """The point convention and the weights ("default", or a digest of other ones)."""
        weights = ("default" if self.w == ContextWeights()
                   else digest_of(dataclasses.asdict(self.w)))
        return {"points": self.points, "weights": weights}

    def choose(
        self, mention: Mention, candidates: Sequence[Candidate], context: ResolutionContext
    ) -> Resolution:
        if not candidates:
            return Resolution(mention, None, 0, self.name, "no candidate in the gazetteer")
        scored = []
        reps = FACTS.get(candidates, self.order).reps
        n_found = len(reps)
        if len(reps) == 1:  # nothing to weigh: one place has this name
            lone = "the only place of this name in the gazetteer"
            if not reps[0].has_point:
                lone += ", unplaceable: it has no coordinates"
            return Resolution(mention, reps[0], n_found, self.name, lone, ranked=tuple(reps),
                              scores=(None,), score_name="context score")
        weighed = self.extractor.rows(mention, candidates, context)
        # A name said again with the same rows is chosen as before (the guide and the home
        # region are the document's): the memo lives and dies with the document's rows.
        chosen = self.extractor.evidence(context).chosen
        if (memo := chosen.get(id(weighed))) is not None and memo[0] is self.w:
            _, best, reason, ranked, scores = memo
            return Resolution(mention, best, n_found, self.name, reason, ranked=ranked,
                              scores=scores, score_name="context score")
        candidates, rows = weighed
        names, t = term_matrix(rows, self.w)
        totals = t.sum(axis=1)
        if context.guide is not None:
            names = (*names, "guide")
            t = np.column_stack([t, self._guide_terms(candidates, context.guide)])
            totals = totals + t[:, -1]
        totals = totals.tolist()
        i = max(range(len(candidates)),
                key=lambda k: (totals[k], population_key(candidates[k])))
        best = candidates[i]
        home_note = self._home_decided(context, candidates, t, totals, i, names)
        imputed = effective_population(best)[1]
        terms = {("population (imputed)" if n == "population" and imputed else n): float(v)
                 for n, v in zip(names, t[i].tolist(), strict=True) if v != 0.0}
        scored.append((totals[i], population_key(best), best, terms))
        scored += [(totals[k], population_key(c), c, {})
                   for k, c in enumerate(candidates) if k != i]
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        total, _, best, terms = scored[0]
        # Terms under 0.005 show as 0.00: fixed by the reason's +.2f format.
        shown = ", ".join(f"{k} {v:+.2f}" for k, v in terms.items() if abs(v) >= 0.005)
        reason = (f"best context score of {len(candidates)} places ({total:.2f}: {shown})"
                  f"{home_note}")
        ranked = tuple(c for _, _, c, _ in scored)
        # Scores to 3 decimals: chosen by hand.
        scores = tuple(round(float(v), 3) for v, _, _, _ in scored)
        chosen[id(weighed)] = self.w, best, reason, ranked, scores
        return Resolution(mention, best, n_found, self.name, reason, ranked=ranked,
                          scores=scores, score_name="context score")

    @staticmethod
    def _home_decided(context: ResolutionContext, candidates: Sequence[Candidate],
                      t: np.ndarray, totals: list[float], i: int, names: Sequence[str]) -> str:
        """"; the home region … decided it" when, without the home-region term, another
        candidate would have won; else ""."""
        if context.home is None:
            return ""
        col = t[:, names.index("home region")]
        if not col[i]:
            return ""
        without = [v - h for v, h in zip(totals, col.tolist(), strict=True)]
        j = max(range(len(candidates)),
                key=lambda k: (without[k], population_key(candidates[k])))
        if j == i:
            return ""
        other = candidates[j]
        return (f"; the home region decided it ({context.home.label()}), over "
                f"{other.name}, {other.country_code}")

    def _guide_terms(self, candidates: Sequence[Candidate], guide: tuple[float, float]
                     ) -> np.ndarray:
        out = np.zeros(len(candidates))
        for i, c in enumerate(candidates):
            if c.has_point:
                d = float(haversine_km(c.lat, c.lon, guide[0], guide[1]))
                out[i] = self.w.guide * math.exp(-d / self.w.guide_scale_km)
        return out
