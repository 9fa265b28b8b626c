"""Neighbourhoods from Who's On First: found by name, placed in their city, named sensibly and
each carrying the licence of its source."""

import pytest

from geoparser.distance import distance_km
from geoparser.gazetteers import extras_source


def neighbourhoods(offline_gazetteer, name):
    return [c for c in offline_gazetteer.lookup(name) if c.source == "wof"]


def test_khayelitsha_is_a_neighbourhood_of_cape_town(offline_gazetteer):
    (c,) = neighbourhoods(offline_gazetteer, "Khayelitsha")
    assert (c.country_code, c.admin1, c.feature_code) == ("ZA", "11", "PPLX")
    assert distance_km(c.lat, c.lon, -33.92, 18.42) < 40  # Cape Town


def test_a_neighbourhood_geonames_lists_as_a_town_is_one_place(offline_gazetteer):
    """Kitsilano is a GeoNames town of 43,045 people: Who's On First's copy would make the
    name look ambiguous."""
    found = offline_gazetteer.lookup("Kitsilano")
    assert len(found) == 1 and found[0].population


@pytest.mark.parametrize("name", ["Downtown", "North End", "City Centre", "Midtown Core", "NRC",
                                  "M.I.D", "Ward 5", "Mississippi River",
                                  "University of Alberta", "Centre"])
def test_a_name_that_is_no_place_of_its_own_is_left_out(name):
    from scripts.build_gazetteer_extras import neighbourhood_name_kept

    assert not neighbourhood_name_kept(name)


@pytest.mark.parametrize("name", ["Khayelitsha", "Sea Point", "Kensington Market", "The Annex",
                                  "Chinatown", "Plateau-Mont-Royal", "University Heights"])
def test_a_neighbourhood_name_is_kept(name):
    from scripts.build_gazetteer_extras import neighbourhood_name_kept

    assert neighbourhood_name_kept(name)


def test_every_neighbourhood_carries_the_licence_of_its_source():
    from scripts.build_gazetteer_extras import WOF_LICENCES

    header, places = extras_source.read_extract(
        extras_source.DATA_DIR / "wof-neighbourhoods.jsonl.gz")
    assert "Who's On First" in header["attribution"]
    assert places and {p.licence for p in places} <= set(WOF_LICENCES.values())
    countries = {"CA", "IE", "KE", "NG", "NZ", "PH", "ZA"}
    assert all(p.feature_code == "PPLX" and p.has_point and p.country_code in countries
               for p in places)


def test_a_neighbourhood_is_placed_in_its_city(offline_gazetteer):
    from geoparser import Geoparser

    doc = Geoparser(gazetteer=offline_gazetteer).parse(
        "Protesters marched through Khayelitsha on Monday, Cape Town police said.")
    r = next(r for r in doc.resolutions if r.mention.text == "Khayelitsha")
    assert r.candidate is not None and r.candidate.country_code == "ZA"
    assert r.candidate.feature_code == "PPLX"
