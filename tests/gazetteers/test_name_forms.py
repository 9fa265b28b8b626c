"""Names whose form says what they are: municipal words, streets and buildings."""

import pytest

from geoparser.gazetteers.name_forms import (
    bare_form,
    facility_code,
    municipality_bare_form,
    natural_code,
    natural_place_name,
    unlisted_code,
)


@pytest.mark.parametrize(("written", "bare"), [
    ("Readington Township", "Readington"), ("the Township of Readington", "Readington"),
    ("Wall Twp.", "Wall"), ("the Borough of Fair Lawn", "Fair Lawn"), ("Readington", None),
])
def test_bare_form_leaves_the_municipal_word_off(written, bare):
    assert bare_form(written) == bare


@pytest.mark.parametrize(("written", "bare"), [
    ("Woodbridge Township", "Woodbridge"), ("the Township of Readington", "Readington"),
    ("Wall Twp.", "Wall"), ("Borough of Fair Lawn", "Fair Lawn"),
    ("Mostar Municipality", "Mostar"),
    # a city's, town's or village's word also ends a club's or a building's name
    ("Manchester City", None), ("Eva's Village", None), ("Grants Town", None),
    ("Woodbridge", None), ("the township", None),
])
def test_a_municipality_s_own_word_comes_off_but_not_a_city_s(written, bare):
    assert municipality_bare_form(written) == bare


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


@pytest.mark.parametrize(("name", "code", "made_of"), [
    ("Tijuana River", "STM", "Tijuana"), ("Salinas Valley", "VAL", "Salinas"),
    ("Mahim Creek", "STM", "Mahim"), ("Islington Bay", "BAY", "Islington"),
    ("Waiheke Island", "ISL", "Waiheke"), ("Pilanesburg Mountains", "MTS", "Pilanesburg"),
    ("Lake Manassas", "LK", "Manassas"), ("Mount Chaambi", "MT", "Chaambi"),
    ("Isle of Wight", "ISL", "Wight"), ("San Fernando Valley", "VAL", "San Fernando"),
])
def test_natural_code_reads_a_river_valley_island_or_lake_off_its_name(name, code, made_of):
    assert natural_code(name) == code
    assert natural_place_name(name) == made_of
    assert unlisted_code(name) == code


@pytest.mark.parametrize("name", ["River", "Lake", "the river", "Big river", "Texas",
                                  "Royal Street", "Lake"])
def test_a_name_that_is_no_natural_feature_has_no_natural_code(name):
    assert natural_code(name) is None and natural_place_name(name) is None


def test_a_street_is_read_as_a_street_before_a_natural_feature():
    assert unlisted_code("Lake Street") == "ST"
