"""The possessed-facility pass: "Seoul's Jamsil Stadium"."""

from geoparser.recognition.passes.news.possessed_facility import PossessedFacility
from tests.recognition.passes.known import at, proposed


def test_a_building_after_a_place_s_possessive_is_proposed():
    text = "Fans queued outside Seoul's Jamsil Stadium on Friday."
    assert proposed(PossessedFacility(), text, [at(text, "Seoul")]) == [
        ("Jamsil Stadium", "possessed-facility")]


def test_a_person_s_title_after_the_possessive_is_not():
    text = "Seoul's Mayor Park Street spoke."
    assert proposed(PossessedFacility(), text, [at(text, "Seoul")]) == []
