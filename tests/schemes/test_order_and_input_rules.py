"""Scores that never depend on input order, and one set of input rules for
the Python API and the command line."""

import pytest

from evaluation import score
from evaluation.matching import create_matcher, text_key
from geoparser.errors import InputError
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

PERTH_TEXT = "Perth in Scotland is not Perth in Australia."
SCOTLAND, AUSTRALIA = (56.3950, -3.4308), (-31.9523, 115.8613)


def perth_gold():
    return [Document("p", PERTH_TEXT, (
        GoldToponym(0, 5, "Perth", *SCOTLAND, tolerance_km=10.0),
        GoldToponym(25, 30, "Perth", *AUSTRALIA, tolerance_km=10.0)))]


def preds(*toponyms, doc="p"):
    return {doc: PredictedDocument(doc, tuple(toponyms))}


def test_text_mode_keeps_repeated_names():
    p = preds(Prediction("Perth", lat=AUSTRALIA[0], lon=AUSTRALIA[1]),
              Prediction("Perth", lat=SCOTLAND[0], lon=SCOTLAND[1]))
    exact = score("semeval", perth_gold(), p, "text").overall()["exact"]
    assert (exact.correct, exact.missed, exact.spurious) == (2, 0, 0)
    assert score("distance", perth_gold(), p, "text").to_json()["overall"]["n"] == 2
    assert score("distance", perth_gold(), p, "text").to_json()["overall"]["accuracy_161"] == 1
    assert score("pairing", perth_gold(), p, "text").overall()["pairs"] == 2
    assert score("coursework-ner", perth_gold(), p, "text").overall.tp == 2
    assert score("coursework-geo", perth_gold(), p, "text").overall.tp == 2


@pytest.mark.parametrize("reverse", [False, True])
def test_duplicate_span_prediction_is_one_prediction_plus_one_spurious(reverse):
    gold = perth_gold()[0]
    gold = [Document("p", PERTH_TEXT, gold.toponyms[:1])]
    copies = [Prediction("Perth", 0, 5, lat=AUSTRALIA[0], lon=AUSTRALIA[1]),
              Prediction("Perth", 0, 5, lat=SCOTLAND[0], lon=SCOTLAND[1])]
    p = preds(*(reversed(copies) if reverse else copies))
    geo = score("coursework-geo", gold, p).overall
    assert (geo.tp, geo.fp, geo.fn) == (1, 0, 0)
    ner = score("coursework-ner", gold, p).overall
    assert (ner.tp, ner.fp, ner.fn) == (1, 1, 0)
    assert score("pairing", gold, p).overall()["score"] == 1.0
    assert score("distance", gold, p).to_json()["overall"]["accuracy_161"] == 1.0
    exact = score("semeval", gold, p).overall()["exact"]
    assert (exact.correct, exact.spurious) == (1, 1)
    assert score("errors", gold, p).to_json()["disambiguation"]["all"] == 0


@pytest.mark.parametrize("reverse", [False, True])
def test_coursework_levenshtein_pairs_optimally(reverse):
    text = "Bath and Baths"
    gold = [Document("b", text, (GoldToponym(0, 4, "Bath"), GoldToponym(9, 14, "Baths")))]
    p = [Prediction("Bath"), Prediction("Bat")]
    p = preds(*(reversed(p) if reverse else p), doc="b")
    ner = score("coursework-ner", gold, p, "levenshtein").overall
    assert (ner.tp, ner.fp, ner.fn) == (2, 0, 0)


@pytest.mark.parametrize("reverse", [False, True])
def test_coursework_overlap_pairs_optimally(reverse):
    text = "New York City"
    golds = [GoldToponym(0, 8, "New York"), GoldToponym(4, 13, "York City")]
    gold = [Document("n", text, tuple(reversed(golds) if reverse else golds))]
    p = preds(Prediction("York", 4, 8), Prediction("City", 9, 13), doc="n")
    ner = score("coursework-ner", gold, p, "overlap").overall
    assert (ner.tp, ner.fp, ner.fn) == (2, 0, 0)


def _gold_without_tolerance():
    return [Document("t", "Whitby Abbey", (GoldToponym(0, 6, "Whitby", 54.4858, -0.6206),))]


def test_api_applies_the_default_tolerance():
    near = preds(Prediction("Whitby", 0, 6, lat=54.4859, lon=-0.6204), doc="t")  # ~13 m off
    gold = _gold_without_tolerance()
    assert score("coursework-geo", gold, near).overall.tp == 1
    assert score("pairing", gold, near).overall()["score"] == 1.0
    assert score("distance", gold, near).to_json()["overall"]["accuracy_tolerance"] == 1.0
    far = preds(Prediction("Whitby", 0, 6, lat=54.55, lon=-0.6206), doc="t")  # ~7 km off
    assert score("errors", gold, far).to_json()["disambiguation"]["all"] == 0
    assert score("coursework-geo", gold, far, tolerance_km=5).overall.fp == 1


def test_api_rejects_an_unknown_prediction_id():
    with pytest.raises(InputError, match="'nope' is not in the gold"):
        score("semeval", _gold_without_tolerance(), preds(Prediction("Whitby"), doc="nope"))


def test_duplicate_gold_spans_are_rejected():
    gold = [Document("d", "Perth", (GoldToponym(0, 5, "Perth", *SCOTLAND),
                                    GoldToponym(0, 5, "Perth", *AUSTRALIA)))]
    with pytest.raises(InputError, match="offsets 0-5 are those of toponym 1"):
        score("semeval", gold, {})


def test_empty_text_prediction_without_offsets_is_rejected():
    with pytest.raises(InputError, match="give 'text' or 'start'/'end' \\('text' is empty\\)"):
        score("semeval", _gold_without_tolerance(), preds(Prediction(""), doc="t"))


def test_zero_length_span_is_reported_as_empty():
    gold = [Document("d", "Perth", (GoldToponym(2, 2, ""),))]
    with pytest.raises(InputError, match="offsets 2-2 give an empty span"):
        score("semeval", gold, {})


def test_span_mode_with_gold_lacking_offsets_gets_a_note():
    gold = [Document("d", "Perth", (GoldToponym(None, None, "Perth"),))]
    result = score("semeval", gold, preds(Prediction("Perth", 0, 5), doc="d"), "span")
    assert any("1 gold toponyms and 0 predictions have none" in n for n in result.notes)
    assert not score("semeval", gold, {}, "text").notes


@pytest.mark.parametrize("a,b", [("Łódź", "Lodz"), ("Ørsta", "Orsta"), ("L'Aquila", "L Aquila"),
                                 ("Æro", "Aero"), ("L’Aquila", "laquila")])
def test_text_mode_folds_letters_and_apostrophes(a, b):
    assert text_key(a) == text_key(b)
    assert create_matcher("text").same(GoldToponym(None, None, a), Prediction(b))


def test_text_mode_still_tells_different_names_apart():
    assert text_key("York") != text_key("New York")
