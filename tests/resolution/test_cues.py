"""Text cues around a mention: newspaper abbreviations, "County X", "X city"."""

import pytest

from geoparser.resolution import cues


@pytest.mark.parametrize("text, expected", [
    ("Lancaster, Pa. police said", ("US", "PA")),
    ("Fresno, Calif., on Monday", ("US", "CA")),
    ("Lexington, Ky.", ("US", "KY")),
    ("Albany, N.Y., officials", ("US", "NY")),
    ("Victoria, B.C. residents", ("CA", "02")),
    ("Lancaster, PA 17602", ("US", "PA")),
    ("London, Ont.", ("CA", "08")),
])
def test_state_and_province_abbreviations_name_their_area(text, expected):
    end = text.index(",")
    assert cues.abbreviated_container(text, end) == expected


@pytest.mark.parametrize("text", [
    "Lancaster, Paris and Rome",   # "Pa" inside a word is not Pennsylvania
    "Lancaster in Pa.",            # only right after a comma
    "Lancaster, PAX",
])
def test_no_abbreviation_where_there_is_none(text):
    assert cues.abbreviated_container(text, text.index(" ") if "," not in text
                                      else text.index(",")) is None


@pytest.mark.parametrize("text, name, cue", [
    ("Rain in County Galway today", "Galway", "area"),
    ("the county of Kerry", "Kerry", "area"),
    ("Washington State officials", "Washington", "area"),
    ("the state of New York", "New York", "area"),
    ("Kyoto Prefecture said", "Kyoto", "area"),
    ("Galway city centre", "Galway", "city"),
    ("the city of Kyoto", "Kyoto", "city"),
    ("New York City", "New York", "city"),
    ("Flights from Paris to Kyoto", "Kyoto", None),
])
def test_a_name_reads_an_area_cue_a_city_cue_or_none(text, name, cue):
    start = text.index(name)
    found = {"area": cues.area_cue(text, start, start + len(name)),
             "city": cues.city_cue(text, start, start + len(name))}
    assert {kind for kind, fired in found.items() if fired} == ({cue} if cue else set())


def test_a_governor_or_upstate_makes_a_state():
    for text, name in [("New York Governor Andrew Cuomo spoke.", "New York"),
                       ("the governor of Ontario said", "Ontario"),
                       ("a farm in upstate New York", "New York"),
                       ("Oklahoma lawmakers will convene", "Oklahoma")]:
        start = text.index(name)
        assert cues.area_cue(text, start, start + len(name)), text
    text = "The governor flew to New York City."
    start = text.index("New York")
    assert not cues.area_cue(text, start, start + len("New York"))


def test_a_list_closed_by_a_plural_makes_areas_unless_turned_off_to_measure_it():
    text = "Schools in Oconee and Oglethorpe counties closed early."
    for name in ("Oconee", "Oglethorpe"):
        start = text.index(name)
        assert cues.area_cue(text, start, start + len(name)), name
        assert not cues.area_cue(text, start, start + len(name), plural_list=False), name
    text = "Oconee and Oglethorpe closed early."
    assert not cues.area_cue(text, 0, len("Oconee"))


@pytest.mark.parametrize("text, name, kind", [
    ("searched a plane at Heathrow airport.", "Heathrow", "airport"),
    ("stuck on the Greek island of Samos", "Samos", "island"),
    ("along the river Fergus at Ennis", "Fergus", "river"),
    ("a swim in lake Geneva", "Geneva", "lake"),
    ("the Mission neighborhood of San Francisco", "Mission", "neighbourhood"),
    ("the Salinas valley", "Salinas", "valley"),
    ("a farm on Long Island", "Long Island", "island"),
    ("snow at Lake Tahoe", "Lake Tahoe", "lake"),
    ("the Isle of Wight ferry", "Isle of Wight", "island"),
])
def test_kind_cues(text, name, kind):
    start = text.index(name)
    assert cues.kind_cue(text, start, start + len(name)) == kind


@pytest.mark.parametrize("text, name", [
    ("Flights from Paris to Kyoto", "Kyoto"),
    ("Heathrow's airport", "Heathrow"),  # the town's airport, not the airport by its name
    ("in Samos, Greece", "Samos"),
    ("in Long Island City", "Long Island City"),  # "Island" is no word at its edge
    ("in Island, Kentucky", "Island"),  # a name of one word is no name of a kind
])
def test_no_kind_cue_where_the_text_gives_none(text, name):
    start = text.index(name)
    assert cues.kind_cue(text, start, start + len(name)) is None


@pytest.mark.parametrize("text, name, first_level", [
    ("New York state governor David Paterson", "New York", True),
    ("in the province of Ontario", "Ontario", True),
    ("New York Governor Andrew Cuomo", "New York", True),
    ("the seat of Lexington County", "Lexington", False),
    ("in County Galway", "Galway", False),
])
def test_first_level_cues(text, name, first_level):
    start = text.index(name)
    assert cues.first_level_cue(text, start, start + len(name)) is first_level


@pytest.mark.parametrize("text, name", [
    ("in the English city of Salisbury", "English"),
    ("the southern Chinese province of Hubei", "Chinese"),
    ("on the Greek island of Samos", "Greek"),
    ("The Texas town of Uvalde", "Texas"),
])
def test_the_word_before_of_is_the_next_name_s(text, name):
    """"the English city of Salisbury" calls Salisbury a city, not English."""
    start = text.index(name)
    end = start + len(name)
    assert cues.held_name_start(text, start, end) == text.index(" of ") + 4
    assert not cues.city_cue(text, start, end)
    assert not cues.area_cue(text, start, end)
    assert not cues.first_level_cue(text, start, end)
    assert cues.kind_cue(text, start, end) is None


@pytest.mark.parametrize("text, name, cue", [
    ("Farmers in Kano State of Nigeria", "Kano", cues.first_level_cue),
    ("the Hubei province of China", "Hubei", cues.first_level_cue),
    ("the Mission district of San Francisco", "Mission", cues.area_cue),
])
def test_a_name_s_own_word_before_of_still_counts(text, name, cue):
    """Without "the", or with an area's word after a name that is no people, the word is the
    mention's own."""
    start = text.index(name)
    assert cues.held_name_start(text, start, start + len(name)) is None
    assert cue(text, start, start + len(name))
