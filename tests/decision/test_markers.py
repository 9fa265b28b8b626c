"""What the default geoparser draws, with the shipped span decision: the examples of the
markers a user could not trust, each a regression test."""

from __future__ import annotations

import pytest

from geoparser.decision.span_decision import load_decision

pytestmark = pytest.mark.skipif(load_decision() is None,
                                reason="no span decision model shipped")


@pytest.fixture(scope="module")
def geoparser():
    from geoparser import Geoparser

    return Geoparser()


def _drawn(parsed) -> dict[str, str | None]:
    return {r.mention.text: r.candidate.country_code for r in parsed.resolutions
            if r.candidate is not None and r.candidate.has_point}


def test_french_toast_turkish_delight_and_american_express_draw_no_country(geoparser) -> None:
    parsed = geoparser.parse("We ate French toast and Turkish delight at the market, then "
                             "paid with American Express.")
    assert not {"French", "Turkish", "American"} & set(_drawn(parsed))


def test_speaks_fluent_english_and_german_draws_no_germany(geoparser) -> None:
    parsed = geoparser.parse("The new coach speaks fluent English and German.")
    assert not {"English", "German"} & set(_drawn(parsed))


def test_smith_said_is_no_town_on_his_second_mention(geoparser) -> None:
    parsed = geoparser.parse("Mayor John Smith opened the new bridge on Monday. \"It is a "
                             "great day for the town,\" Smith said.")
    assert "Smith" not in _drawn(parsed)


def test_turkish_troops_are_turkey_and_marked_a_demonym(geoparser) -> None:
    parsed = geoparser.parse("Turkish troops crossed the border into northern Syria on "
                             "Wednesday, Turkish officials said.")
    turkish = [r for r in parsed.resolutions if r.mention.text == "Turkish"]
    assert turkish and all(r.demonym for r in turkish)
    assert any(r.candidate is not None and r.candidate.country_code == "TR" for r in turkish)


def test_every_placed_toponym_has_both_confidences(geoparser) -> None:
    parsed = geoparser.parse("Floods hit Galway and Limerick after the storm, and the road "
                             "from Ennis to Shannon Airport was closed.")
    placed = [r for r in parsed.resolutions if r.candidate is not None]
    assert placed
    for r in placed:
        assert r.marker_confidence is not None and 0 <= r.marker_confidence <= 1
        assert r.span_probability is not None
