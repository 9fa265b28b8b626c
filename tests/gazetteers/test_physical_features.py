"""Natural Earth's physical labels and regions in the offline gazetteer: islands, ranges,
mountains, deserts, peninsulas, regions, rivers and lakes, each with a point on the feature
and a kind in words; never a namesake of a country, an area or a city."""

import pytest

from geoparser.distance import distance_km
from geoparser.places import feature_kind


def _of_kind(gazetteer, name: str, code: str) -> list:
    return [c for c in gazetteer.lookup(name) if c.feature_code == code
            and c.source == "ne-physical"]


#: (name, code, kind, south, north, west, east): the feature's point lies in its extent.
FEATURES = [
    ("Sahara", "DSRT", "desert", 15, 32, -17, 35),
    ("Caucasus Mountains", "MTS", "mountains", 39, 45, 37, 50),
    ("Ural Mountains", "MTS", "mountains", 50, 69, 55, 67),
    ("Scandinavia", "PEN", "peninsula", 55, 71, 4, 32),
    ("Korean Peninsula", "PEN", "peninsula", 34, 43, 124, 131),
    ("Sumatra", "ISL", "island", -6, 6, 95, 106),
    ("Siberia", "RGN", "region", 50, 78, 60, 180),
    ("Lake Tana", "LK", "lake", 11.5, 12.4, 37.0, 37.7),
    ("Mount Kilimanjaro", "MT", "mountain", -3.2, -2.9, 37.2, 37.5),
]


@pytest.mark.parametrize(("name", "code", "kind", "south", "north", "west", "east"), FEATURES)
def test_physical_features_are_found_with_their_kind_and_a_point_on_them(
        offline_gazetteer, name, code, kind, south, north, west, east):
    found = _of_kind(offline_gazetteer, name, code)
    assert found, name
    assert feature_kind(found[0].feature_class, found[0].feature_code) == kind
    assert any(south <= c.lat <= north and west <= c.lon <= east for c in found), found


@pytest.mark.parametrize("name", ["Volga", "Volga River", "River Volga"])
def test_a_river_is_found_bare_and_as_news_writes_it(offline_gazetteer, name):
    rivers = _of_kind(offline_gazetteer, name, "STM")
    assert [r.name for r in rivers] == ["Volga"]
    assert feature_kind(rivers[0].feature_class, rivers[0].feature_code) == "river"


def test_the_columbia_river_is_one_river_at_its_mouth(offline_gazetteer):
    """cadis files the Columbia's tidal reach as a sea and has the river upstream too: one
    river now, a river by kind, at its mouth as GeoNames places a stream."""
    rivers = offline_gazetteer.lookup("Columbia River")
    assert [(c.feature_code, c.source) for c in rivers] == [("STM", "cadis")]
    assert distance_km(46.25, -124.0, rivers[0].lat, rivers[0].lon) < 50


def test_an_estuary_cadis_files_as_a_sea_stays_a_sea(offline_gazetteer):
    assert {c.feature_code for c in offline_gazetteer.lookup("Pearl River Estuary")} == {"SEA"}
    assert "STM" in {c.feature_code for c in offline_gazetteer.lookup("Saint Lawrence River")}


@pytest.mark.parametrize("name", ["Danube", "River Danube", "Danube River"])
def test_a_river_another_extract_has_is_one_candidate_with_both_sources_names(
        offline_gazetteer, name):
    """cadis has the Danube; Natural Earth's copy adds its names ("Danube", "River Danube")
    to that record instead of a second candidate that would make the river look ambiguous."""
    rivers = [c for c in offline_gazetteer.lookup(name) if c.feature_code == "STM"]
    assert [(r.name, r.source) for r in rivers] == [("Danube River", "cadis")]


def test_everest_alone_is_the_mountain_but_kilimanjaro_alone_stays_the_region(
        offline_gazetteer):
    assert _of_kind(offline_gazetteer, "Everest", "MT")
    assert not _of_kind(offline_gazetteer, "Kilimanjaro", "MT")  # the Tanzanian region's name
    assert not _of_kind(offline_gazetteer, "Kenya", "MT")  # Mount Kenya is no bare "Kenya"


def test_a_river_is_placed_at_its_mouth_as_geonames_places_a_stream(offline_gazetteer):
    """The Volga's point is where it meets the Caspian, below Astrakhan; the Cauvery's where
    it meets the Bay of Bengal."""
    volga = _of_kind(offline_gazetteer, "Volga", "STM")
    assert volga and distance_km(45.8, 47.9, volga[0].lat, volga[0].lon) < 100
    cauvery = _of_kind(offline_gazetteer, "Cauvery", "STM")
    assert cauvery and distance_km(11.1, 79.8, cauvery[0].lat, cauvery[0].lon) < 50


