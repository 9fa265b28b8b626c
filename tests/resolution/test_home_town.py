"""A paper named for its town (``resolution.home``: home towns), on the offline gazetteer,
from sentences written for these tests: a synthetic Jordan Independent (jordannews.com) whose
stories name Minnesota towns, and a synthetic Paris Post-Intelligencer of Paris, Tennessee."""

from __future__ import annotations

import json
from fractions import Fraction

from geoparser.model import Candidate, Mention
from geoparser.resolution.base import HomeRegion
from geoparser.resolution.home import (
    HomeVotes,
    group_letters,
    home_town_area,
    spelled,
    spells,
)
from tests.resolution.test_home import parsed, resolved

JORDAN = "jordannews.com"
JORDAN_STORIES = [
    ("j1", "Belle Plaine and Montgomery teams met in Minnesota on Friday.",
     ["Belle Plaine", "Montgomery", "Minnesota"]),
    ("j2", "Scott County deputies stopped a driver near Shakopee.", ["Scott County",
                                                                      "Shakopee"]),
]
PARIS = "https://www.parispi.net/news/"
PARIS_STORIES = [
    ("p1", "Henry County and Benton County schools share a bus contract in Tennessee.",
     ["Henry County", "Benton County", "Tennessee"]),
    ("p2", "A Weakley County man was hurt near Puryear.", ["Weakley County", "Puryear"]),
]


def jordan_paper(extra):
    return [parsed(*s, JORDAN) for s in JORDAN_STORIES] + [parsed(*e, JORDAN) for e in extra]


def paris_paper(extra):
    return [parsed(*s, PARIS) for s in PARIS_STORIES] + [parsed(*e, PARIS) for e in extra]


def test_jordan_in_the_jordan_independent_is_jordan_minnesota(offline_gazetteer):
    docs = jordan_paper([("a", "The Jordan volleyball program starts again.", ["Jordan"])])
    r = resolved(offline_gazetteer, docs, "a")["Jordan"]
    assert (r.candidate.country_code, r.candidate.admin1) == ("US", "MN")
    assert "the town group 'jordannews.com' is named for" in r.reason


def test_jordan_in_another_minnesota_paper_is_still_the_country(offline_gazetteer):
    """Only the paper's own name makes a town of a country's name: a St. Cloud paper's
    "Jordan" stays the kingdom."""
    docs = [parsed(*s, "sctimes.com") for s in JORDAN_STORIES] + [
        parsed("a", "The Jordan volleyball program starts again.", ["Jordan"], "sctimes.com")]
    r = resolved(offline_gazetteer, docs, "a")["Jordan"]
    assert r.candidate.country_code == "JO"


def test_paris_in_the_paris_post_intelligencer_is_paris_tennessee(offline_gazetteer):
    docs = paris_paper([("a", "Paris police arrested a man on Routon Street.", ["Paris"])])
    r = resolved(offline_gazetteer, docs, "a")["Paris"]
    assert (r.candidate.country_code, r.candidate.admin1) == ("US", "TN")


def test_paris_france_in_a_paris_tennessee_paper_is_still_france(offline_gazetteer):
    """The story's own cue outweighs the paper's name."""
    docs = paris_paper([("a", "The mayor flew to Paris, France for a summit.",
                         ["Paris", "France"])])
    r = resolved(offline_gazetteer, docs, "a")["Paris"]
    assert r.candidate.country_code == "FR"


def test_paris_without_the_papers_name_is_the_capital(offline_gazetteer):
    docs = [parsed(*s, "Tennessee Weekly") for s in PARIS_STORIES] + [
        parsed("a", "Paris police arrested a man.", ["Paris"], "Tennessee Weekly")]
    r = resolved(offline_gazetteer, docs, "a")["Paris"]
    assert r.candidate.country_code == "FR"


def test_a_group_spells_its_host_name_and_never_its_path():
    assert group_letters("jordannews.com") == ("jordannews",)
    assert group_letters("https://www.theparisnews.com/world/athens-riots") == (
        "wwwtheparisnews",)
    assert group_letters("The Paris News") == ("theparisnews",)
    assert group_letters("thisisoxfordshire.co.uk") == ("thisisoxfordshireco",)
    assert spelled("Kansas City") == ("kansascity",)
    assert group_letters("[Paris/News") == ("parisnews",)  # no address: the key as it is
    assert not spells(group_letters("https://www.theparisnews.com/world/athens-riots"),
                      "Athens")


