"""The place-before-named-area pass: "Nancy, France"."""

from geoparser.recognition.passes.news.place_before_named_area import PlaceBeforeNamedArea
from tests.recognition.passes.known import Known, at, proposed


class _Nancy(Known):
    def within_named(self, pairs):
        return {p: p in {("Nancy", "France"), ("Jones", "Texas")} for p in pairs}


def test_a_place_before_its_country_is_proposed():
    text = "ANSES, Nancy, France"
    assert proposed(PlaceBeforeNamedArea(), text, [at(text, "France")], known=_Nancy()) == [
        ("Nancy", "place-before-named-area")]


def test_a_surname_ending_a_longer_run_is_not():
    text = "said Walter Jones, Texas Republican"
    assert proposed(PlaceBeforeNamedArea(), text, [at(text, "Texas")], known=_Nancy()) == []
