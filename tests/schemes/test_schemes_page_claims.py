"""What docs/schemes.md says about scoring, pinned: each claim of the page as a test."""

from evaluation import score
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

PRED = {"a": PredictedDocument("a", (Prediction("Paris", 0, 5, "GPE"),))}


def _gold(label):
    return [Document("a", "Paris is nice", (GoldToponym(0, 5, "Paris", label=label),))]


def test_gold_empty_label_is_a_label_that_strict_tests():
    strict = score("semeval", _gold(""), PRED).to_json()["overall"]["strict"]
    assert (strict["correct"], strict["incorrect"]) == (0, 1)


def test_gold_without_a_label_accepts_any_predicted_label():
    strict = score("semeval", _gold(None), PRED).to_json()["overall"]["strict"]
    assert (strict["correct"], strict["incorrect"]) == (1, 0)
