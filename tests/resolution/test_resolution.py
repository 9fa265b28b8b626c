"""Resolver policies on a micro-gazetteer (no index needed)."""

import pytest

from geoparser.errors import UsageError
from geoparser.model import Candidate, Document, Mention
from geoparser.resolution import ResolutionContext, create_policy


def cand(name, lat, lon, pop, gid, **kw):
    return Candidate("test", f"geonames:{gid}", name, lat, lon, pop, gid, **kw)


BOSTON_US = cand("Boston", 42.358, -71.060, 653_833, 4930956, country_code="US")
BOSTON_GB = cand("Boston", 52.976, -0.027, 45_339, 2655138, country_code="GB")
BOSTON_NOPOP = cand("Boston", 52.9, -0.1, None, 1)
GEORGIA_COUNTRY = Candidate(
    "test", "geonames:614540", "Georgia", None, None, 3_704_500, 614540, missing=("coordinates",)
)
MENTION = Mention(0, 6, "Boston", "GPE")
DOC = Document("d", "Boston")


def test_population_picks_most_populous_and_says_why():
    r = create_policy("population").choose(MENTION, [BOSTON_GB, BOSTON_US], ResolutionContext(DOC))
    assert r.candidate == BOSTON_US
    assert r.n_candidates == 2
    assert "most populous of 2" in r.reason


def test_population_unknown_population_ranks_last():
    r = create_policy("population").choose(
        MENTION, [BOSTON_NOPOP, BOSTON_GB], ResolutionContext(DOC)
    )
    assert r.candidate == BOSTON_GB


def test_population_is_order_independent():
    p = create_policy("population")
    a = p.choose(MENTION, [BOSTON_GB, BOSTON_US, BOSTON_NOPOP], ResolutionContext(DOC))
    b = p.choose(MENTION, [BOSTON_NOPOP, BOSTON_US, BOSTON_GB], ResolutionContext(DOC))
    assert a.candidate == b.candidate


def test_population_says_when_the_choice_has_no_coordinates():
    r = create_policy("population").choose(
        Mention(0, 7, "Georgia", "GPE"), [GEORGIA_COUNTRY], ResolutionContext(DOC)
    )
    assert r.candidate == GEORGIA_COUNTRY and "no coordinates" in r.reason


def test_no_candidates():
    for name in ("population", "nearest"):
        r = create_policy(name).choose(MENTION, [], ResolutionContext(DOC, guide=(0.0, 0.0)))
        assert r.candidate is None and r.n_candidates == 0


def test_nearest_picks_closest_to_guide():
    ctx = ResolutionContext(DOC, guide=(52.98, -0.03))
    r = create_policy("nearest").choose(MENTION, [BOSTON_US, BOSTON_GB], ctx)
    assert r.candidate == BOSTON_GB and "km away" in r.reason


def test_nearest_skips_candidates_without_coordinates():
    ctx = ResolutionContext(DOC, guide=(42.0, 43.0))
    r = create_policy("nearest").choose(Mention(0, 7, "Georgia", "GPE"), [GEORGIA_COUNTRY], ctx)
    assert r.candidate is None and "has coordinates" in r.reason


def test_nearest_without_a_guide_leaves_the_mention_unresolved():
    r = create_policy("nearest").choose(MENTION, [BOSTON_GB], ResolutionContext(DOC))
    assert r.candidate is None and "no guide point" in r.reason


def test_nearest_weighs_one_place_once_through_the_preferred_source():
    ne = Candidate("natural-earth", "ne:us", "United States", 39.8, -98.6, 327_000_000, 6252001,
                   "US", None, "A", "PCLI")
    wc = Candidate("world-countries", "wc:us", "United States", 38.0, -97.0, 327_000_000,
                   6252001, "US", None, "A", "PCLI")
    ctx = ResolutionContext(DOC, guide=(38.0, -97.0))  # nearer the world-countries point
    assert create_policy("nearest").choose(MENTION, [wc, ne], ctx).candidate == ne


def test_unknown_policy_lists_known_ones():
    known = "known: context, learned, nearest, population"
    with pytest.raises(UsageError, match=f"unknown policy 'nope' \\({known}\\)"):
        create_policy("nope")
