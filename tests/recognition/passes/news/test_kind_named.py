"""The kind-named pass: "the town of Toruń"."""

from geoparser.recognition.passes.news.kind_named import KindNamed
from tests.recognition.passes.known import Known, proposed


def test_the_known_name_after_a_kind_s_word_is_proposed():
    assert proposed(KindNamed(), "the villages of Bumbacari and Dudescu",
                    known=Known("Bumbacari", "Dudescu")) == [
        ("Bumbacari", "kind-named"), ("Dudescu", "kind-named")]


def test_a_name_in_capitals_or_unknown_is_not():
    assert proposed(KindNamed(), "the region of KBR", known=Known("KBR")) == []
    assert proposed(KindNamed(), "the town of Toruń") == []
