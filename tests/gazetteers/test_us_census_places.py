"""The small US towns of the Census Bureau's Gazetteer Files (``scripts/us_census_places.py``)
and what the offline gazetteer makes of them."""

import pytest

from scripts.us_census_places import (
    KnownTowns,
    census_records,
    place_rows,
    plain_name,
    town_kind,
    town_rows,
)

PLACES = "\n".join([
    "USPS\tGEOID\tANSICODE\tNAME\tLSAD\tFUNCSTAT\tPOP10\tHU10\tALAND\tAWATER\tALAND_SQMI"
    "\tAWATER_SQMI\tINTPTLAT\tINTPTLONG   ",
    "NE\t3131465\t02399324\tMeadow Grove village\t47\tA\t301\t150\t1\t0\t0.5\t0.0"
    "\t 42.029013\t -97.736044",
    "PR\t7200000\t02414000\tAdjuntas zona urbana\t62\tS\t4000\t1500\t1\t0\t0.5\t0.0"
    "\t 18.16\t -66.72",
])
TOWNS = "\n".join([
    "USPS|GEOID|GEOIDFQ|ANSICODE|NAME|FUNCSTAT|ALAND|AWATER|ALAND_SQMI|AWATER_SQMI|INTPTLAT"
    "|INTPTLONG",
    "CT|0900536890|0600000US0900536890|00213445|Harwinton town|A|1|0|1|0|41.761337|-73.060437",
    "OH|3915541846|0600000US3915541846|01086234|Jackson township|A|1|0|1|0|40.84|-81.46",
    "AL|0100190171|0600000US0100190171|00161593|Autaugaville CCD|S|1|0|1|0|32.45|-86.72",
    "NJ|3403563390|0600000US3403563390|00882103|Readington township|A|1|0|1|0|40.57|-74.78",
])


STATES = frozenset({"CT", "NE", "NJ", "OH"})


def KEPT(name):  # noqa: N802 - stands for the build script's rule
    return True


def record(source, licence, source_id, name, lat, lon, fclass, fcode, cc, names, **extra):
    return {"id": source_id, "name": name, "lat": lat, "lon": lon, "cc": cc, **extra}


@pytest.mark.parametrize(("census", "plain"), [
    ("Abbeville city", "Abbeville"),
    ("Meadow Grove village", "Meadow Grove"),
    ("Tennessee Colony CDP", "Tennessee Colony"),
    ("Indianapolis city (balance)", "Indianapolis"),
    ("Lake City city", "Lake City"),
    ("Carson City", "Carson City"),
    ("Town and Country city", "Town and Country"),
    ("Canton charter township", "Canton"),
    ("Anchorage municipality", "Anchorage"),
])
def test_a_census_name_loses_its_legal_description_only(census, plain):
    assert plain_name(census) == plain


def test_a_county_subdivision_says_whether_it_is_a_town():
    assert town_kind("Harwinton town") == "town"
    assert town_kind("Readington township") == "township"
    assert town_kind("Autaugaville CCD") is None


def test_places_of_the_states_only_with_their_population():
    rows = list(place_rows(PLACES, STATES))
    assert [(r["census_name"], r["population"]) for r in rows] == [("Meadow Grove village", 301)]


def test_towns_are_municipalities_of_the_town_states_only():
    """New England's towns and New Jersey's townships; not an Ohio civil township sharing
    a name with many places, nor a statistical county division."""
    assert [r["census_name"] for r in town_rows(TOWNS)] == ["Harwinton town",
                                                             "Readington township"]


def test_a_place_geonames_lists_nearby_is_left_to_geonames():
    known = KnownTowns([("Meadow Grove", 42.03, -97.74)])
    assert list(census_records(place_rows(PLACES, STATES), [], known, record, KEPT)) == []


def test_a_namesake_far_away_is_another_place():
    known = KnownTowns([("Harwinton", 45.0, -100.0)])
    out = list(census_records([], town_rows(TOWNS), known, record, KEPT))
    assert [(r["name"], r["admin1"]) for r in out] == [("Harwinton", "CT"), ("Readington", "NJ")]
    assert out[0]["population"] is None and out[0]["census_name"] == "Harwinton town"


def test_a_town_sharing_a_place_s_name_and_ground_is_one_place():
    places = [{"state": "CT", "geoid": "0936000", "census_name": "Harwinton CDP",
               "lat": 41.77, "lon": -73.06, "population": 3000}]
    out = list(census_records(places, town_rows(TOWNS), KnownTowns([]), record, KEPT))
    assert [r["id"] for r in out] == ["census:place:0936000", "census:town:3403563390"]


def test_harwinton_is_a_connecticut_town():
    """A town of 5,600 that GeoNames' cities500 lacks (GeoNames files it as a third-level
    area): the Census's town is its only candidate."""
    from geoparser.gazetteers import create_gazetteer

    found = create_gazetteer("offline").lookup("Harwinton")
    assert [(c.country_code, c.admin1, c.source) for c in found] == [("US", "CT", "us-census")]


def test_a_small_village_carries_its_census_population():
    from geoparser.gazetteers import create_gazetteer

    found = create_gazetteer("offline").lookup("Meadow Grove")
    assert [(c.admin1, c.population) for c in found if c.country_code == "US"] == [("NE", 301)]


def test_a_town_is_indexed_only_under_a_name_no_other_place_has(tmp_path):
    """"Danube", Minnesota (505 people) would draw the river there under a policy that weighs
    population; a town fills a missing name and competes with no known place."""
    import sqlite3

    from geoparser.gazetteers.sqlite_index import PlaceRecord, build_index
    from tests.helpers import place

    known = [PlaceRecord(place("Danube", 44.0, 28.0, None, "RO", fclass="H", fcode="STM"),
                         ("Donau",)),
             PlaceRecord(place("Moscow", 55.75, 37.62, 10_000_000, "RU"), ())]
    towns = [PlaceRecord(place(name, lat, lon, pop, "US", admin1), (), only_if_unnamed=True)
             for name, lat, lon, pop, admin1 in (("Danube", 44.79, -95.1, 505, "MN"),
                                                 ("DONAU", 40.0, -90.0, 10, "IL"),
                                                 ("Harwinton", 41.76, -73.06, None, "CT"))]
    path = tmp_path / "index.sqlite"
    build_index(path, [towns[0], *known, *towns[1:]], {})
    with sqlite3.connect(path) as con:
        out = con.execute("SELECT name, country_code FROM places ORDER BY id").fetchall()
    assert out == [("Danube", "RO"), ("Moscow", "RU"), ("Harwinton", "US")]


def test_a_common_word_or_a_common_person_s_name_is_no_town():
    """"Why", Arizona and "President" would place the words, "Kremlin", Montana the
    Russian government, "Mississippi State" the university; "Gallagher", a surname, a
    person (the neighbourhood rule and ``person_or_word``)."""
    from scripts.build_gazetteer_extras import neighbourhood_name_kept

    rows = [{"state": "AZ", "geoid": g, "census_name": n, "lat": 32.0, "lon": -112.7,
             "population": 100} for g, n in (("1", "Why CDP"), ("2", "President CDP"),
                                             ("3", "Gallagher CDP"), ("4", "Toco city"),
                                             ("5", "Blue Ridge Summit CDP"),
                                             ("6", "Kremlin town"),
                                             ("7", "Mississippi State CDP"))]
    out = census_records(rows, [], KnownTowns([]), record, neighbourhood_name_kept)
    assert [r["name"] for r in out] == ["Toco", "Blue Ridge Summit"]
