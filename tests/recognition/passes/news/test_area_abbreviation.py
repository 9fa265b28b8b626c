"""The area-abbreviation pass: "Que." of "Gatineau, Que."."""

from geoparser.recognition.passes.news.area_abbreviation import AreaAbbreviation
from tests.recognition.passes.known import at, proposed


def test_an_area_code_after_a_place_is_proposed():
    text = "The mayor of Gatineau, Que. spoke."
    assert proposed(AreaAbbreviation(), text, [at(text, "Gatineau")]) == [
        ("Que.", "area-abbreviation")]


def test_a_lower_case_word_after_a_place_is_not():
    text = "Gatineau, he said."
    assert proposed(AreaAbbreviation(), text, [at(text, "Gatineau")]) == []
