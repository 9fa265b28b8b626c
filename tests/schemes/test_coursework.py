"""The coursework rules (shared/seeds/000_…): the worked example and every listed consequence."""

import pytest

from evaluation.matching import create_matcher
from evaluation.schemes.coursework import judge_geocoding, score_geo, score_ner
from geoparser.distance import distance_km
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction
from tests.helpers import gold_doc, pred, preds

SPAN = create_matcher("span")

# The example table: 8 gold toponyms A–H, one per caption.
TEXTS = {k: f"Photo {k} taken at Place{k} with Xplace beside" for k in "ABCDEFGH"}
GOLD = [
    gold_doc(k, TEXTS[k], f"Place{k}", lat=50.0, lon=float(i)) for i, k in enumerate("ABCDEFGH")
]


def _ner_predictions():
    return {
        "A": preds("A", pred(TEXTS["A"], "PlaceA")),
        "B": preds("B", pred(TEXTS["B"], "Xplace")),  # B predicted as X: FP and FN
        "C": preds("C", pred(TEXTS["C"], "PlaceC")),
        "D": preds("D", pred(TEXTS["D"], "PlaceD")),
        "E": preds("E", pred(TEXTS["E"], "PlaceE")),
        # F and G: nothing predicted
        "H": preds("H", pred(TEXTS["H"], "PlaceH"), pred(TEXTS["H"], "Xplace")),  # right + extra
    }


def test_worked_example_ner():
    result = score_ner(GOLD, _ner_predictions(), SPAN, {})
    o = result.overall
    assert (o.tp, o.fp, o.fn) == (5, 2, 3)
    assert round(o.precision, 3) == 0.714
    assert o.recall == 0.625
    assert round(o.f1, 3) == 0.667
    per_doc = {d.id: (d.counts.tp, d.counts.fp, d.counts.fn) for d in result.documents}
    assert per_doc == {
        "A": (1, 0, 0),
        "B": (0, 1, 1),
        "C": (1, 0, 0),
        "D": (1, 0, 0),
        "E": (1, 0, 0),
        "F": (0, 0, 1),
        "G": (0, 0, 1),
        "H": (1, 1, 0),
    }


def test_worked_example_geocoding():
    # Geocoding can have one prediction only: H is right; B resolved far away; F, G missed.
    def at(k, lon_offset=0.0):
        g = next(d for d in GOLD if d.id == k).toponyms[0]
        return preds(k, pred(TEXTS[k], f"Place{k}", g.lat, g.lon + lon_offset))

    predictions = {k: at(k) for k in "ACDEH"} | {"B": at("B", 5.0)}
    o = score_geo(GOLD, predictions, SPAN, {}).overall
    assert (o.tp, o.fp, o.fn) == (5, 1, 3)
    assert o.tp + o.fn == len(GOLD)  # recall's denominator is the number of toponyms


def test_ner_tp_and_fp_in_one_caption_but_never_tp_and_fn():
    d = _ner_predictions()
    result = score_ner(GOLD, d, SPAN, {})
    for doc in result.documents:
        assert not (doc.counts.tp and doc.counts.fn)
    h = next(doc for doc in result.documents if doc.id == "H").counts
    assert h.tp == 1 and h.fp == 1 and h.fn == 0


def test_ner_fp_without_tp_implies_fn():
    b = next(
        doc for doc in score_ner(GOLD, _ner_predictions(), SPAN, {}).documents if doc.id == "B"
    ).counts
    assert (b.tp, b.fp, b.fn) == (0, 1, 1)


def test_ner_no_prediction_no_tp_no_fp():
    result = score_ner(GOLD, {}, SPAN, {})
    assert result.overall.as_dict()["tp"] == 0 and result.overall.fp == 0
    assert result.overall.fn == 8
    assert result.overall.precision is None


def test_ner_fn_equals_gold_minus_tp():
    for predictions in (_ner_predictions(), {}, {k: preds(k) for k in "AB"}):
        o = score_ner(GOLD, predictions, SPAN, {}).overall
        assert o.fn == len(GOLD) - o.tp


def test_ner_duplicate_prediction_of_the_gold_is_one_tp_and_one_fp():
    text = TEXTS["A"]
    result = score_ner(
        GOLD[:1], {"A": preds("A", pred(text, "PlaceA"), pred(text, "PlaceA"))}, SPAN, {}
    )
    assert (result.overall.tp, result.overall.fp, result.overall.fn) == (1, 1, 0)