def test_st_cloud_is_spelled_as_written_and_in_full():
    """A domain writes "stcloud", a title may write "Saint Cloud": both spell "St. Cloud"."""
    assert spells(group_letters("stcloudtimes.com"), "St. Cloud")
    assert spells(group_letters("Saint Cloud Times"), "St. Cloud")
    assert spells(group_letters("St. Cloud Times"), "Saint Cloud")


def c(name, cc, admin1, fclass="P", fcode=None):
    """A place of its own (id and point) for each country and area."""
    key = f"{name}/{cc}/{admin1}"
    spread = sum(map(ord, key)) % 50
    return Candidate("t", key, name, 30.0 + spread / 10, -90.0 - spread / 10, country_code=cc,
                     admin1=admin1, feature_class=fclass, feature_code=fcode)


def votes_of(docs, names):
    v = HomeVotes()
    for group, ms in docs:
        v.add(group, [Mention(0, len(m), m, "GPE") for m in ms], names)
    return v


def test_a_name_shorter_than_four_letters_is_no_home_town():
    """"LA" is spelled by "latimes.com", but two letters name no paper's town."""
    names = {"LA": [c("Los Angeles", "US", "CA")], "Irvine": [c("Irvine", "US", "CA")]}
    assert votes_of([("latimes.com", ["LA", "Irvine"])], names).towns("latimes.com") == ()


def test_the_home_town_is_where_the_stories_point():
    names = {"Jordan": [c("Jordan", "US", "MN"), c("Jordan", "US", "NY"),
                        c("Jordan", "JO", None, "A", "PCLI")],
             "Minnesota": [c("Minnesota", "US", "MN", "A", "ADM1")],
             "Scott County": [c("Scott County", "US", "MN", "A", "ADM2"),
                              c("Scott County", "US", "IA", "A", "ADM2")]}
    v = votes_of([(JORDAN, ["Jordan", "Scott County"]), (JORDAN, ["Minnesota"])], names)
    # Jordan: a half each to Minnesota and New York (the kingdom is no first-level area)
    assert v.pointed[JORDAN][("US", "MN")] == Fraction(1, 2) + Fraction(1, 2) + 1
    assert v.towns(JORDAN) == (("jordan", "US", "MN"),)
    # no town of one area only voted: the paper is at home where its town lies
    region = v.regions()[JORDAN]
    assert region == HomeRegion(JORDAN, ("US", "MN"), "US", 0, 0, (("jordan", "US", "MN"),))
    assert region.label().startswith("US-MN, where the town group 'jordannews.com' is named")


def test_montgomery_in_the_jordan_independent_is_at_home_in_minnesota(offline_gazetteer):
    """A paper whose own towns give no home is at home where its town lies."""
    docs = jordan_paper([("a", "The Jordan team beat Montgomery on Friday.",
                          ["Jordan", "Montgomery"])])
    r = resolved(offline_gazetteer, docs, "a")["Montgomery"]
    assert (r.candidate.country_code, r.candidate.admin1) == ("US", "MN")


def test_a_home_town_needs_a_whole_vote_strictly_ahead():
    assert home_town_area({("US", "MN"), ("US", "NY")}, {("US", "MN"): Fraction(1, 2)}) is None
    assert home_town_area({("US", "MN"), ("US", "NY")},
                          {("US", "MN"): 1, ("US", "NY"): 1}) is None
    assert home_town_area({("US", "MN"), ("US", "NY")},
                          {("US", "MN"): 2, ("US", "NY"): 1}) == ("US", "MN")


def test_home_towns_counted_in_parts_and_merged_are_those_of_one_count():
    names = {"Jordan": [c("Jordan", "US", "MN"), c("Jordan", "US", "NY")],
             "Minnesota": [c("Minnesota", "US", "MN", "A", "ADM1")],
             "Scott County": [c("Scott County", "US", "MN", "A", "ADM2"),
                              c("Scott County", "US", "IA", "A", "ADM2")]}
    docs = [(JORDAN, ["Jordan"]), (JORDAN, ["Scott County"]), (JORDAN, ["Minnesota"])]
    one = votes_of(docs, names).regions()
    merged = votes_of(docs[2:], names)
    merged.merge(votes_of(docs[:2], names))
    assert merged.regions() == one == votes_of(docs[::-1], names).regions()
    assert one[JORDAN].towns == (("jordan", "US", "MN"),)
    # as a grouped run keeps them between its passes: JSON and back
    kept = json.loads(json.dumps(votes_of(docs, names).as_lists()))
    assert HomeVotes.from_lists(kept).regions() == one
