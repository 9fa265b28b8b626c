"""The dateline pass: a line opening with a place in capitals and a dash."""

from geoparser.recognition.passes.news.dateline import Dateline
from tests.recognition.passes.known import proposed


def test_a_dateline_proposes_its_place_and_its_area():
    assert proposed(Dateline(), "CHARLESTON, W.Va. (AP) \u2014 Lawmakers met.") == [
        ("CHARLESTON", "dateline-place"), ("W.Va.", "dateline-area")]


def test_capitals_inside_a_line_are_no_dateline():
    assert proposed(Dateline(), "He said XENIA \u2014 a town.") == []
