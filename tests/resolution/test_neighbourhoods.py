"""Neighbourhoods the gazetteer lists, placed inside the story's city, not in a namesake town."""

import pytest

from geoparser.distance import haversine_km


@pytest.fixture(scope="module")
def default_geoparser():
    from geoparser import Geoparser

    return Geoparser()


@pytest.mark.parametrize(("text", "name", "near"), [
    ("Police in New York said the shooting in Harlem was the third this week.", "Harlem",
     (40.81, -73.95)),                                    # Manhattan, not Harlem, Georgia
    ("Residents of Kilburn in north London protested against the closure.", "Kilburn",
     (51.55, -0.19)),                                     # London, not Derbyshire
    ("In Chicago, the shooting happened in Englewood late on Friday.", "Englewood",
     (41.78, -87.64)),                                    # Chicago, not Englewood, Colorado
])
def test_harlem_in_a_new_york_story_is_in_manhattan(default_geoparser, text, name, near):
    doc = default_geoparser.parse(text)
    placed = {r.mention.text: r.candidate for r in doc.resolutions}
    assert placed[name] is not None
    assert haversine_km(placed[name].lat, placed[name].lon, *near) < 10
