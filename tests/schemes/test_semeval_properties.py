"""Properties of the SemEval scores on random documents (hypothesis)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from evaluation.flat_corpus import FlatCorpus
from evaluation.matching import create_matcher
from evaluation.schemes.semeval import score_semeval
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

TEXT = "abcdefghij" * 4
spans = st.tuples(st.integers(0, 38), st.integers(1, 8), st.sampled_from(["A", "B"])).map(
    lambda t: (t[0], min(40, t[0] + t[1]), t[2]))
docs = st.lists(st.tuples(st.lists(spans, max_size=5), st.lists(spans, max_size=6)),
                max_size=6)


def build(case):
    gold, predictions = [], {}
    for k, (g, p) in enumerate(case):
        gold.append(Document(f"d{k}", TEXT, tuple(
            GoldToponym(s, e, TEXT[s:e], label=lab) for s, e, lab in g)))
        predictions[f"d{k}"] = PredictedDocument(f"d{k}", tuple(
            Prediction(TEXT[s:e], s, e, lab) for s, e, lab in p))
    return gold, predictions


def overall(gold, predictions, mode="span"):
    return score_semeval(FlatCorpus.build(gold, predictions), create_matcher(mode), {}).overall()


@settings(max_examples=150, deadline=None)
@given(docs, st.sampled_from(["span", "overlap", "text", "levenshtein", "auto"]))
def test_bounds_and_conservation(case, mode):
    gold, predictions = build(case)
    n_gold = sum(len(d.toponyms) for d in gold)
    n_pred = sum(len(p.toponyms) for p in predictions.values())
    for c in overall(gold, predictions, mode).values():
        assert c.correct + c.incorrect + c.partial + c.missed == n_gold
        assert c.correct + c.incorrect + c.partial + c.spurious == n_pred
        for v in (c.precision, c.recall, c.f1):
            assert v is None or 0.0 <= v <= 1.0


@settings(max_examples=150, deadline=None)
@given(docs, st.randoms(use_true_random=False))
def test_shuffling_documents_or_predictions_changes_nothing(case, rnd):
    gold, predictions = build(case)
    base = overall(gold, predictions)
    gold2 = list(gold)
    rnd.shuffle(gold2)
    shuffled = {}
    for doc_id, p in predictions.items():
        items = list(p.toponyms)
        rnd.shuffle(items)
        shuffled[doc_id] = PredictedDocument(doc_id, tuple(items))
    assert overall(gold2, shuffled) == base


@settings(max_examples=100, deadline=None)
@given(docs)
def test_measures_are_ordered_as_their_definitions(case):
    gold, predictions = build(case)
    o = overall(gold, predictions)
    # strict needs everything exact and type; exact and type each need less.
    assert o["strict"].correct <= min(o["exact"].correct, o["type"].correct)
    assert o["exact"].correct == o["partial"].correct
    assert o["exact"].incorrect == o["partial"].partial


@settings(max_examples=100, deadline=None)
@given(docs)
def test_batch_relation_agrees_with_the_scalar_definitions(case):
    gold, predictions = build(case)
    corpus = FlatCorpus.build(gold, predictions)
    for name in ("span", "overlap", "auto", "text", "levenshtein"):
        mode = create_matcher(name)
        pairs = mode.relate(corpus)
        got = {(int(g), int(p)): bool(s) for g, p, s in zip(pairs.gold, pairs.pred, pairs.same,
                                                            strict=True)}
        want = {}
        gi, pj = corpus.all_pairs()
        for g, p in zip(gi.tolist(), pj.tolist(), strict=True):
            if mode.near(corpus.golds[g], corpus.preds[p]):
                want[g, p] = mode.same(corpus.golds[g], corpus.preds[p])
        assert got == want, name


def test_a_duplicate_prediction_is_one_more_spurious_for_random_documents():
    rng = random.Random(3)
    for _ in range(200):
        case = [([(s, min(40, s + rng.randint(1, 8)), rng.choice("AB"))
                  for s in rng.sample(range(39), 3)],
                 [(s, min(40, s + rng.randint(1, 8)), rng.choice("AB"))
                  for s in rng.sample(range(39), 3)])]
        gold, predictions = build(case)
        base = overall(gold, predictions)
        p = predictions["d0"]
        doubled = {"d0": PredictedDocument("d0", p.toponyms + p.toponyms[:1])}
        again = overall(gold, doubled)
        for m, c in base.items():
            assert again[m].spurious == c.spurious + 1
            assert (again[m].correct, again[m].missed) == (c.correct, c.missed)
