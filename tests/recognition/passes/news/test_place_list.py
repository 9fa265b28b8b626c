"""The place-list pass: the other names of a list whose names a recogniser found."""

from geoparser.recognition.passes.news.place_list import LIST_EVIDENCE, PlaceList
from tests.recognition.passes.known import at, proposed

TEXT = "Suba, Migori, Homa Bay and Rongo are affected."


def test_a_list_with_enough_names_found_proposes_all_of_them():
    found = [at(TEXT, "Suba"), at(TEXT, "Migori")][:LIST_EVIDENCE]
    assert [n for n, _ in proposed(PlaceList(), TEXT, found)] == [
        "Suba", "Migori", "Homa Bay", "Rongo"]


def test_a_list_with_one_name_found_proposes_none():
    assert proposed(PlaceList(), TEXT, [at(TEXT, "Suba")]) == []
