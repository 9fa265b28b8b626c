"""One document with tens of thousands of toponyms scores through
sparse candidate pairs, and the name-based modes refuse what they cannot bound."""

import pytest

from evaluation import matching, score
from geoparser.errors import UsageError
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

WORDS = ["Perth", "Bath", "York", "Leeds", "Hull"]


def big(n):
    spans, pos = [], 0
    for k in range(n):
        w = WORDS[k % 5]
        spans.append((pos, pos + len(w), w))
        pos += len(w) + 1
    text = " ".join(w for _, _, w in spans)
    gold = [Document("big", text, tuple(GoldToponym(s, e, w, 50.0, 0.0) for s, e, w in spans))]
    preds = {"big": PredictedDocument("big", tuple(Prediction(w, s, e, None, 50.01, 0.0)
                                                   for s, e, w in spans))}
    return gold, preds


def test_coursework_ner_on_one_document_of_20000_toponyms_uses_sparse_pairs():
    gold, preds = big(20_000)
    o = score("coursework-ner", gold, preds).overall
    assert (o.tp, o.fp, o.fn) == (20_000, 0, 0)


def test_name_modes_refuse_a_document_beyond_the_pair_bound(monkeypatch):
    monkeypatch.setattr(matching, "MAX_NAME_PAIRS_PER_DOCUMENT", 100)
    gold, preds = big(11)
    with pytest.raises(UsageError, match="at most 100 pairs per document"):
        score("coursework-ner", gold, preds, "text")
    assert score("coursework-ner", gold, preds, "span").overall.tp == 11
