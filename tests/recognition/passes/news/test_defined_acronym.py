"""The defined-acronym pass: "the Democratic Republic of the Congo (DRC)"."""

from geoparser.recognition.passes.news.defined_acronym import DefinedAcronym
from tests.recognition.passes.known import at, proposed

TEXT = "the Democratic Republic of the Congo (DRC). Later the DRC and A/DRC/07 said."


def test_every_word_alone_use_of_a_defined_acronym_is_proposed():
    found = [at(TEXT, "Democratic Republic of the Congo")]
    assert proposed(DefinedAcronym(), TEXT, found) == [
        ("DRC", "defined-acronym"), ("DRC", "defined-acronym")]


def test_an_acronym_after_no_mention_is_not_defined():
    assert proposed(DefinedAcronym(), TEXT) == []
