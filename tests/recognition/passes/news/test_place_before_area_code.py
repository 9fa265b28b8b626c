"""The passes for a place before its area's code, with a comma and (postal) without."""

from geoparser.recognition.passes.news.place_before_area_code import (
    place_before_area_code,
    place_before_postal_code,
)
from tests.recognition.passes.known import Known, proposed


class _Within(Known):
    def __init__(self, *pairs, small=()):
        super().__init__()
        self.pairs, self.small = set(pairs), set(small)

    def within(self, pairs, min_population=0):
        return {p: p in self.pairs and not (min_population and p[0] in self.small)
                for p in pairs}


def test_the_longest_name_the_area_holds_is_proposed():
    text = "Researchers at Stanford University Palo Alto, CA said"
    known = _Within(("Palo Alto", "CA"), ("Alto", "CA"))
    assert proposed(place_before_area_code(), text, known=known) == [
        ("Palo Alto", "place-before-area-code")]


def test_a_gazetteer_that_knows_no_area_proposes_nothing():
    assert proposed(place_before_area_code(), "Invitrogen, Carlsbad, CA") == []


def test_a_postal_code_without_a_comma_needs_a_town_of_its_size():
    text = "From Austin TX and Vincent AL."
    known = _Within(("Austin", "TX"), ("Vincent", "AL"), small={"Vincent"})
    assert proposed(place_before_postal_code(), text, known=known) == [
        ("Austin", "place-before-area-code")]


def test_the_two_passes_have_their_own_names():
    assert {place_before_area_code().name, place_before_postal_code().name} == {
        "place-before-area-code", "place-before-postal-code"}
