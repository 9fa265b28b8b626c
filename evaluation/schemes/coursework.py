"""The coursework's scoring rules for toponym recognition and geocoding (``seeds/000_…``).

NER, per document: a prediction matching a gold toponym is a TP, any other prediction an FP,
a gold toponym no prediction matches an FN. Each gold toponym is matched at most once (a
second prediction of the same toponym is an FP), so TP + FN is always the number of gold
toponyms, as the rules require ("FN = 12 - TP"). Gold toponyms and predictions are paired by
the harness's one optimal assignment (``evaluation.pairs_matched``): as many TPs as possible,
whatever the order of the input.

Geocoding, per gold toponym, only where NER found it: the matched prediction's point within the
tolerance (distance <= tolerance_km, geodesic) is a TP; outside it, an FP and an FN; no match,
or a match with no coordinates (nothing was resolved), an FN. Predictions that match no gold
toponym are not geocoding predictions and count for nothing. Gold toponyms without coordinates
cannot be scored and are left out (and counted in the result's notes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from evaluation.false_positives import classify, unmatched
from evaluation.flat_corpus import FlatCorpus
from evaluation.matching import MatchMode
from evaluation.metrics import Counts
from evaluation.pairs_matched import match_same
from evaluation.results import DocumentScore, SchemeResult
from geoparser.distance import distance_km
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction


def _pred_detail(p: Prediction, outcome: str) -> dict:
    return {"text": p.text, "start": p.start, "end": p.end, "label": p.label, "outcome": outcome}


def _by_document(corpus: FlatCorpus, rows: np.ndarray, doc: np.ndarray) -> list[list[int]]:
    """Row indices grouped by document (rows are already in document order)."""
    out: list[list[int]] = [[] for _ in range(corpus.n_docs)]
    for r, d in zip(rows.tolist(), doc[rows].tolist(), strict=True):
        out[d].append(r)
    return out


def score_ner_corpus(corpus: FlatCorpus, matches: MatchMode, options: dict[str, Any]
                     ) -> SchemeResult:
    """``coursework-ner`` on a corpus: TPs are the optimal one-to-one ``same`` pairs."""
    g2p = match_same(corpus, matches).gold_to_pred()
    matched = set(g2p.values())
    fps = classify(corpus, unmatched(corpus.n_preds, matched).tolist())
    golds, preds = corpus.golds, corpus.preds
    g_rows = _by_document(corpus, np.arange(corpus.n_golds), corpus.gold_doc)
    p_rows = _by_document(corpus, np.arange(corpus.n_preds), corpus.pred_doc)
    docs = []
    for k, doc_id in enumerate(corpus.doc_ids):
        gs, ps = g_rows[k], p_rows[k]
        tp = sum(i in g2p for i in gs)
        details: list[dict] = [
            {"gold": golds[i].text, "start": golds[i].start, "end": golds[i].end,
             "matched": preds[g2p[i]].text if i in g2p else None} for i in gs]
        details += [{"prediction": _pred_detail(preds[j], "TP" if j in matched else "FP")}
                    for j in ps]
        docs.append(DocumentScore(doc_id, Counts(tp=tp, fp=len(ps) - tp, fn=len(gs) - tp),
                                  tuple(details)))
    return SchemeResult("coursework-ner", options, tuple(docs), false_positives=fps)


def score_ner(
    gold: Sequence[Document],
    predictions: Mapping[str, PredictedDocument],
    matches: MatchMode,
    options: dict,
) -> SchemeResult:
    """``coursework-ner`` on the model's documents."""
    return score_ner_corpus(FlatCorpus.build(gold, predictions), matches, options)


def judge_geocoding(gold: GoldToponym, pred: Prediction | None) -> tuple[Counts, float | None, str]:
    """Counts, distance and a one-word verdict for one gold toponym and its matched prediction."""
    if pred is None:
        return Counts(fn=1), None, "not recognised"
    if not pred.has_point:
        return Counts(fn=1), None, "not resolved"
    d = distance_km(gold.lat, gold.lon, pred.lat, pred.lon)  # type: ignore[arg-type]
    tolerance = gold.tolerance_km
    assert tolerance is not None, "gold tolerance is filled in when gold is read"
    if d <= tolerance:
        return Counts(tp=1), d, "within tolerance"
    return Counts(fp=1, fn=1), d, "outside tolerance"


def score_geo_corpus(corpus: FlatCorpus, matches: MatchMode, options: dict[str, Any]
                     ) -> SchemeResult:
    """``coursework-geo`` on a corpus: each gold toponym judged with its matched prediction."""
    g2p = match_same(corpus, matches).gold_to_pred()
    golds, preds = corpus.golds, corpus.preds
    g_rows = _by_document(corpus, np.arange(corpus.n_golds), corpus.gold_doc)
    docs = []
    unscorable = 0
    for k, doc_id in enumerate(corpus.doc_ids):
        counts = Counts()
        details = []
        for i in g_rows[k]:
            g = golds[i]
            if not g.has_point:
                unscorable += 1
                continue
            pred = preds[g2p[i]] if i in g2p else None
            c, d, verdict = judge_geocoding(g, pred)
            counts += c
            details.append(
                {
                    "gold": g.text,
                    "start": g.start,
                    "end": g.end,
                    "guide": [g.lat, g.lon],
                    "tolerance_km": g.tolerance_km,
                    "predicted_span": None if pred is None else [pred.start, pred.end],
                    "predicted_text": None if pred is None else pred.text,
                    "predicted": None if pred is None else [pred.lat, pred.lon],
                    "geonameid": None if pred is None else pred.geonameid,
                    "distance_km": d,
                    "verdict": verdict,
                    "tp": c.tp,
                    "fp": c.fp,
                    "fn": c.fn,
                }
            )
        docs.append(DocumentScore(doc_id, counts, tuple(details)))
    notes = (f"{unscorable} gold toponyms without coordinates were left out",) if unscorable else ()
    return SchemeResult("coursework-geo", options, tuple(docs), notes)


def score_geo(
    gold: Sequence[Document],
    predictions: Mapping[str, PredictedDocument],
    matches: MatchMode,
    options: dict,
) -> SchemeResult:
    """``coursework-geo`` on the model's documents."""
    return score_geo_corpus(FlatCorpus.build(gold, predictions), matches, options)
