"""The listed-area-codes pass: "S.C. and N.C."."""

from geoparser.recognition.passes.news.listed_area_codes import ListedAreaCodes
from tests.recognition.passes.known import at, proposed


def test_codes_a_list_joins_are_proposed():
    assert proposed(ListedAreaCodes(), "Rain in Va., Md. and D.C. today.") == [
        ("Va.", "listed-area-code"), ("Md.", "listed-area-code"), ("D.C.", "listed-area-code")]


def test_a_code_joined_to_a_place_found_is_proposed():
    text = "Fires in Texas and Okla. spread."
    assert proposed(ListedAreaCodes(), text, [at(text, "Texas")]) == [
        ("Okla.", "listed-area-code")]


def test_a_code_alone_is_not():
    assert proposed(ListedAreaCodes(), "He moved to Tenn. in 1990.") == []