def test_ner_text_matching_ignores_offsets_and_case():
    doc = gold_doc("x", "Harbour at St. Ives", "St. Ives")
    p = Prediction("saint ives")  # no offsets
    o = score_ner([doc], {"x": preds("x", p)}, create_matcher("auto"), {}).overall
    assert (o.tp, o.fp, o.fn) == (1, 0, 0)
    o = score_ner([doc], {"x": preds("x", p)}, SPAN, {}).overall
    assert (o.tp, o.fp, o.fn) == (0, 1, 1)


def test_ner_span_mode_rejects_a_wrong_boundary():
    doc = gold_doc("x", "Boats at Whitby harbour", "Whitby")
    p = Prediction("Whitby harbour", 9, 23, "LOC")
    o = score_ner([doc], {"x": preds("x", p)}, SPAN, {}).overall
    assert (o.tp, o.fp, o.fn) == (0, 1, 1)


def test_geo_never_tp_and_fp_and_fp_implies_fn():
    for offset in (0.0, 0.05, 1.0, 10.0):
        g = GOLD[0].toponyms[0]
        c, _, _ = judge_geocoding(
            g, Prediction("PlaceA", g.start, g.end, None, g.lat, g.lon + offset)
        )
        assert not (c.tp and c.fp)
        assert c.fp == c.fn or c.tp == 1


def test_geo_only_the_toponym_matching_the_gold_is_judged():
    text = TEXTS["A"]
    g = GOLD[0].toponyms[0]
    # The extra (non-gold) prediction is far away; it must not count in geocoding.
    p = preds("A", pred(text, "PlaceA", g.lat, g.lon), pred(text, "Xplace", -40.0, 100.0))
    o = score_geo(GOLD[:1], {"A": p}, SPAN, {}).overall
    assert (o.tp, o.fp, o.fn) == (1, 0, 0)


def test_geo_distance_exactly_at_tolerance_counts_as_tp():
    g = GoldToponym(0, 5, "Place", 10.0, 20.0, tolerance_km=None)
    p = Prediction("Place", 0, 5, None, 10.0, 20.3)
    d = distance_km(10.0, 20.0, 10.0, 20.3)
    at = GoldToponym(0, 5, "Place", 10.0, 20.0, tolerance_km=d)
    assert judge_geocoding(at, p)[0].tp == 1
    just_below = GoldToponym(0, 5, "Place", 10.0, 20.0, tolerance_km=d * (1 - 1e-9))
    counts = judge_geocoding(just_below, p)[0]
    assert (counts.tp, counts.fp, counts.fn) == (0, 1, 1)
    assert g.tolerance_km is None  # the rule uses the gold's own tolerance


def test_geo_antimeridian_is_near_not_far():
    d = distance_km(0.0, 179.9, 0.0, -179.9)
    assert d == pytest.approx(22.26, abs=0.05)
    g = GoldToponym(0, 4, "Suva", 0.0, 179.9, tolerance_km=25)
    assert judge_geocoding(g, Prediction("Suva", 0, 4, None, 0.0, -179.9))[0].tp == 1


def test_geo_prediction_without_coordinates_is_a_false_negative_only():
    g = GOLD[0].toponyms[0]
    counts, d, verdict = judge_geocoding(g, Prediction("PlaceA", g.start, g.end))
    assert (counts.tp, counts.fp, counts.fn) == (0, 0, 1)
    assert d is None and verdict == "not resolved"


def test_geo_not_recognised_is_a_false_negative():
    counts, _, verdict = judge_geocoding(GOLD[0].toponyms[0], None)
    assert (counts.tp, counts.fp, counts.fn) == (0, 0, 1) and verdict == "not recognised"


def test_geo_gold_without_coordinates_is_left_out_and_noted():
    doc = Document("x", "In Atlantis", (GoldToponym(3, 11, "Atlantis"),))
    result = score_geo([doc], {}, SPAN, {})
    assert result.overall.fn == 0 and result.notes


def test_empty_corpus():
    for scorer in (score_ner, score_geo):
        o = scorer([], {}, SPAN, {}).overall
        assert o.as_dict() == {
            "tp": 0,
            "fp": 0,
            "fn": 0,
            "precision": None,
            "recall": None,
            "f1": None,
        }


def test_document_missing_from_predictions_has_no_predictions():
    result = score_ner(GOLD[:2], {"A": _ner_predictions()["A"]}, SPAN, {})
    assert [d.counts.fn for d in result.documents] == [0, 1]
    assert PredictedDocument("B").toponyms == ()
