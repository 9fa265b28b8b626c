"""The distance scheme's confidence figures: over the placed matches whose prediction states
a confidence, right meaning within 161 km; abstentions counted apart."""

import json

import pytest
from typer.testing import CliRunner

from evaluation.flat_corpus import FlatCorpus
from evaluation.matching import create_matcher
from evaluation.schemes.distance import score_distance
from geoparser.cli.main import app
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

SPAN = create_matcher("span")
TEXT = "a b c d e f g h"


def corpus(preds):
    """Five gold toponyms at (0, 0); predictions as (lat, lon, confidence), None: not found."""
    golds = tuple(GoldToponym(2 * k, 2 * k + 1, TEXT[2 * k], 0.0, 0.0, tolerance_km=10)
                  for k in range(len(preds)))
    found = tuple(Prediction(TEXT[2 * k], 2 * k, 2 * k + 1, None, lat, lon, confidence=c)
                  for k, q in enumerate(preds) if q is not None for lat, lon, c in [q])
    return FlatCorpus.build([Document("d", TEXT, golds)], {"d": PredictedDocument("d", found)})


def test_confidence_figures_by_hand():
    result = score_distance(corpus([(0.0, 0.0, 0.9),      # right
                                    (0.0, 1.0, 0.8),      # ~111 km: right at 161
                                    (0.0, 2.0, 0.3),      # ~222 km: wrong
                                    (0.0, 0.0, 0.2),      # right
                                    (None, None, 0.1)]),  # abstained
                            SPAN, {})
    c = result.to_json()["overall"]["confidence"]
    assert c["n"] == 4 and c["abstained"] == 1
    assert c["ece"] == pytest.approx(0.35)
    assert c["accuracy_161_top80"] == pytest.approx(0.75)
    assert [r["n"] for r in c["reliability"]] == [0, 0, 1, 1, 0, 0, 0, 0, 1, 1]
    md = result.to_markdown()
    assert "ECE (10 bins)" in md and "0.350" in md and "1 matched toponyms left unplaced" in md
    row = result.to_rows()[0]
    assert row["ece"] == pytest.approx(0.35) and row["abstained"] == 1


def test_predictions_without_confidence_say_so():
    result = score_distance(corpus([(0.0, 0.0, None), (0.0, 3.0, None)]), SPAN, {})
    assert result.to_json()["overall"]["confidence"] is None
    assert "carry none" in result.to_markdown()
    assert result.to_rows()[0]["ece"] is None


def test_score_cli_reports_the_calibration_and_refuses_a_confidence_above_one(tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"id": "a", "text": "Rain in Galway.", "toponyms": [
        {"start": 8, "end": 14, "text": "Galway", "lat": 53.27, "lon": -9.05}]}) + "\n")
    pred = tmp_path / "pred.jsonl"

    def predict(confidence):
        pred.write_text(json.dumps({"id": "a", "toponyms": [
            {"start": 8, "end": 14, "text": "Galway", "lat": 53.27, "lon": -9.05,
             "confidence": confidence}]}) + "\n")
        return CliRunner().invoke(app, ["score", "--scheme", "distance", "--gold", str(gold),
                                        "--pred", str(pred), "--format", "json"])

    done = predict(0.75)
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["overall"]["confidence"]["ece"] == pytest.approx(0.25)
    refused = predict(1.5)
    assert refused.exit_code == 2
    assert "pred.jsonl:1" in refused.output and "probability from 0 to 1" in refused.output


def test_marker_confidence_judges_every_drawn_marker_a_false_positive_wrong():
    golds = (GoldToponym(0, 1, "a", 0.0, 0.0), GoldToponym(2, 3, "b", 0.0, 0.0),
             GoldToponym(4, 5, "c"))  # no point: its marker cannot be judged
    preds = (Prediction("a", 0, 1, None, 0.0, 0.0, marker_confidence=0.9),    # right
             Prediction("b", 2, 3, None, 0.0, 3.0, marker_confidence=0.6),    # ~334 km: wrong
             Prediction("c", 4, 5, None, 0.0, 0.0, marker_confidence=0.5),    # not judged
             Prediction("d", 6, 7, None, 1.0, 1.0, marker_confidence=0.2),    # no gold: wrong
             Prediction("e", 8, 9, None, None, None, marker_confidence=0.4))  # not drawn
    flat = FlatCorpus.build([Document("d", TEXT, golds)], {"d": PredictedDocument("d", preds)})
    result = score_distance(flat, SPAN, {})
    m = result.to_json()["overall"]["marker"]
    assert m["n"] == 3 and m["accuracy_161"] == pytest.approx(1 / 3)
    assert m["ece"] == pytest.approx((0.1 + 0.6 + 0.2) / 3)
    assert "Marker confidence" in result.to_markdown()
    assert result.to_rows()[0]["marker_n"] == 3


def test_without_marker_confidences_there_is_no_marker_calibration():
    result = score_distance(corpus([(0.0, 0.0, 0.9)]), SPAN, {})
    assert result.to_json()["overall"]["marker"] is None
    assert "Marker confidence" not in result.to_markdown()
