"""The BioNLP-ST pairing scheme (shared/seeds/001): J × L, optimal pairing, and the variants."""

import pytest

from evaluation.flat_corpus import FlatCorpus
from evaluation.matching import create_matcher
from evaluation.schemes.pairing import score_pairing
from geoparser.errors import UsageError
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

SPAN = create_matcher("span")
TEXT = "From New York to York and on to Old York Road"
NY = (0.0, 0.0)
FAR = (0.0, 5.0)  # ~557 km from NY


def gold(*items):
    return [Document("d", TEXT, tuple(
        GoldToponym(s, e, TEXT[s:e], *(pt or (None, None)), tolerance_km=10)
        for s, e, pt in items))]


def pred(*items):
    return {"d": PredictedDocument("d", tuple(
        Prediction(TEXT[s:e], s, e, None, *(pt or (None, None))) for s, e, pt in items))}


def overall(g, p, variant=None):
    return score_pairing(FlatCorpus.build(g, p), SPAN, {"variant": variant}).overall()


def test_score_is_jaccard_times_located():
    # gold "New York" (5-13); prediction "York" (9-13): J = 4/8; located: L = 1.
    o = overall(gold((5, 13, NY)), pred((9, 13, NY)))
    assert o["recall"] == pytest.approx(0.5) and o["precision"] == pytest.approx(0.5)
    assert o["pairs"] == 1
    # Outside the tolerance, L = 0 and the pair scores 0, so it stays unpaired.
    o = overall(gold((5, 13, NY)), pred((9, 13, FAR)))
    assert o["pairs"] == 0 and o["recall"] == 0.0


def test_gold_without_coordinates_is_located():
    o = overall(gold((5, 13, None)), pred((5, 13, None)))
    assert o["recall"] == 1.0 and o["precision"] == 1.0


def test_prediction_without_coordinates_is_not_located():
    assert overall(gold((5, 13, NY)), pred((5, 13, None)))["pairs"] == 0


def test_recall_over_gold_precision_over_predictions():
    g = gold((5, 13, NY), (17, 21, NY))
    p = pred((5, 13, NY), (26, 28, NY), (29, 31, NY))
    o = overall(g, p)
    assert o["recall"] == pytest.approx(1 / 2) and o["precision"] == pytest.approx(1 / 3)


def test_pairing_is_optimal_not_greedy():
    # Prediction A = "New York to York" overlaps both golds; B = "York" (17-21) only the second.
    # Greedy A→"New York" first would leave B its exact match; optimal pairs A with "New York"
    # (J = 8/16) and B with "York" (J = 1): total 1.5, better than A with "York" (J = 4/16).
    g = gold((5, 13, NY), (17, 21, NY))
    for order in ([(5, 21, NY), (17, 21, NY)], [(17, 21, NY), (5, 21, NY)]):
        o = overall(g, pred(*order))
        assert o["score"] == pytest.approx(1.5) and o["pairs"] == 2


def test_no_boundaries_counts_pairs_but_pairs_by_j_times_l():
    o = overall(gold((5, 13, NY)), pred((9, 13, NY)), "no-boundaries")
    assert o["recall"] == 1.0 and o["pairs"] == 1
    assert overall(gold((5, 13, NY)), pred((9, 13, FAR)), "no-boundaries")["pairs"] == 0


def test_relaxed_sets_j_to_one_on_overlap():
    o = overall(gold((5, 13, NY)), pred((9, 13, NY)), "relaxed")
    assert o["recall"] == 1.0
    assert overall(gold((5, 13, NY)), pred((14, 16, NY)), "relaxed")["pairs"] == 0


def test_unknown_variant():
    with pytest.raises(UsageError, match="unknown pairing variant"):
        overall(gold((5, 13, NY)), pred(), "loose")


def test_empty():
    o = overall([Document("d", TEXT)], {})
    assert (o["precision"], o["recall"], o["f1"], o["pairs"]) == (None, None, None, 0)
