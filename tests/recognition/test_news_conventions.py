"""Newspapers' conventions: datelines, area abbreviations after a place, plural lists."""

from geoparser.model import Mention
from geoparser.recognition.news_conventions import convention_mentions


def known(*names):
    def ask(candidates):
        return {n: n in names for n in candidates}
    return ask


def names(text, mentions=(), places=()):
    return [m.text for m in convention_mentions(text, list(mentions), known(*places))]


def at(text, name, label="GPE"):
    start = text.index(name)
    return Mention(start, start + len(name), name, label, "r")


def test_a_capitals_dateline_is_a_toponym():
    assert names("XENIA \u2014 The city council met.", places=("XENIA",)) == ["XENIA"]
    assert names("ATLANTA \u2013 Rain fell.", places=("ATLANTA",)) == ["ATLANTA"]


def test_a_dateline_with_state_and_agency_gives_both():
    text = "CHARLESTON, W.Va. (AP) \u2014 Lawmakers met."
    assert names(text, places=("CHARLESTON",)) == ["CHARLESTON", "W.Va."]
    assert names("EDMONTON, Ky \u2014 A fire.", places=("EDMONTON", "Ky")) == ["EDMONTON", "Ky"]


def test_a_capitals_opening_the_gazetteer_does_not_know_is_no_dateline():
    assert names("UPDATE \u2014 The road reopened.") == []


def test_a_province_abbreviation_after_a_place_is_a_toponym():
    text = "The mayor of Gatineau, Que. spoke."
    assert names(text, [at(text, "Gatineau")]) == ["Gatineau", "Que."]


def test_a_lowercase_word_after_a_comma_is_no_abbreviation():
    text = "Gatineau, he said."
    assert names(text, [at(text, "Gatineau")]) == ["Gatineau"]


def test_a_list_closed_by_counties_is_one_toponym_a_name():
    text = "Storms hit Becker, Clay, Douglas, Grant, Mahnomen counties on Friday."
    places = ("Becker", "Clay", "Douglas", "Grant", "Mahnomen")
    assert names(text, places=places) == list(places)


def test_two_counties_joined_by_and_replace_one_span_over_both():
    text = "in Oconee and Oglethorpe counties"
    wrong = at(text, "Oconee and Oglethorpe")
    assert names(text, [wrong], places=("Oconee", "Oglethorpe")) == ["Oconee", "Oglethorpe"]


def test_a_mention_already_made_is_kept_as_it_is():
    text = "ATLANTA \u2014 Rain fell."
    kept = at(text, "ATLANTA", "TOPONYM")
    got = convention_mentions(text, [kept], known("ATLANTA"))
    assert got == [kept]


def test_area_abbreviations_in_a_list_are_toponyms():
    assert names("Storms moved through S.C. and N.C. on Monday.") == ["S.C.", "N.C."]
    assert names("Rain in Va., Md. and D.C. today.") == ["Va.", "Md.", "D.C."]
    text = "Fires in Texas and Okla. spread."
    assert names(text, [at(text, "Texas")]) == ["Texas", "Okla."]


def test_an_abbreviation_alone_or_before_a_name_is_no_list():
    assert names("Col. Smith and Miss. Jones met.") == []
    assert names("Ask S.C. Johnson and N.C. today.") == []
    assert names("He moved to Tenn. in 1990.") == []
