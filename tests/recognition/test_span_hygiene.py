"""Span hygiene: mentions trimmed as gold writes them; toponyms inside organisation names."""

import pytest

from geoparser.model import Mention
from geoparser.recognition.span_hygiene import embedded_spans, joined_parts, tidy, trim


@pytest.mark.parametrize(("text", "written", "gold"), [
    ("Troops left the United States today.", "the United States", "United States"),
    ("Fighting in the Gaza Strip resumed.", "the Gaza Strip", "Gaza Strip"),
    ("The United Kingdom's exports fell.", "The United Kingdom's", "United Kingdom"),
    ("Texas' new law passed.", "Texas'", "Texas"),
    ("He said \u201cParis\u201d twice.", "\u201cParis\u201d", "Paris"),
    ("They flew to Kenya.", "Kenya.", "Kenya"),
    ("(Lagos) was calm.", "(Lagos)", "Lagos"),
    ("She lives in Washington, D.C.", "D.C.", "D.C."),
    ("She lives in St. Louis now.", "St.", "St."),
    ("Trade with the U.S. grew.", "the U.S.", "U.S."),
    ("CHARLESTON, W.Va. (AP) said", "W.Va.", "W.Va."),
    ("Floods in the UK.", "UK.", "UK"),
    ("fighting in south Sudan and Darfur", "south Sudan", "Sudan"),
    ("camps in northern Iraq", "northern Iraq", "Iraq"),
    ("refugees in north-west Syria", "north-west Syria", "Syria"),
    ("a visit to South Sudan", "South Sudan", "South Sudan"),
    ("news from south africa", "south africa", "south africa"),
    ("It is sold in the U.S. Virgin Islands.", "U.S. Virgin Islands.", "U.S. Virgin Islands"),
    ("She was born in St. Louis.", "St. Louis.", "St. Louis"),
    ("The deal was signed in Washington, D.C.", "Washington, D.C.", "Washington, D.C."),
    ("Trade with the U.S.A.", "U.S.A.", "U.S.A."),
    ("Rain in Platte Co. again", "Platte Co.", "Platte Co."),
    ("Goleta-foothills-to-Carpinteria-coast views", "-Carpinteria-", "Carpinteria"),
    ("PLEASANTON, Calif.--( )--DeltaTrak", "Calif.--", "Calif."),
    ("the Paris—Dakar rally", "Paris—", "Paris"),
    ("in Guinea-Bissau today", "Guinea-Bissau", "Guinea-Bissau"),
    ("Jobs went to the U.S..", "U.S..", "U.S."),
    ("Nobody came to Kenya...", "Kenya...", "Kenya"),
])
def test_trim_writes_the_name_as_gold_does(text, written, gold):
    start = text.index(written)
    edges = trim(text, start, start + len(written))
    assert edges is not None and text[edges[0]:edges[1]] == gold


def test_a_mention_of_nothing_but_punctuation_is_dropped():
    text = "He said: \u201c\u201d."
    m = Mention(9, 11, text[9:11], "GPE")
    assert tidy([m]) == []


def test_two_mentions_that_trim_to_one_span_are_one():
    a = Mention(3, 12, "the Congo", "GPE", "a")
    b = Mention(7, 12, "Congo", "GPE", "b")
    assert [(m.text, m.recogniser) for m in tidy([a, b])] == [("Congo", "a")]


@pytest.mark.parametrize(("text", "written", "gold"), [
    ("CHARLESTON, W.Va. Democrat Joe Manchin said", "W.Va", "W.Va."),
    ("jobs in the U.S. economy", "U.S", "U.S."),
    ("a rally in Washington, D.C. on Sunday", "D.C", "D.C."),
])
def test_an_abbreviation_gets_back_the_stop_a_tagger_cut(text, written, gold):
    """A word-level tagger may end "W.Va." at "W.Va"; gold and the gazetteer write the stop."""
    assert [m.text for m in tidy([mention_of(text, written)], text)] == [gold]


@pytest.mark.parametrize(("text", "written"), [
    ("She drove to Kenya. Then home.", "Kenya"),
    ("He works for NASA. Then left.", "NASA"),
    ("It is in Va. now", "Va."),
])
def test_a_stop_after_a_name_that_is_no_abbreviation_stays_the_sentence_s(text, written):
    assert [m.text for m in tidy([mention_of(text, written)], text)] == [written]


def mention_of(text, written):
    start = text.index(written)
    return Mention(start, start + len(written), written, "GPE")


@pytest.mark.parametrize(("text", "written"), [
    ("a US$460 million financial settlement", "US$"),
    ("a US$460 million financial settlement", "US"),
    ("fined HK$ 5,000 on Monday", "HK"),
    ("it cost A\u20ac3 in Dublin", "A"),
    ("worth NZ$12m", "NZ$"),
])
def test_a_code_written_into_a_currency_is_money_not_a_place(text, written):
    assert tidy([mention_of(text, written)], text) == []


