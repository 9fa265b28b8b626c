"""Names whose form says what they are: municipal words, streets and buildings."""

import pytest

from geoparser.gazetteers.name_forms import bare_form, facility_code


@pytest.mark.parametrize(("written", "bare"), [
    ("Readington Township", "Readington"), ("the Township of Readington", "Readington"),
    ("Wall Twp.", "Wall"), ("the Borough of Fair Lawn", "Fair Lawn"), ("Readington", None),
])
def test_bare_form_leaves_the_municipal_word_off(written, bare):
    assert bare_form(written) == bare


@pytest.mark.parametrize(("name", "code"), [
    ("Royal Street", "ST"), ("14th St.", "ST"), ("Victoria St", "ST"), ("Collins Avenue", "ST"),
    ("N. Bedford Drive", "ST"), ("Kingsley Road", "RD"), ("St. Peter's Square", "SQR"),
    ("Colchester General Hospital", "HSP"), ("Manila Cathedral", "CH"),
    ("Rogers Centre", "BLDG"), ("City Hall", "BLDG"), ("Florida Atlantic University", "UNIV"),
    ("Jamsil Stadium", "STDM"), ("New Bilibid Prison", "PRN"),
    # one word, a lower-case opening, or no street's or building's word: not one
    ("Street", None), ("Hospital", None), ("the main street", None), ("Royal", None),
    ("Texas", None), ("Hudson River", None), ("Harris County", None),
])
def test_facility_code_reads_a_street_or_building_off_its_last_word(name, code):
    assert facility_code(name) == code
