"""The lists two stages share, one file each: the person titles, which the span decision and
the possessive rule read whole, and the facility heads, which the gazetteer and the span
decision read through their tags."""

from geoparser.decision.name_context import container, heads
from geoparser.decision.word_lists import person_titles
from geoparser.gazetteers.name_forms import FACILITY_HEADS
from geoparser.recognition.passes.news import possessed_facility


def test_the_possessive_rule_reads_an_abbreviated_title_with_its_full_stop():
    assert {"dr.", "sen.", "mayor", "premier"} <= possessed_facility._TITLES
    assert "dr" not in possessed_facility._TITLES
    assert {"coach", "pastor"} <= possessed_facility._TITLES  # the list is read whole


def test_the_span_decision_reads_titles_without_their_full_stop():
    assert {"dr", "sen", "pastor", "mayor", "premier"} <= person_titles()
    assert "dr." not in person_titles()


def test_the_gazetteer_reads_facility_heads_with_their_codes_and_not_the_decisions_alone():
    assert FACILITY_HEADS["stadium"] == "STDM" and FACILITY_HEADS["st."] == "ST"
    assert "court" not in FACILITY_HEADS and "zoo" not in FACILITY_HEADS


def test_the_span_decision_reads_facility_heads_capitalised_beside_its_other_kinds():
    assert heads()["University"] == "facility" and heads()["Zoo"] == "facility"
    assert "Avenue" not in heads() and heads()["Cup"] == "event"
    assert container("Colorado State University", 0, 8) == "facility"
