"""Airports (airportsdata, IATA-coded) in the offline gazetteer, by the names news uses."""

import pytest

from geoparser.distance import distance_km


@pytest.mark.parametrize(("name", "lat", "lon"), [
    ("Heathrow Airport", 51.47, -0.46), ("London Heathrow Airport", 51.47, -0.46),
    ("O'Hare International Airport", 41.98, -87.91), ("O'Hare Airport", 41.98, -87.91),
    ("Schiphol Airport", 52.31, 4.76), ("Schiphol", 52.31, 4.76), ("Heathrow", 51.47, -0.46),
    ("Dulles", 38.95, -77.46), ("Logan Airport", 42.36, -71.01),
    ("Kennedy Airport", 40.64, -73.78),
])
def test_airports_by_the_names_news_uses(offline_gazetteer, name, lat, lon):
    airports = [c for c in offline_gazetteer.lookup(name) if c.feature_code == "AIRP"]
    assert airports and min(distance_km(lat, lon, c.lat, c.lon) for c in airports) < 10


def test_an_airport_core_alone_is_no_airport(offline_gazetteer):
    # "Logan" (Boston Logan International Airport) is as often a person or a town.
    assert all(c.feature_code != "AIRP" for c in offline_gazetteer.lookup("Logan"))


def test_a_short_name_that_is_a_citys_is_the_citys(offline_gazetteer):
    # "Cologne Bonn Airport": "Bonn" is the city, never the airport
    assert all(c.feature_code != "AIRP" for c in offline_gazetteer.lookup("Bonn"))


def test_international_airport_names_no_airport(offline_gazetteer):
    # "Denver International Airport" without its city is no name of it
    assert offline_gazetteer.lookup("International Airport") == []


def test_airport_names_as_news_writes_them():
    from scripts.build_gazetteer_extras import airport_names

    assert airport_names("Amsterdam Airport Schiphol", "Amsterdam", major=True) == [
        "Amsterdam Airport Schiphol", "Schiphol Airport", "Schiphol"]
    assert "Logan Airport" in airport_names(
        "General Edward Lawrence Logan International Airport", "Boston")
    assert "Logan" not in airport_names(
        "General Edward Lawrence Logan International Airport", "Boston")
    assert airport_names("Denver International Airport", "Denver") == [
        "Denver International Airport", "Denver Airport"]
    assert "Heathrow" not in airport_names("London Heathrow Airport", "London")  # not major
    assert "Heathrow" in airport_names("London Heathrow Airport", "London", major=True)
    assert "Bonn" not in airport_names("Cologne Bonn Airport", "Cologne", {"Bonn"}, True)


def test_a_hub_weighs_as_natural_earth_labels_it(offline_gazetteer):
    """Natural Earth's scale rank, joined by ICAO code: 2 for a world hub, larger for a
    regional airport, none for one it does not label."""
    def rank(name):
        return next(c.scale_rank for c in offline_gazetteer.lookup(name)
                    if c.feature_code == "AIRP")

    assert rank("Heathrow") == 2.0 and rank("O'Hare") == 2.0
    assert rank("Kennedy Airport") == 5.0
    assert rank("Ocean Reef Club Airport") is None
