"""Shuffling documents, toponyms within documents, or predictions changes no count,
in every scheme and every match mode (hypothesis)."""

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evaluation import score
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

TEXT = "Perth and Perth, Bath or Baths near Bat; New York City by York and L'Aquila."
WORDS = [(m, m + len(w)) for m, w in (
    (TEXT.index(w, k), w) for k, w in (
        (0, "Perth"), (10, "Perth"), (17, "Bath"), (25, "Baths"), (36, "Bat"), (41, "New"),
        (45, "York"), (50, "City"), (41, "New York"), (45, "York City"), (58, "York"),
        (67, "L'Aquila")))]
POINTS = [(56.40, -3.43), (56.41, -3.44), (-31.95, 115.86), (51.38, -2.36)]
SCHEMES = [("coursework-ner", None), ("coursework-geo", None), ("semeval", None),
           ("errors", None), ("pairing", None), ("pairing", "relaxed"),
           ("pairing", "no-boundaries"), ("distance", None)]
MODES = ["span", "overlap", "text", "levenshtein", "auto"]

point = st.one_of(st.none(), st.sampled_from(POINTS))
gold_item = st.tuples(st.integers(0, len(WORDS) - 1), point, st.sampled_from([None, 5.0, 50.0]),
                      st.sampled_from([None, "LOC"]), st.booleans())
pred_item = st.tuples(st.integers(0, len(WORDS) - 1), point, st.sampled_from([None, 1, 2]),
                      st.sampled_from([None, "LOC", "GPE"]), st.booleans())
corpus = st.lists(st.tuples(st.lists(gold_item, max_size=6), st.lists(pred_item, max_size=7)),
                  min_size=1, max_size=4)


def build(case, offsets):
    """Gold and predictions; ``offsets``: every toponym keeps its offsets (else some may not)."""
    gold, preds = [], {}
    for k, (g, p) in enumerate(case):
        seen, golds = set(), []
        for w, pt, tol, lab, keep in g:
            s, e = WORDS[w]
            if (s, e) in seen:  # a repeated gold span is an error
                continue
            seen.add((s, e))
            off = keep or offsets
            golds.append(GoldToponym(s if off else None, e if off else None, TEXT[s:e],
                                     *(pt or (None, None)), tolerance_km=tol, label=lab))
        gold.append(Document(f"d{k}", TEXT, tuple(golds)))
        preds[f"d{k}"] = PredictedDocument(f"d{k}", tuple(
            Prediction(TEXT[s:e], s if keep or offsets else None,
                       e if keep or offsets else None, lab, *(pt or (None, None)), geonameid=gid)
            for (s, e), pt, gid, lab, keep in ((WORDS[w], *rest) for w, *rest in p)))
    return gold, preds


def shuffled(gold, preds, rnd):
    gold = [Document(d.id, d.text, tuple(rnd.sample(d.toponyms, len(d.toponyms))))
            for d in rnd.sample(gold, len(gold))]
    ids = rnd.sample(list(preds), len(preds))
    preds = {i: PredictedDocument(i, tuple(rnd.sample(preds[i].toponyms,
                                                      len(preds[i].toponyms)))) for i in ids}
    return gold, preds


def canonical(value):
    """JSON data with documents keyed by id, lists sorted, floats rounded: what must not move."""
    if isinstance(value, dict):
        out = {k: canonical(v) for k, v in value.items() if k != "examples"}
        if isinstance(value.get("documents"), list):
            out["documents"] = {d["id"]: canonical(d) for d in value["documents"]}
        return out
    if isinstance(value, list):
        return sorted((canonical(v) for v in value), key=repr)
    if isinstance(value, float):
        return round(value, 9) if math.isfinite(value) else value
    return value


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("scheme,variant", SCHEMES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=corpus, offsets=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_permutation_changes_no_count(scheme, variant, mode, case, offsets, seed):
    gold, preds = build(case, offsets or mode in ("span", "overlap"))
    expected = canonical(score(scheme, gold, preds, mode, variant).to_json())
    gold2, preds2 = shuffled(gold, preds, random.Random(seed))
    assert canonical(score(scheme, gold2, preds2, mode, variant).to_json()) == expected
