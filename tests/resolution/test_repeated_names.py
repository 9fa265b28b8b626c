"""One name, one place in a story: a placed toponym's name, wherever else the story writes it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geoparser.model import Candidate, Document, Mention, ParsedDocument, Resolution
from geoparser.resolution.repeated_names import said_again

DOUMA = Candidate("test", "1", "Douma", 33.57, 36.40, 110_000, 170654, "SY")
WASHINGTON_DC = Candidate("test", "2", "Washington", 38.90, -77.04, 700_000, 4140963, "US")
WASHINGTON_STATE = Candidate("test", "3", "Washington", 47.50, -120.50, 7_000_000, 5815135,
                             "US", "WA", "A", "ADM1")


def _resolved(text, *places, confidence=0.9):
    """Resolutions of the first occurrence of each (name, candidate) pair, from ``nth`` on."""
    out, start = [], 0
    for name, candidate in places:
        a = text.index(name, start)
        start = a + len(name)
        out.append(Resolution(Mention(a, start, name, "TOPONYM", "tagger"), candidate, 3,
                              "context", "best context score",
                              confidence=confidence if candidate else None))
    return out


def _texts(text, resolutions):
    return [(r.mention.start, text[r.mention.start:r.mention.end]) for r in resolutions]


def test_douma_said_again_is_placed_again():
    text = ("Troops entered Douma on Monday. Rebels said Douma's fall would end it. "
            "In Douma, people waited.")
    [first] = _resolved(text, ("Douma", DOUMA))
    again = said_again(text, [first])
    assert _texts(text, again) == [(44, "Douma"), (74, "Douma")]
    for r in again:
        assert r.candidate is DOUMA and r.confidence == first.confidence
        assert r.reason == "best context score; as where the story first names it (character 15)"
        assert r.mention.recogniser == "tagger"
        assert r.mention.why == "the name of a place this story placed"


def test_an_unplaced_name_is_not_repeated():
    """A person the tagger took for a place and the policy could not place ("Nelson") is not
    multiplied through the story."""
    text = "Nelson said so. Nelson later left."
    assert said_again(text, _resolved(text, ("Nelson", None))) == []
    pointless = Candidate("test", "9", "Nelson", None, None)
    assert said_again(text, _resolved(text, ("Nelson", pointless))) == []


def test_a_name_placed_at_two_places_is_not_repeated():
    text = "Washington met in Washington, and Washington state voted. Washington again."
    placed = _resolved(text, ("Washington", WASHINGTON_DC), ("Washington", WASHINGTON_STATE))
    assert said_again(text, placed) == []


@pytest.mark.parametrize("text", [
    "Douma fell. George Douma spoke.",  # a person's surname
    "Douma fell. The Douma Council met.",  # an organisation's name
    "Douma fell. Douma Analytics grew.",
    "Douma fell. The Douma-Harasta road.",
    "Douma fell. The Douma virus spread.",  # a disease's name
    "Douma fell. See douma.example.org or Douma.com.",
    "Douma fell. O'Douma is another name.",
])
def test_a_name_inside_a_longer_name_is_not_repeated(text):
    assert said_again(text, _resolved(text, ("Douma", DOUMA))) == []


def test_a_word_ending_a_sentence_is_no_part_of_the_name_after_it():
    """"Syria. Douma" is two names; "St. Douma" and "Mr. Douma" are one."""
    text = "Douma fell. He left Syria. Douma is quiet. St. Douma Street; Mr. Douma."
    assert _texts(text, said_again(text, _resolved(text, ("Douma", DOUMA)))) == [(27, "Douma")]


@pytest.mark.parametrize("name", ["CA", "US", "NSW", "Russian", "Texans", "African", "Fes",
                                  "North", "Whereas"])
def test_codes_short_names_peoples_and_directions_are_not_repeated(name):
    """Codes and abbreviations stand for several things; the corpora disagree whether a
    people or an adjective is a toponym ("Russian")."""
    place = Candidate("test", "5", name, 10.0, 10.0, 1_000_000, 5)
    text = f"{name} said. {name} again."
    assert said_again(text, _resolved(text, (name, place))) == []


@pytest.mark.parametrize("code", ["US", "U.S.", "USA", "EU"])
def test_a_country_s_or_union_s_initials_are_repeated(code):
    """A story writes "US" or "EU" for nothing but the country or the union, so their placed
    initials are read again ("60 US diplomats" after "the US consulate"); a first-level area's
    code ("CA", "WA") is not: it stands for several things."""
    country = Candidate("test", "6", "United States", 39.8, -98.5, 327_000_000, 6252001, "US",
                        None, "A", "PCLI")
    union = Candidate("macroregions", "m49:EU", "European Union", 48.9, 14.2, None, None, None,
                      None, "L", "RGN")
    text = f"The {code} consulate closed. Russia expels 60 {code} diplomats."
    again = said_again(text, _resolved(text, (code, union if code == "EU" else country)))
    assert _texts(text, again) == [(text.rindex(code), code)]
    western_asia = Candidate("macroregions", "m49:145", "Western Asia", 31.5, 43.4, None, None,
                             None, None, "L", "RGN")
    assert said_again(text, _resolved(text, (code, western_asia))) == []


def test_a_code_that_is_no_initials_of_its_country_is_not_repeated():
    """A source may name Belgium "BI"; in a paper "BI" is something else, so it is not
    multiplied through the story."""
    belgium = Candidate("test", "7", "Belgium", 50.6, 4.7, 11_000_000, 2802361, "BE", None,
                        "A", "PCLI")
    text = "BI was measured. BI rose again."
    assert said_again(text, _resolved(text, ("BI", belgium))) == []


def test_an_occurrence_a_mention_already_holds_is_left_alone():
    """The policy's own resolution of a longer mention stands ("Douma District")."""
    text = "Douma fell. Douma District voted."
    first = _resolved(text, ("Douma", DOUMA))
    district = Resolution(Mention(12, 26, "Douma District", "TOPONYM", "tagger"), None, 0,
                          "context", "no candidate")
    assert said_again(text, [*first, district]) == []


