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


@pytest.fixture(scope="module")
def every_point():
    """The default geoparser with every kept toponym placed: what resolution chose."""
    from geoparser import Geoparser

    return Geoparser(min_confidence=0.0)


def _one(parsed, text: str):
    found = [r for r in parsed.resolutions if r.mention.text == text]
    assert len(found) == 1, [r.mention.text for r in parsed.resolutions]
    return found[0]


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


def test_colorado_state_university_draws_no_colorado(geoparser) -> None:
    parsed = geoparser.parse("\"It was a warm winter,\" said Phil Klotzbach, a research "
                             "scientist at Colorado State University.")
    assert "Colorado" not in _drawn(parsed)


_DUBAI_WORLD_CUP = ("Thunder Snow won the Dubai World Cup on Saturday night in front of a "
                    "record crowd.")


def test_the_dubai_of_the_dubai_world_cup_is_drawn_only_as_inside_the_events_name(
        geoparser) -> None:
    """GeoWebNews (Embedded_Non_Lit) and local news (9 of the 11 places opening an event's
    name in LGL-dev's decision rows) annotate the place inside an event's name: if it is
    drawn, it says it is inside that name, so ``kinds`` can leave it off."""
    parsed = geoparser.parse(_DUBAI_WORLD_CUP)
    for r in parsed.resolutions:
        if r.mention.text == "Dubai" and r.candidate is not None and r.candidate.has_point:
            assert r.kind is not None and r.kind.value == "embedded"
            assert r.within is not None
            assert _DUBAI_WORLD_CUP[r.within[0]:r.within[1]] == "Dubai World Cup"


def test_the_dubai_world_cup_draws_no_dubai_when_only_literal_places_are_output() -> None:
    from geoparser import Geoparser

    parsed = Geoparser(kinds="literal").parse(_DUBAI_WORLD_CUP)
    assert "Dubai" not in _drawn(parsed)


def test_the_illinois_department_of_public_health_keeps_illinois(geoparser) -> None:
    parsed = geoparser.parse("Experts at the Illinois Department of Public Health tested the "
                             "water in Springfield.")
    assert _drawn(parsed).get("Illinois") == "US"


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


def test_across_the_red_river_from_fargo_is_the_river_not_red_river_county(every_point) -> None:
    parsed = every_point.parse("Flooding closed roads in Fargo on Tuesday, and residents just "
                               "across the Red River in Moorhead filled sandbags.")
    river = _one(parsed, "Red River").candidate
    assert river is not None and river.feature_class == "H" and river.feature_code == "STM"
    assert river.lat > 45  # the Red River of the North, not the Red River of the South


def test_red_river_county_texas_is_the_county(every_point) -> None:
    parsed = every_point.parse("The sheriff of Red River County, Texas, closed the highway.")
    county = _one(parsed, "Red River County").candidate
    assert county is not None and county.feature_code == "ADM2" and county.admin1 == "TX"


def test_the_red_river_delta_is_the_river_at_its_mouth_not_its_source(geoparser) -> None:
    """Natural Earth draws the Red River of Vietnam from the Gulf of Tonkin up to its source;
    read as drawn downstream, the gazetteer put its mouth at the source in Yunnan, 700 km from
    the delta, and a marker was drawn there (scripts/river_mouths.py)."""
    from geoparser.distance import distance_km

    parsed = geoparser.parse("Rice farmers in the Red River delta fear the typhoon, officials "
                             "in Hanoi said.")
    river = _one(parsed, "Red River").candidate
    assert river is not None and river.feature_code == "STM"
    assert distance_km(river.lat, river.lon, 20.3, 106.5) < 50


def test_the_yangtze_at_chongqing_is_drawn_at_its_mouth_only_as_doubtful(geoparser) -> None:
    """The Yangtze's point is its mouth by Shanghai, 1,400 km from Chongqing: a marker there
    is graded doubtful (small and faint) on the map (marker confidence 0.379)."""
    from evaluation.reports.webmap import CERTAINTY_GRADES

    doubtful_below = next(low for low, name, *_ in CERTAINTY_GRADES if name == "uncertain")
    parsed = geoparser.parse("Barges on the Yangtze River near Chongqing were stranded, "
                             "officials in Chongqing said.")
    river = _one(parsed, "Yangtze River")
    if river.candidate is not None:
        assert river.marker_confidence is not None
        assert river.marker_confidence < doubtful_below


@pytest.mark.parametrize("city", ["Leeds", "Sheffield"])
def test_leeds_and_sheffield_are_the_cities_not_their_metropolitan_districts(geoparser,
                                                                            city) -> None:
    parsed = geoparser.parse("Police in Leeds and Sheffield arrested two men after the match.")
    place = _one(parsed, city).candidate
    assert place is not None and place.feature_class == "P" and place.country_code == "GB"


def test_a_street_placed_at_its_town_carries_a_marker_confidence(every_point) -> None:
    parsed = every_point.parse("A crash closed Elm Street near the school in Springfield, "
                               "Illinois, on Friday.")
    street = _one(parsed, "Elm Street")
    assert street.candidate is not None and street.candidate.admin1 == "IL"
    assert street.marker_confidence is not None and 0 <= street.marker_confidence <= 1


@pytest.mark.parametrize("text", [
    "Flooding hit Kilburn in Nairobi after the storm.",
    "Residents of Parklands in Nairobi said the water was cut off.",
])
def test_a_neighbourhood_said_to_be_in_nairobi_is_not_drawn_on_another_continent(
        geoparser, text) -> None:
    """The gazetteer has no Kilburn or Parklands in Kenya: the namesake it chooses lies
    thousands of km from the town the text puts it in, so it is left unplaced, its best guess
    in the reason (``span_decision.stated_apart``)."""
    parsed = geoparser.parse(text)
    name = text.split(" in Nairobi")[0].split()[-1]
    place = _one(parsed, name)
    assert place.candidate is None and "best guess" in place.reason
    assert place.marker_confidence == 0.0
    assert _drawn(parsed) == {"Nairobi": "KE"}


@pytest.mark.parametrize(("text", "name", "country"), [
    ("Police in Gulu, Uganda, said the road was shut.", "Gulu", "UG"),
    ("Fans gathered in Richmond, Virginia, for the game.", "Richmond", "US"),
])
def test_a_town_in_the_state_or_country_its_text_names_is_drawn(geoparser, text, name,
                                                                country) -> None:
    place = _one(geoparser.parse(text), name).candidate
    assert place is not None and place.country_code == country


@pytest.mark.parametrize("minimum", [None, 0.9])
def test_every_toponym_output_without_a_point_is_likely_a_toponym(minimum) -> None:
    """A name left unplaced adds nothing to the map: it is output only at the unplaced
    threshold, whatever the minimum leaves unplaced."""
    from geoparser import Geoparser

    models = load_decision()
    parsed = Geoparser(min_confidence=minimum).parse(
        "\"I know it's one of the two,\" said Geoff Chester, an astronomer. Chester said the "
        "booster burned over the Chesapeake Bay. Elizabeth Fairfield, a Lebanon woman, was "
        "in court in Fairfield on Monday; Fairfield declined to plead.")
    unplaced = [r for r in parsed.resolutions if r.candidate is None]
    assert parsed.resolutions
    for r in unplaced:
        assert r.span_probability >= models.keep_unplaced_threshold, r.mention.text
