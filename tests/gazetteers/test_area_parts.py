"""Parts of a place named by a direction ("North Texas"): the form, the point, the candidate."""

import pytest

from geoparser.distance import haversine_km
from geoparser.gazetteers import area_parts
from geoparser.model import Candidate
from geoparser.places import place_fields
from geoparser.resolution.base import entity_key


@pytest.mark.parametrize(("written", "form"), [
    ("North Texas", ("north", "Texas")), ("Southern California", ("south", "California")),
    ("Western New York", ("west", "New York")), ("Central Ohio", ("central", "Ohio")),
    ("South West England", ("southwest", "England")), ("North-East England",
                                                       ("northeast", "England")),
    ("Northeastern Ohio", ("northeast", "Ohio")), ("Greater Mumbai", ("whole", "Mumbai")),
    ("Mid Wales", ("central", "Wales")), ("NORTH TEXAS", ("north", "TEXAS")),
    ("Texas", None), ("North", None), ("North texas", None), ("North South Wales", None),
    ("Northern", None),
])
def test_part_form_splits_the_part_from_the_place(written, form):
    assert area_parts.part_form(written) == form


def _town(lat, lon, pop):
    return (lat, lon, pop)


def test_the_north_of_an_area_is_where_its_northern_towns_live():
    # a square area: a big town in the north-west corner, a small one in the north-east
    towns = [_town(lat, lon, 100) for lat in range(10) for lon in range(10)]
    towns += [_town(9.0, 0.0, 1_000_000)]
    lat, lon = area_parts.part_point("north", towns)
    assert lat > 8 and lon < 1
    south = area_parts.part_point("south", towns)
    assert south[0] < 2 and 3 < south[1] < 6  # the south has no big town: its middle


def test_central_is_the_middle_third_both_ways():
    towns = [_town(lat, lon, 10) for lat in range(9) for lon in range(9)]
    assert area_parts.part_point("central", towns) == (4.0, 4.0)


def test_an_outlying_island_does_not_stretch_the_thirds():
    towns = [_town(lat, lon, 10) for lat in range(10) for lon in range(10)]
    towns += [_town(-40.0, 5.0, 10), _town(-40.0, 5.0, 10)]  # 2 of 102: under the 2 % edge
    assert area_parts.part_point("south", towns)[0] > -1


@pytest.mark.parametrize("towns", [[], [_town(1.0, 1.0, 5)] * 3])
def test_too_few_towns_keep_the_place_point(towns):
    assert area_parts.part_point("north", towns) is None


def test_greater_is_the_whole_place():
    towns = [_town(lat, lon, 10) for lat in range(9) for lon in range(9)]
    assert area_parts.part_point("whole", towns) is None


def _candidate(**kw):
    base = dict(source="geonames", source_id="1", name="Texas", lat=31.0, lon=-99.0,
                population=29_000_000, geonameid=4736286, country_code="US", admin1="TX",
                feature_class="A", feature_code="ADM1")
    base.update(kw)
    return Candidate(**base)


def test_what_has_parts():
    assert area_parts.has_parts(_candidate())
    assert area_parts.has_parts(_candidate(feature_class="H", feature_code="SEA"))
    assert area_parts.has_parts(_candidate(feature_class="P", feature_code="PPL",
                                population=area_parts.CITY_WITH_PARTS))
    assert not area_parts.has_parts(_candidate(feature_class="P", feature_code="PPL",
                                               population=2_589))
    assert not area_parts.has_parts(_candidate(feature_class="S", feature_code="HTL"))


def test_a_part_candidate_is_named_as_written_and_says_what_it_is_part_of():
    part = area_parts.part_candidate(_candidate(), "north", "North Texas", (33.0, -97.4))
    assert (part.name, part.lat, part.lon, part.part) == ("North Texas", 33.0, -97.4, "north")
    assert part.geonameid is None and "coordinates" in part.derived
    fields = place_fields(part)
    assert fields["kind"] == "northern part of a first-level administrative area"
    assert fields["population"] is None and fields["geonameid"] is None


def test_a_part_without_a_worked_out_point_keeps_the_place_point():
    part = area_parts.part_candidate(_candidate(feature_class="P", feature_code="PPL"), "whole",
                          "Greater Dallas", None)
    assert (part.lat, part.lon, part.derived) == (31.0, -99.0, ())
    assert place_fields(part)["kind"] == "greater area of a populated place"


