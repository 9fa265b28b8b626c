"""A town's other names written in capitals are codes (GeoNames lists its airport's letters
among them): found by text written so, never by the same letters as a word."""

import pytest

from geoparser.gazetteers import offline
from geoparser.gazetteers.sqlite_index import PlaceRecord, build_index
from geoparser.model import Candidate


@pytest.mark.parametrize(("word", "town"), [
    ("Add", "Addis Ababa"), ("Lax", "Los Angeles"), ("La", "Los Angeles"), ("Sof", "Sofia"),
    ("Sin", "Singapore"), ("Sea", "Seattle"), ("Old", "Old Town"), ("Cup", "Carúpano"),
    ("Wow", "Willow"), ("Nov", "Huambo"),
])
def test_a_word_is_no_town_by_its_airport_letters(offline_gazetteer, word, town):
    assert town not in {c.name for c in offline_gazetteer.lookup(word)}


@pytest.mark.parametrize(("code", "town"), [
    ("LAX", "Los Angeles"), ("NYC", "New York City"), ("LA", "Los Angeles"),
    ("SF", "San Francisco"), ("HK", "Hong Kong"),
    ("ADD", "Addis Ababa"),
])
def test_a_code_written_in_capitals_finds_its_town(offline_gazetteer, code, town):
    assert town in {c.name for c in offline_gazetteer.lookup(code)}


@pytest.mark.parametrize("written", ["D. C.", "D.C.", "d.c."])
def test_an_abbreviation_with_dots_is_a_name_in_any_case(offline_gazetteer, written):
    # the war reports' "Washington, D. C.": dots make it no airport code
    assert "Washington" in {c.name for c in offline_gazetteer.lookup(written)}


def test_ind_is_indiana_not_indianapolis(offline_gazetteer):
    # "Ind." was Indiana and Indianapolis (IND); news writes it for the state
    assert {c.name for c in offline_gazetteer.lookup("Ind.")} == {"Indiana"}


def test_a_place_found_by_its_name_and_its_code_is_one_candidate(tmp_path):
    town = Candidate("t", "geonames:1", "Ada", 1.0, 2.0, 5000, 1, "XX", None, "P")
    path = tmp_path / "codes.sqlite"
    build_index(path, [PlaceRecord(town, ("Adda",), codes=("ADA", "ADX"))],
                {"source_version": offline.source_version()})
    gazetteer = offline.OfflineGazetteer(path)
    assert [c.name for c in gazetteer.lookup("ADA")] == ["Ada"]
    assert [c.name for c in gazetteer.lookup("ADX")] == ["Ada"]
    assert gazetteer.lookup("Adx") == []
    assert [c.name for c in gazetteer.lookup_written(["Adda"])["Adda"]] == ["Ada"]