@pytest.mark.parametrize(("name", "lat", "lon"), [
    ("Red River", 20.3, 106.6), ("Khatanga", 72.9, 106.0), ("Kolyma", 69.5, 161.5),
])
def test_a_river_natural_earth_draws_upstream_is_at_its_mouth_not_its_source(
        offline_gazetteer, name, lat, lon):
    """Natural Earth draws the Red River of Vietnam from the Gulf of Tonkin up to Yunnan, and
    the Khatanga and the Kolyma from the Arctic seas inland: the end a line was drawn to was
    their source, 700 to 1,000 km from the mouth (scripts/river_mouths.py)."""
    rivers = _of_kind(offline_gazetteer, name, "STM")
    assert rivers and min(distance_km(lat, lon, r.lat, r.lon) for r in rivers) < 150


@pytest.mark.parametrize("name", ["Florida", "Calabria", "Mayotte", "India", "Alaska",
                                  "Punjab", "Crimea"])
def test_a_country_state_or_city_name_gains_no_physical_namesake(offline_gazetteer, name):
    assert not [c for c in offline_gazetteer.lookup(name) if c.source == "ne-physical"]


@pytest.mark.parametrize(("name", "code", "lat", "lon"), [
    ("Tenerife", "ISL", 28.3, -16.6), ("Margarita", "ISL", 11.0, -64.0),
    ("Pyrenees", "MTS", 42.8, 0.9),
])
def test_tenerife_is_the_island_though_a_colombian_municipality_bears_its_name(
        offline_gazetteer, name, code, lat, lon):
    """A second-level area's name is no claim on a physical feature's: Tenerife and
    Margarita are also municipalities of Colombia, the Pyrenees a shire of Victoria."""
    found = _of_kind(offline_gazetteer, name, code)
    assert found and distance_km(lat, lon, found[0].lat, found[0].lon) < 60


@pytest.mark.parametrize(("name", "code", "lat", "lon"), [
    ("Long Island", "ISL", 40.8, -73.0), ("Line Islands", "ISLS", -11.9, -150.2),
])
def test_long_island_is_new_york_s_island_though_a_bahamian_district_bears_its_name(
        offline_gazetteer, name, code, lat, lon):
    """A first-level area far from a feature is no claim on a name that says what the feature
    is: Long Island is also a district of the Bahamas, 1,970 km away."""
    found = _of_kind(offline_gazetteer, name, code)
    assert found and distance_km(lat, lon, found[0].lat, found[0].lon) < 60
    assert [c.country_code for c in offline_gazetteer.lookup(name)
            if c.feature_code == "ADM1"][:1] in (["BS"], ["KI"])


def _towns(*rows):
    from scripts.build_gazetteer_extras import _TownsAround

    return _TownsAround([{"latitude": lat, "longitude": lon, "countrycode": cc,
                          "admin1code": a1, "population": pop}
                         for lat, lon, cc, a1, pop in rows])


def test_a_feature_takes_the_country_and_area_of_the_towns_around_it():
    towns = _towns((40.90, -73.10, "US", "NY", 20_000), (40.80, -72.90, "US", "NY", 5_000),
                   (41.50, -72.00, "US", "CT", 9_000))  # 100 km away: not around
    assert towns.country_around(40.86, -73.05) == ("US", "NY")


@pytest.mark.parametrize(("point", "rows", "expected"), [
    # Lake Tahoe: towns of two states around it, so the country alone
    ((39.10, -120.02), [(39.17, -120.14, "US", "CA", 2_000), (39.05, -119.94, "US", "NV", 3_000)],
     ("US", None)),
    # Lake Geneva: towns of two countries around it, so neither
    ((46.43, 6.53), [(46.52, 6.63, "CH", "VD", 140_000), (46.37, 6.48, "FR", "84", 30_000)],
     (None, None)),
    # no town of 1,000 people near enough (a hamlet does not count)
    ((39.10, -120.02), [(39.10, -120.03, "US", "CA", 300), (40.00, -120.00, "US", "CA", 9_000)],
     (None, None)),
])
def test_a_feature_among_two_areas_or_countries_or_none_takes_what_they_share(point, rows,
                                                                              expected):
    assert _towns(*rows).country_around(*point) == expected


@pytest.mark.parametrize(("name", "code", "cc", "admin1"), [
    ("Long Island", "ISL", "US", "NY"), ("Cape Cod", "CAPE", "US", "MA"),
    ("Mount Hood", "MT", "US", "OR"), ("Lake Tahoe", "LK", "US", None),
    ("Lake Geneva", "LK", None, None),  # Switzerland and France
    ("Borneo", "ISL", None, None),  # labelled at world scale: it may span countries
])
def test_an_island_lake_or_mountain_lies_in_the_country_around_it(offline_gazetteer, name,
                                                                   code, cc, admin1):
    # a lake cadis has too is cadis's record, which takes the derived country with the names
    found = [c for c in offline_gazetteer.lookup(name) if c.feature_code == code]
    assert found and (found[0].country_code, found[0].admin1) == (cc, admin1)


