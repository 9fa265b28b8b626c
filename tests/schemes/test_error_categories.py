"""The errors scheme: ELEVANT's categories (shared/seeds/003), one small example each."""

import pytest

from evaluation.flat_corpus import FlatCorpus
from evaluation.matching import create_matcher
from evaluation.schemes.error_categories import is_demonym, is_lowercased, score_errors
from geoparser.model import CandidatePoint, Document, GoldToponym, PredictedDocument, Prediction

SPAN = create_matcher("span")


def run(gold_items, pred_items, text):
    g = [Document("d", text, tuple(gold_items))]
    p = {"d": PredictedDocument("d", tuple(pred_items))}
    return score_errors(FlatCorpus.build(g, p), SPAN, {"match": "span"})


def at(text, phrase, k=0):
    s = -1
    for _ in range(k + 1):
        s = text.index(phrase, s + 1)
    return s, s + len(phrase)


def gold(text, phrase, **kw):
    s, e = at(text, phrase)
    return GoldToponym(s, e, phrase, **kw)


def pred(text, phrase, **kw):
    s, e = at(text, phrase)
    return Prediction(phrase, s, e, **kw)


def test_ner_false_negatives():
    text = "Ships left the harbour of Rio de Janeiro for New York and the north sea."
    g = [gold(text, "Rio de Janeiro"), gold(text, "New York"), gold(text, "north sea"),
         gold(text, "harbour")]
    p = [pred(text, "Janeiro"), pred(text, "York")]
    r = run(g, p, text).to_json()
    fn, den = r["ner_fn"], r["denominators"]["ner_fn"]
    assert fn["all"] == 4
    assert fn["lowercased"] == 2 and den["lowercased"] == 2          # north sea, harbour
    assert fn["partially_included"] == 2 and den["partially_included"] == 3
    assert fn["partial_overlap"] == 2 and den["partial_overlap"] == 2
    assert fn["other"] == 0
    examples = {e["text"] for e in r["examples"]["ner_fn"]["partially_included"]}
    assert examples == {"Rio de Janeiro", "New York"}


def test_ner_false_positives():
    text = "From Perth by the coast road to Perth Amboy"
    g = [gold(text, "Perth Amboy", geonameid=5102427)]
    p = [pred(text, "Perth"),                                  # other: capitalised, no overlap
         pred(text, "coast road"),                             # lowercased
         Prediction("Perth", *at(text, "Perth", 1), geonameid=5102427)]   # wrong span
    r = run(g, p, text).to_json()
    assert r["ner_fp"] == {"all": 3, "lowercased": 1, "wrong_span": 1, "other": 1}
    assert r["denominators"]["ner_fp"]["wrong_span"] == 3


def test_wrong_span_needs_the_same_place_when_both_say():
    text = "to Perth Amboy"
    g = [gold(text, "Perth Amboy", geonameid=5102427)]
    p = [Prediction("Perth", *at(text, "Perth"), geonameid=2063523)]  # Perth, Australia
    assert run(g, p, text).to_json()["ner_fp"]["wrong_span"] == 0


def _cands(*items):
    return tuple(CandidatePoint(gid, lat, lon, pop) for gid, lat, lon, pop in items)


PERTH_AU = (2063523, -31.95, 115.86, 1_896_000)
PERTH_UK = (2640354, 56.40, -3.43, 47_000)
PERTH_CA = (6100832, 44.90, -76.25, 6_000)


def test_disambiguation_rare_and_multiple_candidates():
    text = "Rain over Perth today"
    g = [gold(text, "Perth", lat=56.40, lon=-3.43, geonameid=2640354, tolerance_km=10)]
    p = [pred(text, "Perth", lat=-31.95, lon=115.86, geonameid=2063523,
              candidates=_cands(PERTH_AU, PERTH_UK, PERTH_CA))]
    r = run(g, p, text).to_json()
    d, den = r["disambiguation"], r["denominators"]["disambiguation"]
    assert d["all"] == 1 and den["all"] == 1
    assert d["rare"] == 1 and den["rare"] == 1
    assert d["multiple_candidates"] == 1 and den["multiple_candidates"] == 1
    assert d["wrong_candidates"] == 0 and den["wrong_candidates"] == 1
    assert d["other"] == 0


