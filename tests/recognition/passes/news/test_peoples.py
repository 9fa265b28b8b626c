"""The peoples pass: "Russian jets", "Europeans", "Central American migrants"."""

from geoparser.recognition.passes.news.peoples import Peoples
from tests.recognition.passes.known import Known, proposed


def test_a_people_written_alone_is_proposed():
    assert proposed(Peoples(), "Russian jets and Europeans.") == [
        ("Russian", "people"), ("Europeans", "people")]


def test_a_people_opening_a_known_longer_name_is_not():
    assert proposed(Peoples(), "the Indian Ocean", known=Known("Indian Ocean")) == []


def test_two_peoples_in_a_row_are_one_people_and_no_place():
    assert proposed(Peoples(), "African Americans voted.") == []