@pytest.mark.parametrize("name", ["Madeira", "Katanga", "Alaska"])
def test_a_bare_name_stays_the_area_s_however_far_the_feature(offline_gazetteer, name):
    """"Madeira" is the Portuguese island region, not also the Brazilian river; "Katanga" the
    Congolese province, not a Siberian river: a bare name says nothing of a feature's kind."""
    assert not [c for c in offline_gazetteer.lookup(name) if c.source == "ne-physical"]


def test_natural_earth_capitals_are_written_as_names(offline_gazetteer):
    assert _of_kind(offline_gazetteer, "Gobi Desert", "DSRT")
    assert not offline_gazetteer.lookup("GOBI DESERT") or all(
        c.name == "Gobi Desert" for c in _of_kind(offline_gazetteer, "GOBI DESERT", "DSRT"))


@pytest.mark.parametrize(("label", "name"), [
    ("SAHARA", "Sahara"), ("GULF OF GUINEA", "Gulf of Guinea"),
    ("Taurus Mts.", "Taurus Mountains"),
    ("Kopet Dag Mts .", "Kopet Dag Mountains"), ("Hamersley Ra.", "Hamersley Range"),
    ("Unimak I.", "Unimak Island"), ("Midway Is.", "Midway Islands"),
    ("BALKAN PEN.", "Balkan Peninsula"), ("Mt. Binga", "Mount Binga"),
    ("George V Coast\r", "George V Coast"),
])
def test_natural_earth_labels_become_names(label, name):
    from scripts.build_gazetteer_extras import ne_label

    assert ne_label(label) == name


@pytest.mark.parametrize(("name", "cc", "south", "north", "west", "east"), [
    ("Darfur", "SD", 11, 16, 22, 26), ("East Midlands", "GB", 52, 53.5, -2, 0),
    ("Tohoku", "JP", 37, 41, 139, 142), ("Midwest", "US", 38, 47, -100, -84),
])
def test_regions_natural_earth_groups_areas_into_are_regions_of_their_country(
        offline_gazetteer, name, cc, south, north, west, east):
    found = [c for c in offline_gazetteer.lookup(name) if c.source == "ne-regions"]
    assert [(c.feature_code, c.country_code) for c in found] == [("RGN", cc)]
    assert south <= found[0].lat <= north and west <= found[0].lon <= east


@pytest.mark.parametrize("label", ["Central", "South Western", "Centre-Est", "Northeastern",
                                   "Capital Region", "Far-Western"])
def test_a_region_named_by_position_words_alone_is_no_place(label):
    from scripts.build_gazetteer_extras import region_name

    assert region_name(label) is None


def test_a_region_code_in_brackets_is_left_off_its_name():
    from scripts.build_gazetteer_extras import region_name

    assert region_name("Cagayan Valley (Region II)") == "Cagayan Valley"


def test_the_rest_of_iraq_is_no_second_iraq(offline_gazetteer):
    assert not [c for c in offline_gazetteer.lookup("Iraq") if c.source == "ne-regions"]


def test_natural_earth_s_scale_rank_comes_with_each_feature(offline_gazetteer):
    assert [c.scale_rank for c in _of_kind(offline_gazetteer, "Korean Peninsula", "PEN")] == [4.0]
    assert [c.scale_rank for c in _of_kind(offline_gazetteer, "Sahara", "DSRT")] == [1.0]
    volga = _of_kind(offline_gazetteer, "Volga", "STM")
    assert volga[0].scale_rank == 3.0  # its segments' least
    towns = [c for c in offline_gazetteer.lookup("Korea") if c.feature_class == "P"]
    assert towns and all(c.scale_rank is None for c in towns)


def test_the_pacific_and_its_halves_are_oceans_in_the_pacific(offline_gazetteer):
    """cadis's Pacific spans every longitude, so its box has no middle; GeoNames' own points
    of the ocean and its halves stand for them (``geonames-regions``), each labelled at world
    scale."""
    for name, lat, lon in (("Pacific Ocean", 3.51, -132.19), ("North Pacific Ocean", 30.0, -170.0),
                           ("South Pacific Ocean", -45.0, -130.0)):
        (c,) = [c for c in offline_gazetteer.lookup(name) if c.feature_code == "OCN"]
        assert distance_km(c.lat, c.lon, lat, lon) < 50 and c.scale_rank == 0
    assert "OCN" in {c.feature_code for c in offline_gazetteer.lookup("Pacific")}