def test_two_sources_of_one_state_give_one_part_and_a_county_another():
    ne = area_parts.part_candidate(_candidate(source="natural-earth", source_id="ne"), "north",
                        "North Texas", (33.0, -97.4))
    csc = area_parts.part_candidate(_candidate(source="countrystatecity", source_id="csc"), "north",
                         "North Texas", (33.0, -97.4))
    county = area_parts.part_candidate(_candidate(admin1="MO", feature_code="ADM2"), "north",
                            "North Texas", None)
    assert entity_key(ne) == entity_key(csc) != entity_key(county)


@pytest.mark.parametrize(("written", "near", "km"), [
    ("North Texas", (32.78, -96.80), 120),          # Dallas
    ("Southern California", (34.05, -118.24), 120),  # Los Angeles
    ("South Florida", (25.76, -80.19), 120),         # Miami
    ("Western New York", (42.89, -78.88), 161),      # Buffalo (the state's, not the city's)
    ("Northern Virginia", (38.88, -77.10), 120),     # Arlington
])
def test_north_texas_is_placed_in_north_texas(offline_gazetteer, written, near, km):
    parts = [c for c in offline_gazetteer.lookup(written)
             if c.feature_code == "ADM1" and c.country_code == "US"]
    assert parts and all(c.name == written and c.part for c in parts)
    assert haversine_km(parts[0].lat, parts[0].lon, *near) <= km


def test_a_name_the_gazetteer_knows_is_not_taken_for_a_part(offline_gazetteer):
    assert {c.part for c in offline_gazetteer.lookup("North Carolina")} == {None}
    assert {c.part for c in offline_gazetteer.lookup("South Africa")} == {None}


def test_west_wing_is_no_part_of_a_village_called_wing(offline_gazetteer):
    assert offline_gazetteer.lookup("Wing")
    assert offline_gazetteer.lookup("West Wing") == []


@pytest.fixture(scope="module")
def default_geoparser():
    from geoparser import Geoparser

    return Geoparser()


@pytest.mark.xfail(strict=True, reason="the tagger that learned local news splits the direction "
                   "off ('Texas' of 'North Texas'), as LGL annotates it; GeoWebNews annotates the "
                   "whole. The convention map does not yet mask the direction word in LGL's gold "
                   "(docs/recognition-model.md, Local news by its own convention)")
def test_north_texas_and_southern_california_are_found_whole_and_placed(default_geoparser):
    doc = default_geoparser.parse(
        "Storms hit North Texas and Southern California on Monday, and South Florida braced "
        "for more.")
    placed = {r.mention.text: r.candidate for r in doc.resolutions}
    assert set(placed) == {"North Texas", "Southern California", "South Florida"}
    assert haversine_km(placed["North Texas"].lat, placed["North Texas"].lon,
                        32.78, -96.80) <= 120
    assert place_fields(placed["South Florida"])["admin1"] == "Florida"
    assert "southern part" in place_fields(placed["Southern California"])["kind"]
    reasons = {r.mention.text: r.reason for r in doc.resolutions}
    assert reasons["North Texas"].endswith("; the northern part of Texas")


@pytest.mark.parametrize(("written", "forms"), [
    ("Central American", ("Central America", "Central Americ")),
    ("West Africans", ("West Africa", "West Afric")),
    ("Eastern European", ("Eastern Europea", "Eastern Europe")),
    ("North Texas", ()), ("Southern California", ()),
])
def test_region_forms_read_a_direction_and_a_people_as_a_region(written, forms):
    assert area_parts.region_forms(written) == forms


@pytest.mark.parametrize(("written", "region"), [
    ("Central American", "Central America"), ("North American", "North America"),
    ("West African", "Western Africa"), ("Southeast Asian", "Southeast Asia"),
    ("Central Americans", "Central America"),
])
def test_central_american_is_central_america_not_the_middle_of_the_united_states(
        offline_gazetteer, written, region):
    found = offline_gazetteer.lookup(written)
    assert found and {c.part for c in found} == {None}
    assert region in {c.name for c in found}


def test_south_side_is_no_part_of_a_city_that_lists_side_among_its_names():
    assert area_parts.has_parts(_candidate(name="Dallas", feature_class="P", population=1_300_000),
                     "Dallas")
    assert not area_parts.has_parts(_candidate(name="Fatsa", feature_class="P", population=82_160),
                         "Side")


