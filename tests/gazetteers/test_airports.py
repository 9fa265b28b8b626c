"""Airports (airportsdata, IATA-coded) in the offline gazetteer, by the names news uses."""

import pytest

from geoparser.distance import distance_km


@pytest.mark.parametrize(("name", "lat", "lon"), [
    ("Heathrow Airport", 51.47, -0.46), ("London Heathrow Airport", 51.47, -0.46),
    ("O'Hare International Airport", 41.98, -87.91), ("O'Hare Airport", 41.98, -87.91),
])
def test_airports_by_the_names_news_uses(offline_gazetteer, name, lat, lon):
    airports = [c for c in offline_gazetteer.lookup(name) if c.feature_code == "AIRP"]
    assert airports and min(distance_km(lat, lon, c.lat, c.lon) for c in airports) < 10


def test_an_airport_core_alone_is_no_airport(offline_gazetteer):
    # "Logan" (Boston Logan International Airport) is as often a person or a town.
    assert all(c.feature_code != "AIRP" for c in offline_gazetteer.lookup("Logan"))
