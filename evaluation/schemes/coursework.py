"""The coursework's scoring rules for toponym recognition and geocoding (``seeds/000_…``).

NER, per document: a prediction matching a gold toponym is a TP, any other prediction an FP,
a gold toponym no prediction matches an FN. Each gold toponym is matched at most once (a
second prediction of the same toponym is an FP), so TP + FN is always the number of gold
toponyms, as the rules require ("FN = 12 - TP").

Geocoding, per gold toponym, only where NER found it: the matched prediction's point within the
tolerance (distance <= tolerance_km, geodesic) is a TP; outside it, an FP and an FN; no match,
or a match with no coordinates (nothing was resolved), an FN. Predictions that match no gold
toponym are not geocoding predictions and count for nothing. Gold toponyms without coordinates
cannot be scored and are left out (and counted in the result's notes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from evaluation.matching import Matcher
from evaluation.metrics import Counts
from evaluation.results import DocumentScore, SchemeResult
from geoparser.distance import distance_km
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction


def pair_exact(
    gold: Sequence[GoldToponym], preds: Sequence[Prediction], matches: Matcher
) -> dict[int, int]:
    """One-to-one pairs {gold index: prediction index}, predictions taken in offset order.

    For equivalence-style matchers (span, text) this greedy pass pairs as many as possible.
    """
    order = sorted(
        range(len(preds)), key=lambda j: (preds[j].start is None, preds[j].start or 0, j)
    )
    pairs: dict[int, int] = {}
    for j in order:
        for i, g in enumerate(gold):
            if i not in pairs and matches(g, preds[j]):
                pairs[i] = j
                break
    return pairs


def _pred_detail(p: Prediction, outcome: str) -> dict:
    return {"text": p.text, "start": p.start, "end": p.end, "label": p.label, "outcome": outcome}


def score_ner(
    gold: Sequence[Document],
    predictions: Mapping[str, PredictedDocument],
    matches: Matcher,
    options: dict,
) -> SchemeResult:
    docs = []
    for doc in gold:
        preds = predictions.get(doc.id, PredictedDocument(doc.id)).toponyms
        pairs = pair_exact(doc.toponyms, preds, matches)
        matched = set(pairs.values())
        counts = Counts(
            tp=len(pairs), fp=len(preds) - len(pairs), fn=len(doc.toponyms) - len(pairs)
        )
        details = [
            {
                "gold": g.text,
                "start": g.start,
                "end": g.end,
                "matched": preds[pairs[i]].text if i in pairs else None,
            }
            for i, g in enumerate(doc.toponyms)
        ]
        details += [
            {"prediction": _pred_detail(p, "TP" if j in matched else "FP")}
            for j, p in enumerate(preds)
        ]
        docs.append(DocumentScore(doc.id, counts, tuple(details)))
    return SchemeResult("coursework-ner", options, tuple(docs))


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


def score_geo(
    gold: Sequence[Document],
    predictions: Mapping[str, PredictedDocument],
    matches: Matcher,
    options: dict,
) -> SchemeResult:
    docs = []
    unscorable = 0
    for doc in gold:
        preds = predictions.get(doc.id, PredictedDocument(doc.id)).toponyms
        pairs = pair_exact(doc.toponyms, preds, matches)
        counts = Counts()
        details = []
        for i, g in enumerate(doc.toponyms):
            if not g.has_point:
                unscorable += 1
                continue
            pred = preds[pairs[i]] if i in pairs else None
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
        docs.append(DocumentScore(doc.id, counts, tuple(details)))
    notes = (f"{unscorable} gold toponyms without coordinates were left out",) if unscorable else ()
    return SchemeResult("coursework-geo", options, tuple(docs), notes)
