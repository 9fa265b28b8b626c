"""Parts of a place named by a direction: "North Texas", "Southern California", "West Wales".

News names the part of a state, country or city it means with a compass word or "Central" /
"Greater" before the place ("South Florida", "Western New York", "Central Ohio", "Greater
Mumbai"), and geoparsing corpora annotate the whole as one toponym. A gazetteer rarely files
these names, so when a name is not found as written, ``part_form`` splits it into the part and
the place, and ``part_candidate`` makes the place's part a candidate of its own, named as
written and placed at the population-weighted centre of the place's towns in
that part where the gazetteer lists the towns of an area (``part_point``: North Texas at the
Dallas–Fort Worth end, Southern California at Los Angeles), else at the place's own point.
Only what has parts qualifies (``has_parts``): an area, region, landform or water body, or a
city of 50,000 people or more ("North Dallas"), never a village that shares a common word's
name ("West Wing" is no part of Wing, Buckinghamshire). A direction before a people ("Central
American", "West Africans") is no part of the people's country but the adjective of a region
("Central America", "West Africa"): ``region_forms`` gives the names to look up. And a plural
names the places a direction tells apart, together: "the Carolinas" are North and South
Carolina, "the Virginias" Virginia and West Virginia, "the Koreas" North and South Korea
(``pair_forms``; ``pair_candidate`` makes them one region at the middle of their points).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import replace

from geoparser.distance import spherical_mean
from geoparser.gazetteers.demonyms import is_demonym
from geoparser.model import Candidate
from geoparser.names import normalise_name
from geoparser.vocabularies import pairs

#: Words that name a part, and the part each means.
PART_WORDS = dict(pairs("gazetteers/part_words", "part"))
#: ``PART_WORDS`` as a regular-expression alternation, the longest first.
PART_WORDS_PATTERN = "|".join(sorted((re.escape(w).replace(r"\ ", " ") for w in PART_WORDS),
                                     key=len, reverse=True))
_PART = re.compile(rf"^(?P<word>{PART_WORDS_PATTERN})[ -]+(?P<name>\S.*)$", re.IGNORECASE)
#: A town this big has parts news names ("North Dallas", "East London").
#: Chosen by hand (commit c7c47f8).
CITY_WITH_PARTS = 50_000
#: An area whose towns the gazetteer lists fewer of than this keeps its own point.
#: Chosen by hand (commit c7c47f8).
MIN_TOWNS = 10
#: Share of an area's towns, by latitude and by longitude, left out at each edge when its
#: extent is measured: an outlying island or exclave does not stretch the thirds.
#: Chosen by hand (commit c7c47f8).
EDGE_SHARE = 0.02


def part_form(name: str) -> tuple[str, str] | None:
    """``("north", "Texas")`` for "North Texas" (the part, the place), else ``None``."""
    m = _PART.match(name.strip())
    if m is None:
        return None
    place = m.group("name").strip()
    if (not place[0].isupper() or place.split()[0].lower() in PART_WORDS
            or is_demonym(place)):
        return None
    return PART_WORDS[m.group("word").lower()], place


def region_forms(name: str) -> tuple[str, ...]:
    """For a direction and a people ("Central American", "West Africans", "Eastern
    European"; a demonym, or a word ending in "an"), the region names it may be the adjective
    of ("Central America", "West Africa", "Eastern Europe"), to look up first: the part of
    the people's country or continent is not meant."""
    m = _PART.match(name.strip())
    if m is None or not (is_demonym(m.group("name"))
                         or m.group("name").endswith(("an", "ans"))):
        return ()
    word, people = name.strip()[:m.end("word")], m.group("name").removesuffix("s")
    # A stem one or two letters short of the people's word: chosen by hand.
    return tuple(f"{word} {stem}" for stem in (people[:-1], people[:-2]) if stem)


def has_parts(c: Candidate, place: str | None = None) -> bool:
    """Whether news may name a part of ``c``: an area, region, landform or water body, or a
    city of ``CITY_WITH_PARTS`` people called ``place`` by its own name (not the Turkish city
    that lists "Side" among its names, for "South Side")."""
    if c.feature_class in {"A", "L", "T", "H"}:
        return True
    return (c.feature_class == "P" and (c.population or 0) >= CITY_WITH_PARTS
            and (place is None or normalise_name(c.name) == normalise_name(place)))


def has_towns(c: Candidate) -> bool:
    """Whether ``c`` is an area whose towns a gazetteer can list: a country or first-level
    area."""
    code = c.feature_code or ""
    return c.feature_class == "A" and bool(c.country_code) and (
        code.startswith("PCL") or (code == "ADM1" and c.admin1 is not None))


def part_point(part: str, towns: Sequence[tuple[float, float, int | None]]
               ) -> tuple[float, float] | None:
    """The population-weighted centre of the ``towns`` (lat, lon, population) in ``part``
    (the outer third of the area's extent towards it, or the middle third both ways for
    "central"), or ``None`` for the whole, for too few towns or for none in the part."""
    if part == "whole" or len(towns) < MIN_TOWNS:
        return None
    lat_lo, lat_hi = _extent([t[0] for t in towns])
    lon_lo, lon_hi = _extent([t[1] for t in towns])
    # Thirds by latitude: chosen by hand (a direction names a third of the area).
    lat_cut = ((lat_hi - lat_lo) / 3 + lat_lo, 2 * (lat_hi - lat_lo) / 3 + lat_lo)
    # Thirds by longitude: chosen by hand.
    lon_cut = ((lon_hi - lon_lo) / 3 + lon_lo, 2 * (lon_hi - lon_lo) / 3 + lon_lo)

    def inside(lat: float, lon: float) -> bool:
        if part == "central":
            return lat_cut[0] <= lat <= lat_cut[1] and lon_cut[0] <= lon <= lon_cut[1]
        ok = True
        if "north" in part:
            ok &= lat >= lat_cut[1]
        if "south" in part:
            ok &= lat <= lat_cut[0]
        if "east" in part:
            ok &= lon >= lon_cut[1]
        if "west" in part:
            ok &= lon <= lon_cut[0]
        return ok

    chosen = [(lat, lon, max(pop or 0, 1)) for lat, lon, pop in towns if inside(lat, lon)]
    if not chosen:
        return None
    total = math.fsum(w for _, _, w in chosen)
    # 5 decimals (about a metre): chosen by hand.
    return (round(math.fsum(lat * w for lat, _, w in chosen) / total, 5),
            round(math.fsum(lon * w for _, lon, w in chosen) / total, 5))


def _extent(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    cut = int(len(ordered) * EDGE_SHARE)
    return ordered[cut], ordered[len(ordered) - 1 - cut]


def part_candidate(c: Candidate, part: str, written: str,
                   point: tuple[float, float] | None) -> Candidate:
    """``c``'s part as a candidate of its own, named ``written`` ("North Texas"), at ``point``
    when one was worked out from the towns (then listed in ``derived``), else at ``c``'s point.
    It keeps ``c``'s kind and population, so a policy ranks it as it ranks ``c`` (the state
    over a county of the name), but not its GeoNames id: it is not ``c``, only part of it
    (outputs give it no population of its own either: ``places.place_fields``)."""
    lat, lon = point if point is not None else (c.lat, c.lon)
    return replace(
        c, name=written, source_id=f"{c.source_id}#{part}", geonameid=None, lat=lat, lon=lon,
        part=part,
        derived=tuple(dict.fromkeys((*c.derived, "coordinates"))) if point else c.derived)


#: How the plurals of such places end (Carolinas, Dakotas, Koreas, Sudans): not "Atlantis".
_PAIR_ENDINGS = ("as", "ns")
#: The directions a plural's members are told apart by ("North Carolina", "West Virginia").
_PAIR_WORDS = ("North", "South", "East", "West")


def _without_article(name: str) -> str:
    return name.strip().removeprefix("the ").removeprefix("The ")


def pair_forms(name: str) -> tuple[str, ...]:
    """For a plural ("Carolinas", "the Dakotas"), the names of the places it may gather: its
    singular with and without a direction ("North Carolina", ..., "Carolina"); else ``()``."""
    plural = _without_article(name)
    # 5 letters, the shortest plural name of a pair: chosen by hand.
    if not plural.endswith(_PAIR_ENDINGS) or len(plural) < 5 or not plural[0].isupper() or (
            " " in plural):
        return ()
    one = plural[:-1]
    return (*(f"{word} {one}" for word in _PAIR_WORDS), one)


#: Kinds two members must share to be gathered: countries and first-level areas. Not
#: continents: the middle of the Americas is near no place a text means by them, and the
#: confidence model, which cannot tell how large such a region is, would be sure of it.
_PAIR_KINDS = (("PCL",), ("ADM1",))


def pair_candidate(written: str, found: dict[str, list[Candidate]]) -> Candidate | None:
    """The region a plural names (``pair_forms``), from ``found`` (each member name's
    candidates, the bare singular last): two members or more of one kind, each by its own
    name, at least one with a direction, make one region named as written at the middle of
    their points, with the sum of their populations where each has one; a first-level area
    of the bare singular counts only in a country of the others. ``None`` when fewer are
    found."""
    for prefixes in _PAIR_KINDS:
        members = {}
        for member, cs in found.items():
            c = next((c for c in cs if c.has_point and c.part is None
                      and (c.feature_code or "").startswith(prefixes)
                      and normalise_name(c.name) == normalise_name(member)), None)
            if c is not None:
                members[member] = c
        bare = members.pop(next(reversed(found)), None) if found else None
        if bare is not None and members and (prefixes != ("ADM1",) or bare.country_code in {
                c.country_code for c in members.values()}):
            members["bare"] = bare  # Virginia with West Virginia; not Carolina, Puerto Rico
        if len(members) >= 2:
            members = list(members.values())
            lat, lon = spherical_mean((c.lat, c.lon) for c in members)  # type: ignore[misc]
            codes = {c.country_code for c in members}
            pops = [c.population for c in members if c.population is not None]
            counted = len(pops) == len(members)
            # 5 decimals (about a metre): chosen by hand.
            return Candidate(
                source=members[0].source, source_id="+".join(c.source_id for c in members),
                name=_without_article(written),
                lat=round(lat, 5), lon=round(lon, 5), population=sum(pops) if counted else None,
                country_code=codes.pop() if len(codes) == 1 else None, feature_class="L",
                feature_code="RGN", missing=("geonameid",) if counted else ("geonameid",
                                                                             "population"),
                licence=members[0].licence,
                derived=("coordinates", "population") if counted else ("coordinates",))
    return None