def test_the_arctic_is_the_ocean_around_the_pole(offline_gazetteer):
    (c,) = [c for c in offline_gazetteer.lookup("Arctic") if c.feature_code == "OCN"]
    assert c.name == "Arctic Ocean" and c.lat > 80
    (c,) = [c for c in offline_gazetteer.lookup("Southern Ocean") if c.feature_code == "OCN"]
    assert c.lat == -60.0 and c.geonameid == 4036776  # only GeoNames has it


def test_a_polygon_across_the_antimeridian_has_its_middle_on_it():
    from scripts.build_gazetteer_extras import _unwrapped_centroid

    square = {"type": "Polygon", "coordinates": [[[170, -10], [-170, -10], [-170, 10],
                                                  [170, 10], [170, -10]]]}
    _, lat, lon = _unwrapped_centroid([square])
    assert abs(lat) < 1e-9 and abs(abs(lon) - 180) < 1e-9


@pytest.mark.parametrize(("short", "label"), [
    ("Balkans", "Balkan Peninsula"), ("Caucasus", "Caucasus Mountains"),
    ("Indochina", "Indochina Peninsula"),
    ("Tibetan Plateau", "Plateau of Tibet"), ("Himalaya", "Himalayas"), ("Levant", "Levant Coast"),
])
def test_a_feature_is_found_by_the_short_form_news_writes(offline_gazetteer, short, label):
    assert label in [c.name for c in offline_gazetteer.lookup(short) if c.source == "ne-physical"]


def test_korea_alone_is_south_korea_and_the_korean_peninsula_the_peninsula(offline_gazetteer):
    """News and GeoNames' annotators write "Korea" for the Republic of Korea; Natural Earth's
    label "Korea" for the peninsula is "the Korean Peninsula" in news."""
    korea = offline_gazetteer.lookup("Korea")
    assert "KR" in {c.country_code for c in korea if c.feature_code == "PCLI"}
    assert not [c for c in korea if c.source == "ne-physical"]
    assert _of_kind(offline_gazetteer, "Korean Peninsula", "PEN")


@pytest.mark.parametrize(("name", "cc", "south", "north", "west", "east"), [
    ("New England", "US", 41, 46, -73.5, -68), ("Mid-Atlantic", "US", 39, 43, -78, -73),
    ("Atlantic Canada", "CA", 44, 50, -67, -55), ("North Caucasus", "RU", 42, 46, 38, 48),
])
def test_subregions_news_names_are_regions_of_their_country(
        offline_gazetteer, name, cc, south, north, west, east):
    found = [c for c in offline_gazetteer.lookup(name) if c.source == "ne-regions"]
    assert [(c.feature_code, c.country_code) for c in found] == [("RGN", cc)]
    assert south <= found[0].lat <= north and west <= found[0].lon <= east


@pytest.mark.parametrize("name", ["Lake Baikal", "Lake Erie", "Lake Victoria"])
def test_a_lake_another_extract_has_keeps_natural_earth_s_scale_rank(offline_gazetteer, name):
    """cadis's record of a lake Natural Earth also labels is the one candidate; it carries
    Natural Earth's scale rank, so the lake weighs and is placed as Natural Earth's own
    features are."""
    lakes = [c for c in offline_gazetteer.lookup(name) if c.feature_code == "LK"]
    assert [c.source for c in lakes] == ["cadis"]
    assert lakes[0].scale_rank is not None and lakes[0].scale_rank <= 2


@pytest.mark.parametrize(("name", "rank"), [
    ("North Sea", 2.0), ("Mediterranean Sea", 1.0), ("Red Sea", 1.0), ("Bay of Bengal", 1.0),
    ("Adriatic Sea", 3.0),
])
def test_a_sea_keeps_natural_earth_s_scale_rank_as_one_candidate(offline_gazetteer, name,
                                                                  rank):
    """cadis's seas gain the scale rank of Natural Earth's polygon of the same name: the
    Mediterranean's two basins make one sea, and the Red Sea is matched though two states
    bear its name."""
    seas = [c for c in offline_gazetteer.lookup(name) if c.feature_code == "SEA"]
    assert len(seas) == 1 and seas[0].scale_rank == rank


def test_a_sea_cadis_lacks_is_natural_earth_s_at_geonames_point_across_the_antimeridian(
        offline_gazetteer):
    """Natural Earth's Bering Sea, which cadis lacks, joined to GeoNames' record of it: one
    sea, at GeoNames' point west of the antimeridian."""
    (c,) = [c for c in offline_gazetteer.lookup("Bering Sea") if c.feature_code == "SEA"]
    assert c.source == "geonames-regions" and c.geonameid == 4031788
    assert 52 < c.lat < 66 and abs(c.lon) > 160