def test_resolve_repeats_names_only_when_asked(offline_gazetteer):
    """``parse`` reads a placed name again; resolving given (gold) mentions never adds any."""
    from geoparser.pipeline import resolve
    from geoparser.resolution import create_policy

    text = "Floods hit Winnipeg on Monday. Winnipeg's mayor said Winnipeg would recover."
    doc = ParsedDocument(Document("d", text), [Mention(11, 19, "Winnipeg", "GPE", "tagger")])
    policy = create_policy("context")
    [given] = resolve([doc], offline_gazetteer, policy)
    assert [r.mention.start for r in given.resolutions] == [11]
    [parsed] = resolve([doc], offline_gazetteer, policy, repeat_names=True)
    assert [r.mention.start for r in parsed.resolutions] == [11, 31, 53]
    assert [m.start for m in parsed.mentions] == [11, 31, 53]
    assert {r.candidate.geonameid for r in parsed.resolutions} == {6183235}


def _written_by_one_pattern(text: str, name: str) -> list[tuple[int, int]]:
    """What ``_written`` replaced: one pattern compiled per name."""
    import re

    pattern = re.compile(rf"(?<![\w&.'’/-]){re.escape(name)}(?![\w&/-]|['’](?!s\b)|\.\w)")
    return [m.span() for m in pattern.finditer(text)]


@pytest.mark.parametrize(("text", "name"), [
    ("Paris. Paris's mayor left Paris-Orly for Paris.", "Paris"),
    ("Georgia's Georgian Georgia.Tbilisi &Georgia Georgia/", "Georgia"),
    ("aa a.a a'a a’s a", "a"), ("", "Paris"), ("ParisParis Paris", "Paris"),
])
def test_a_name_is_found_where_the_pattern_found_it(text, name):
    from geoparser.resolution.repeated_names import _written

    assert list(_written(text, name)) == _written_by_one_pattern(text, name)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="Pa ris.'’s&/-_é1\n", max_size=40),
       st.sampled_from(["Paris", "Pa", "a", "is", "P.a"]))
def test_a_name_is_found_where_the_pattern_found_it_in_any_text(text, name):
    from geoparser.resolution.repeated_names import _written

    assert list(_written(text, name)) == _written_by_one_pattern(text, name)
