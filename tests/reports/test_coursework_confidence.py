"""The coursework report says what a geocoding row's confidence is (the policy's model's
probability that the point is within 161 km of the right place, not of a TP under the
coursework's tolerance), shows it on Q3 and Q4 alike, and says why a row has none."""

import pytest

from evaluation.reports import coursework_report as cr
from evaluation.reports.coursework_answer import run_geo
from evaluation.reports.ner_runs import run_ner
from geoparser.gazetteers import create_gazetteer


@pytest.fixture(scope="module")
def runs(captions):
    ner = run_ner("gazetteer", captions, ["GPE", "LOC"], "auto")
    gaz = create_gazetteer("offline")
    return {p: run_geo(p, ner, captions, gaz, "auto") for p in ("population", "nearest")}


@pytest.fixture(scope="module")
def captions():
    from geoparser.io.documents import read_gold
    from tests.conftest import CAPTIONS

    return read_gold(CAPTIONS)


def test_population_confidence_far_off_says_it_is_the_161_km_model_not_the_tolerance(runs):
    """Q3 showed "confidence 0.91" on an answer 14,679 km off with no word of what it meant."""
    df = cr.geo_table(runs["population"])
    far = df[[d is not None and d > 1000 for d in df["distance km"]]]
    assert len(far), "the population policy is far off on some captions"
    assert all(isinstance(c, float) for c in far["confidence"])
    assert set(far["confidence means"]) == {
        "P(point within 161 km of the right place), population policy's model"}
    view = cr.report_view(df)
    assert all(c[0].isdigit() for c in view["confidence"])
    note = cr.confidence_note("population", [10.0])
    assert "within 161 km" in note and "not the probability of a TP" in note
    assert "within 10 km of the guide point" in note


def test_nearest_rows_say_why_they_have_no_confidence(runs):
    df = cr.geo_table(runs["nearest"])
    assert all(c is None for c in df["confidence"])
    assert set(df["confidence means"]) == {"none: no model (the nearest policy has none)"}
    assert set(cr.report_view(df)["confidence"]) == {"none, no model"}
    assert "has no confidence model" in cr.confidence_note("nearest", [10.0])


def test_a_row_ner_missed_says_it_was_not_found():
    assert cr.confidence_meaning("population", None) == (
        "none: not found (NER missed the toponym)")