def test_disambiguation_wrong_candidates():
    text = "Rain over Perth today"
    g = [gold(text, "Perth", lat=56.40, lon=-3.43, geonameid=2640354, tolerance_km=10)]
    p = [pred(text, "Perth", lat=-31.95, lon=115.86, geonameid=2063523,
              candidates=_cands(PERTH_AU, PERTH_CA))]
    d = run(g, p, text).to_json()["disambiguation"]
    assert d["wrong_candidates"] == 1 and d["rare"] == 0 and d["multiple_candidates"] == 0


def test_right_answer_is_no_error_but_counts_in_denominators():
    text = "Rain over Perth today"
    g = [gold(text, "Perth", lat=56.40, lon=-3.43, geonameid=2640354, tolerance_km=10)]
    p = [pred(text, "Perth", lat=56.40, lon=-3.43, geonameid=2640354,
              candidates=_cands(PERTH_AU, PERTH_UK))]
    r = run(g, p, text).to_json()
    assert r["disambiguation"]["all"] == 0
    assert r["denominators"]["disambiguation"]["rare"] == 1


def test_demonym_metonymy_and_partial_name():
    text = "French troops left Santa Maria as Washington watched"
    g = [gold(text, "French", lat=46.0, lon=2.0, tolerance_km=10, label="Demonym"),
         gold(text, "Santa Maria", lat=34.95, lon=-120.43, tolerance_km=10,
              name="Santa Maria, California"),
         gold(text, "Washington", lat=38.9, lon=-77.0, tolerance_km=10, label="Metonymic")]
    p = [pred(text, "French", lat=48.85, lon=2.35),        # Paris, not France's point
         pred(text, "Santa Maria", lat=14.82, lon=120.96),  # Santa Maria, Bulacan
         pred(text, "Washington", lat=47.5, lon=-120.5)]    # the state
    r = run(g, p, text).to_json()
    d, den = r["disambiguation"], r["denominators"]["disambiguation"]
    assert (d["demonym"], den["demonym"]) == (1, 1)
    assert (d["partial_name"], den["partial_name"]) == (1, 1)
    assert (d["metonymy"], den["metonymy"]) == (1, 1)
    assert d["all"] == 3 and d["other"] == 0


def test_unresolved_true_positive_is_an_error_with_a_note():
    text = "Rain over Perth today"
    g = [gold(text, "Perth", lat=56.40, lon=-3.43, tolerance_km=10)]
    r = run(g, [pred(text, "Perth")], text)
    assert r.to_json()["disambiguation"]["other"] == 1
    assert r.notes[0].startswith("1 matched toponym has no predicted coordinates")  # singular


@pytest.mark.parametrize(("text", "lower"), [("countess", True), ("the North", True),
                                             ("Rome", False), ("’s-Hertogenbosch", True)])
def test_lowercased(text, lower):
    assert is_lowercased(text) is lower


def test_demonyms_come_from_the_world_countries_extract():
    assert is_demonym("French", None) and is_demonym("Americans", None)
    assert is_demonym("Barbudan", None) and is_demonym("New Zealanders", None)
    assert not is_demonym("Paris", None) and not is_demonym("Kiwi", None)
    assert is_demonym("Kiwi", "Demonym")


def test_vatican_is_a_place_not_a_demonym():
    # world-countries gives "Vatican" as Vatican City's demonym; GeoVirus means the place.
    assert not is_demonym("Vatican", None) and not is_demonym("Djibouti", None)


def test_report_lists_examples():
    text = "Ships left the harbour"
    md = run([gold(text, "harbour")], [], text).to_markdown()
    assert "NER false negatives" in md and "“harbour”" in md

