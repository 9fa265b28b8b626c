"""The plural-list pass: each name of "Oconee and Oglethorpe counties"."""

from geoparser.recognition.passes.base import PassInput
from geoparser.recognition.passes.news.plural_list import PluralList
from tests.recognition.passes.known import Known, proposed


def test_each_name_of_a_list_closed_by_a_plural_is_proposed():
    text = "in Oconee and Oglethorpe counties"
    assert proposed(PluralList(), text) == [("Oconee", "plural-list-name"),
                                            ("Oglethorpe", "plural-list-name")]


def test_each_name_carries_the_list_s_extent():
    text = "in Oconee and Oglethorpe counties"
    extents = {p.list_extent for p in PluralList().propose(PassInput(text, [], Known()))}
    assert extents == {(3, 24)}
    assert text[3:24] == "Oconee and Oglethorpe"


def test_a_single_name_before_a_plural_is_no_list():
    assert proposed(PluralList(), "in Oconee counties") == []
