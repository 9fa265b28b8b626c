"""The footnote-marker pass (scientific papers): "France1", "Hong Kong4,5"."""

from geoparser.recognition.passes.papers.footnote_marker import FootnoteMarker
from tests.recognition.passes.known import Known, proposed


class _Countries(Known):
    def country_or_state(self, names):
        return {n: n in {"France", "Hong Kong"} for n in names}


def test_a_country_with_a_marker_is_proposed_without_it():
    assert proposed(FootnoteMarker(), "Lyon, France1; Kowloon, Hong Kong4,5.",
                    known=_Countries()) == [
        ("France", "footnote-marked-place"), ("Hong Kong", "footnote-marked-place")]


def test_a_town_or_a_word_with_a_number_is_not():
    assert proposed(FootnoteMarker(), "See Table1 and Springfield2.", known=_Countries()) == []