@pytest.mark.parametrize(("text", "written"), [
    ("billion US dollars in aid", "US"),
    ("aid to the US $5 a head", "US"),
    ("prices in Hong Kong rose", "Hong Kong"),
])
def test_a_place_beside_money_is_still_a_place(text, written):
    assert [m.text for m in tidy([mention_of(text, written)], text)] == [written]


def test_a_currency_span_is_money_even_without_its_text():
    assert tidy([Mention(2, 5, "US$", "GPE")]) == []


def known(*names):
    def ask(candidates):
        return {n: n in names for n in candidates}
    return ask


@pytest.mark.parametrize(("text", "org", "places", "found"), [
    ("The Texas Department of Transportation said", "Texas Department of Transportation",
     ("Texas",), ["Texas"]),
    ("at the University of Nebraska at Omaha today", "University of Nebraska at Omaha",
     ("Nebraska", "Omaha", "University"), ["Nebraska", "Omaha"]),
    ("held in the Anderson County Jail on", "the Anderson County Jail",
     ("Anderson", "Anderson County"), ["Anderson County"]),
    ("students of Fort Mill High School won", "Fort Mill High School",
     ("Fort Mill", "Fort"), ["Fort Mill"]),
    ("wrote the St. Paul Pioneer Press on", "the St. Paul Pioneer Press",
     ("St. Paul", "Pioneer"), ["St. Paul"]),
    ("a new Bank of England rule", "Bank of England", ("England", "Bank"), ["England"]),
    ("a target of the Bank of England.", "Bank of England.", ("England", "England."),
     ["England"]),
])
def test_toponyms_inside_organisation_names(text, org, places, found):
    start = text.index(org)
    got = embedded_spans(text, start, start + len(org), known(*places))
    assert [text[a:b] for a, b in got] == found


def test_an_organisation_named_alone_after_a_place_is_not_the_place():
    text = "Paris said"
    assert embedded_spans(text, 0, 5, known("Paris")) == []


def _mentions(text, *names):
    out = []
    for n in names:
        start = text.index(n, out[-1].end if out else 0)
        out.append(Mention(start, start + len(n), n, "TOPONYM", "t"))
    return out


@pytest.mark.parametrize(("text", "split", "joined"), [
    ("Storms in Southern California.", ("Southern", "California"), ["Southern California"]),
    ("Fighting in Eastern Ghouta.", ("Eastern", "Ghouta"), ["Eastern Ghouta"]),
    ("Rain in North-East England.", ("North-East", "England"), ["North-East England"]),
    # not joined: no direction word, a comma between, a lower-case word
    ("Paris Texas", ("Paris", "Texas"), ["Paris", "Texas"]),
    ("the West, Texas", ("West", "Texas"), ["West", "Texas"]),
    ("the eastern Ghouta", ("eastern", "Ghouta"), ["eastern", "Ghouta"]),
])
def test_a_direction_word_and_the_place_after_it_are_one_mention(text, split, joined):
    assert [m.text for m in joined_parts(text, _mentions(text, *split))] == joined


@pytest.mark.parametrize(("text", "written"), [
    ("Cases of West Nile virus rose in July.", "West Nile"),
    ("Both Ebola and related Marburg hemorrhagic fever are deadly.", "Marburg"),
    ("An outbreak of Rift Valley fever in cattle.", "Rift Valley"),
    ("The Reston ebolavirus does not sicken people.", "Reston"),
])
def test_a_place_in_a_disease_s_name_is_no_toponym(text, written):
    assert tidy([mention_of(text, written)], text) == []


@pytest.mark.parametrize(("text", "written"), [
    ("The virus reached West Nile, a province of Uganda.", "West Nile"),
    ("Fever cases in Marburg rose.", "Marburg"),
])
def test_a_place_a_disease_is_found_in_is_still_a_place(text, written):
    assert [m.text for m in tidy([mention_of(text, written)], text)] == [written]


@pytest.mark.parametrize(("text", "written"), [
    ("strains isolated in South and Central Europe", "South"),
    ("surveillance in Central and South America", "Central"),
    ("identified from South, Southeast, East, and Northwest China.", "Southeast"),
    ("wild birds in West & Central Asian countries", "West"),
    ("prevalence in Northern and Southern\r\nChina", "Northern"),
    ("farms in Eastern and Central Europe", "Eastern"),
])
def test_a_direction_sharing_the_name_after_it_is_no_toponym(text, written):
    assert tidy([mention_of(text, written)], text) == []


@pytest.mark.parametrize(("text", "written"), [
    ("relations between Russia and the West. The", "West"),
    ("the provinces of Nyanza, North Eastern and Western. Officials", "Western"),
    ("a rivalry of East and West", "East"),
    ("North and south of the river", "North"),
])
def test_a_direction_standing_for_itself_is_kept(text, written):
    assert [m.text for m in tidy([mention_of(text, written)], text)] == [written]
