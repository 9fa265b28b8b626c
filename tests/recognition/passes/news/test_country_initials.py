"""The country-initials pass: "DPRK", "UAE", "T&T"."""

from geoparser.recognition.passes.news.country_initials import CountryInitials
from tests.recognition.passes.known import proposed


def test_initials_standing_alone_are_proposed():
    assert proposed(CountryInitials(), "the DPRK-South Korea summit and T&T") == [
        ("DPRK", "country-initials"), ("T&T", "country-initials")]


def test_initials_inside_a_code_are_not():
    assert proposed(CountryInitials(), "strain A/DRC/07 and DPRKs") == []