def test_forget_empties_the_memo_and_the_parts_points(offline_gazetteer):
    offline_gazetteer.lookup("North Texas")
    assert offline_gazetteer._part_points and len(offline_gazetteer.memo)
    offline_gazetteer.forget()
    assert not offline_gazetteer._part_points and not len(offline_gazetteer.memo)


@pytest.mark.parametrize(("written", "forms"), [
    ("Carolinas", ("North Carolina", "South Carolina", "East Carolina", "West Carolina",
                   "Carolina")),
    ("the Dakotas", ("North Dakota", "South Dakota", "East Dakota", "West Dakota", "Dakota")),
    ("Texas", ("North Texa", "South Texa", "East Texa", "West Texa", "Texa")),
    ("Sudans", ("North Sudan", "South Sudan", "East Sudan", "West Sudan", "Sudan")),
    ("Carolina", ()), ("the carolinas", ()), ("New Yorks", ()), ("Ks", ()), ("Atlantis", ()),
    ("Alps", ()),
])
def test_pair_forms_read_a_plural_as_the_places_a_direction_tells_apart(written, forms):
    assert area_parts.pair_forms(written) == forms


def _area(name, cc, admin1, lat, lon, code="ADM1"):
    return Candidate(source="geonames", source_id=name, name=name, lat=lat, lon=lon,
                     country_code=cc, admin1=admin1, feature_class="A", feature_code=code)


def test_the_carolinas_are_north_and_south_carolina_not_carolina_puerto_rico():
    found = {"North Carolina": [_area("North Carolina", "US", "NC", 35.5, -79.4)],
             "South Carolina": [_area("South Carolina", "US", "SC", 33.9, -80.9)],
             "East Carolina": [], "West Carolina": [],
             "Carolina": [_area("Carolina", "PR", "31", 18.4, -65.96)]}
    pair = area_parts.pair_candidate("the Carolinas", found)
    assert pair.name == "Carolinas" and pair.feature_code == "RGN"
    assert pair.country_code == "US" and "coordinates" in pair.derived
    assert haversine_km(pair.lat, pair.lon, 34.7, -80.15) < 20


def test_the_virginias_take_the_bare_state_of_the_same_country():
    found = {"North Virginia": [], "South Virginia": [], "East Virginia": [],
             "West Virginia": [_area("West Virginia", "US", "WV", 38.6, -80.6)],
             "Virginia": [_area("Virginia", "US", "VA", 37.5, -78.8)]}
    assert area_parts.pair_candidate("Virginias", found).source_id == "West Virginia+Virginia"


def test_one_place_alone_is_no_pair():
    found = {"North Dakota": [_area("North Dakota", "US", "ND", 47.5, -100.5)],
             "South Dakota": [], "East Dakota": [], "West Dakota": [], "Dakota": []}
    assert area_parts.pair_candidate("Dakotas", found) is None


@pytest.mark.parametrize(("written", "near"), [
    ("the Carolinas", (34.7, -80.0)), ("Dakotas", (46.0, -100.3)), ("Koreas", (38.3, 127.5)),
])
def test_the_carolinas_lie_between_the_carolinas(offline_gazetteer, written, near):
    [pair] = offline_gazetteer.lookup(written)
    assert pair.feature_code == "RGN" and haversine_km(pair.lat, pair.lon, *near) < 100


def test_a_plural_the_gazetteer_knows_is_itself(offline_gazetteer):
    assert {c.feature_code for c in offline_gazetteer.lookup("Philippines")} == {"PCLI"}


def test_the_koreas_count_both_countries_people_and_the_americas_are_no_pair(
        offline_gazetteer):
    [pair] = offline_gazetteer.lookup("Koreas")
    north, south = (next(c for c in offline_gazetteer.lookup(n) if c.feature_code == "PCLI")
                    for n in ("North Korea", "South Korea"))
    assert pair.population == north.population + south.population
    assert "population" in pair.derived
    [carolinas] = offline_gazetteer.lookup("Carolinas")
    assert carolinas.population is None and "population" in carolinas.missing
    # "the Americas" is GeoNames' region, not a pair made of North and South America
    [americas] = offline_gazetteer.lookup("Americas")
    assert (americas.feature_code, americas.geonameid) == ("RGN", 10861432)
    assert americas.part is None
