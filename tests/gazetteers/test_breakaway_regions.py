"""Regions that broke away from a country (scripts/breakaway_regions.py and the ne-breakaway
extract): worked examples, and the regions as the gazetteer and a parse give them."""

from __future__ import annotations

import pytest

from scripts.breakaway_regions import breakaway_regions


@pytest.fixture(scope="module")
def geoparser_default():
    from geoparser import Geoparser

    return Geoparser()


def _feature(kind: str, name: str, sovereign: str = "GEO") -> dict:
    return {"properties": {"TYPE": kind, "BRK_NAME": name, "BRK_A3": "B99", "SOV_A3": sovereign},
            "geometry": {"type": "Polygon", "coordinates": []}}


def _regions(*features: dict) -> list[dict]:
    return list(breakaway_regions(features, {"GEO": "GE", "UKR": "UA"}.get,
                                  lambda geometry: (42.0, 44.0)))


def test_a_breakaway_region_is_a_region_of_the_country_claiming_it() -> None:
    (region,) = _regions(_feature("Breakaway", "South Ossetia"))
    assert (region["name"], region["cc"], region["lat"], region["lon"]) == (
        "South Ossetia", "GE", 42.0, 44.0)
    assert "South Ossetian" in region["names"]


def test_a_disputed_area_that_did_not_break_away_is_no_region_of_its_own() -> None:
    """Natural Earth's other disputed areas are slivers named after their administrator
    ("India", "Spain"), which the countries already are."""
    assert _regions(_feature("Disputed", "India", "IND")) == []


def test_a_breakaway_region_another_extract_has_is_left_to_it() -> None:
    assert _regions(_feature("Breakaway", "Donbass", "UKR")) == []


def test_south_ossetia_is_in_georgia(offline_gazetteer) -> None:
    """GeoNames has no record of it: news of the 2008 war named a place the gazetteer lacked."""
    (place,) = offline_gazetteer.lookup("South Ossetia")
    assert place.country_code == "GE" and abs(place.lat - 42.3) < 0.5
    assert [c.name for c in offline_gazetteer.lookup("South Ossetian")] == ["South Ossetia"]


def test_nagorno_karabakh_is_in_azerbaijan_by_every_name(offline_gazetteer) -> None:
    for name in ("Nagorno-Karabakh", "Nagorno-Karabakh Republic", "Artsakh"):
        assert [(c.name, c.country_code) for c in offline_gazetteer.lookup(name)] == [
            ("Nagorno-Karabakh", "AZ")]


def test_abkhazia_stays_the_first_level_area(offline_gazetteer) -> None:
    """The merge drops a region's name that an area holds: one Abkhazia, GeoNames' area."""
    assert {c.source for c in offline_gazetteer.lookup("Abkhazia")} <= {
        "natural-earth", "countrystatecity"}


def test_breakaway_south_ossetia_is_placed_in_georgia(geoparser_default) -> None:
    parsed = geoparser_default.parse(
        "Tensions escalated in breakaway South Ossetia after violence last weekend.")
    (place,) = [r for r in parsed.resolutions if r.mention.text == "South Ossetia"]
    assert place.candidate is not None and place.candidate.country_code == "GE"


def test_south_ossetians_are_a_people_of_south_ossetia(geoparser_default) -> None:
    """Its people's name is a demonym, as a country's is: placed at the region, of kind
    ``demonym`` (it had no kind: no demonym list held it)."""
    from geoparser.model import MentionKind

    parsed = geoparser_default.parse(
        "South Ossetians fled north to Russia as Georgian troops entered Tskhinvali.")
    (people,) = [r for r in parsed.resolutions if r.mention.text == "South Ossetians"]
    assert people.demonym and people.kind is MentionKind.DEMONYM
    assert people.candidate is not None and people.candidate.name == "South Ossetia"
