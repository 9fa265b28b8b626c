"""One corpus, two ways in: the model's documents, or the files' records (any order)."""

import json

from evaluation.flat_corpus import FlatCorpus
from evaluation.schemes import SCHEMES, score, score_files
from geoparser.io.documents import load_gold, load_predictions, read_gold, read_predictions
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

TEXT = "From Perth to New York and on to York"
GOLD = [{"id": f"d{k}", "text": TEXT, "toponyms": [
    {"start": 5, "end": 10, "text": "Perth", "label": "GPE", "lat": 56.4, "lon": -3.4},
    {"start": 14, "end": 22, "text": "New York", "label": "LOC", "lat": 40.7, "lon": -74.0}]}
    for k in range(4)]
PRED = [{"id": f"d{k}", "toponyms": [
    {"start": 5, "end": 10, "label": ["GPE", "FAC"][k % 2], "lat": 56.4, "lon": -3.4},
    {"start": 18, "end": 22, "label": "LOC", "lat": 40.7, "lon": -74.0},
    {"start": 33, "end": 37}]} for k in (2, 0, 3)]


def files(tmp_path):
    for name, lines in (("g.jsonl", GOLD), ("p.jsonl", PRED)):
        (tmp_path / name).write_text("".join(json.dumps(x) + "\n" for x in lines))
    return tmp_path / "g.jsonl", tmp_path / "p.jsonl"


def test_predictions_are_put_in_gold_order(tmp_path):
    g, p = files(tmp_path)
    gold = load_gold(g)
    corpus = FlatCorpus(gold, load_predictions(p, gold.ids, gold.texts))
    assert corpus.pred_doc.tolist() == [0, 0, 0, 2, 2, 2, 3, 3, 3]
    assert [t.label for t in corpus.preds] == ["GPE", "LOC", None, "GPE", "LOC", None,
                                               "FAC", "LOC", None]
    assert corpus.labels == ("FAC", "GPE", "LOC")
    assert corpus.pred_label_ids.tolist() == [2, 3, 0, 2, 3, 0, 1, 3, 0]
    assert corpus.gold_label_ids.tolist() == [2, 3] * 4


def test_every_scheme_scores_files_as_it_scores_documents(tmp_path):
    g, p = files(tmp_path)
    gold = read_gold(g)
    predictions = read_predictions(p, gold)
    for name in SCHEMES.names():
        assert score_files(name, g, p).to_json() == score(name, gold, predictions).to_json()


def test_build_leaves_out_predictions_for_unknown_documents():
    gold = [Document("a", TEXT, (GoldToponym(5, 10, "Perth"),))]
    corpus = FlatCorpus.build(gold, {"a": PredictedDocument("a", (Prediction("Perth", 5, 10),)),
                                     "zz": PredictedDocument("zz", (Prediction("York"),))})
    assert corpus.n_preds == 1 and corpus.preds == (Prediction("Perth", 5, 10),)
