"""The SemEval-2013 measures: the seed's worked example (shared/seeds/002) and every pitfall."""

import json
import random

import pytest

from evaluation.flat_corpus import FlatCorpus
from evaluation.matching import create_matcher
from evaluation.schemes.muc import MucCounts
from evaluation.schemes.semeval import MEASURES, score_semeval
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction
from tests.semeval_docs import doc_from, gold, preds

SPAN = create_matcher("span")


def counts(result, measure):
    c = result.overall()[measure]
    return (c.correct, c.incorrect, c.partial, c.missed, c.spurious)


def run(golds, predictions, mode=SPAN):
    corpus = FlatCorpus.build(golds, {p.id: p for p in predictions})
    return score_semeval(corpus, mode, {"match": mode.name})


# The seed's example (from Batista's blog): six scenarios in one document.
TEXT, AT = doc_from([
    ("Took ", None), ("Tikosyn", "I"), (" while ", None), ("healthy", "II"), (" and ", None),
    ("Warfarin", "IV"), (" with ", None), ("propranolol", "V"), (" for ", None),
    ("calcium blockers", "VI"), (" and ", None), ("Kyoto", "III"), (".", None),
])
V_S, V_E = AT["V"]
VI_S, VI_E = AT["VI"]
SEED_GOLD = gold("d", TEXT,
                 (*AT["I"], "BRAND"),            # I: right span, right type
                 (*AT["IV"], "DRUG"),            # IV: right span, wrong type
                 (V_S, V_E, "BRAND"),            # V: overlapping span, right type
                 (VI_S, VI_E, "GROUP"),          # VI: overlapping span, wrong type
                 (*AT["III"], "BRAND"))          # III: missed
SEED_PRED = preds("d", TEXT,
                  (*AT["I"], "BRAND"),
                  (*AT["II"], "BRAND"),          # II: spurious
                  (*AT["IV"], "BRAND"),
                  (V_S, V_E - 3, "BRAND"),
                  (VI_S, VI_E - 9, "DRUG"))


@pytest.mark.parametrize(("measure", "expected", "p_and_r"), [
    ("partial", (2, 0, 2, 1, 1), 0.6),
    ("type", (2, 2, 0, 1, 1), 0.4),
    ("exact", (2, 2, 0, 1, 1), 0.4),
    ("strict", (1, 3, 0, 1, 1), 0.2),
])
def test_seed_worked_example(measure, expected, p_and_r):
    result = run([SEED_GOLD], [SEED_PRED])
    assert counts(result, measure) == expected
    c = result.overall()[measure]
    assert c.precision == pytest.approx(p_and_r)
    assert c.recall == pytest.approx(p_and_r)
    assert c.f1 == pytest.approx(p_and_r)


def test_seed_example_possible_and_actual():
    for c in run([SEED_GOLD], [SEED_PRED]).overall().values():
        assert (c.possible, c.actual) == (5, 5)


def test_measures_are_data_with_one_formula():
    assert [m.name for m in MEASURES] == ["strict", "exact", "partial", "type"]
    # Partial credit enters only through PAR; a measure without PAR is COR / ACT.
    assert MucCounts(2, 2, 0, 1, 1).precision == pytest.approx(2 / 5)
    assert MucCounts(2, 0, 2, 1, 1).precision == pytest.approx(3 / 5)


def test_shuffled_predictions_change_nothing():
    base = run([SEED_GOLD], [SEED_PRED])
    rng = random.Random(7)
    for _ in range(20):
        items = list(SEED_PRED.toponyms)
        rng.shuffle(items)
        again = run([SEED_GOLD], [PredictedDocument("d", tuple(items))])
        assert again.overall() == base.overall()


def test_duplicated_predictions_are_each_spurious():
    dup = PredictedDocument("d", SEED_PRED.toponyms + SEED_PRED.toponyms[:1] * 3)
    for m in ("strict", "exact", "partial", "type"):
        before, after = counts(run([SEED_GOLD], [SEED_PRED]), m), counts(run([SEED_GOLD], [dup]), m)
        assert after[:4] == before[:4] and after[4] == before[4] + 3


TEXT2 = "From New York to York and on to Old York Road"


def test_one_prediction_covering_two_gold_toponyms():
    # "New York to York" covers both gold toponyms: it pairs with one, the other is missed.
    g = gold("d", TEXT2, (5, 13, "GPE"), (17, 21, "GPE"))
    p = preds("d", TEXT2, (5, 21, "GPE"))
    r = run([g], [p])
    assert counts(r, "strict") == (0, 1, 0, 1, 0)
    assert counts(r, "partial") == (0, 0, 1, 1, 0)
    assert counts(r, "type") == (1, 0, 0, 1, 0)


def test_two_predictions_inside_one_gold_toponym():
    g = gold("d", TEXT2, (5, 13, "GPE"))
    p = preds("d", TEXT2, (5, 8, "GPE"), (9, 13, "GPE"))
    r = run([g], [p])
    assert counts(r, "partial") == (0, 0, 1, 0, 1)
    assert counts(r, "type") == (1, 0, 0, 0, 1)


def test_overlapping_predictions_the_exact_one_wins_whatever_the_order():
    # nervaluate pairs the first overlapping prediction and calls the exact one spurious
    # (its issue #29); an optimal assignment gives the gold toponym its exact match.
    g = gold("d", TEXT2, (5, 13, "GPE"))
    for order in ([(5, 21, "GPE"), (5, 13, "GPE")], [(5, 13, "GPE"), (5, 21, "GPE")]):
        r = run([g], [preds("d", TEXT2, *order)])
        assert counts(r, "strict") == (1, 0, 0, 0, 1)
        assert counts(r, "partial") == (1, 0, 0, 0, 1)


def test_type_only_mismatch():
    g = gold("d", TEXT2, (17, 21, "GPE"))
    r = run([g], [preds("d", TEXT2, (17, 21, "LOC"))])
    assert counts(r, "strict") == (0, 1, 0, 0, 0)
    assert counts(r, "exact") == (1, 0, 0, 0, 0)
    assert counts(r, "partial") == (1, 0, 0, 0, 0)
    assert counts(r, "type") == (0, 1, 0, 0, 0)


def test_type_prefers_the_same_label_pairing():
    # Prediction A (LOC) overlaps both gold toponyms; B (GPE) only the first. Pairing A with
    # the LOC gold and B with the GPE gold gives two correct: greedy order can give one.
    text = "aaaa bbbb cccc"
    g = gold("d", text, (0, 4, "GPE"), (5, 9, "LOC"))
    for order in ([(0, 9, "LOC"), (0, 3, "GPE")], [(0, 3, "GPE"), (0, 9, "LOC")]):
        assert counts(run([g], [preds("d", text, *order)]), "type") == (2, 0, 0, 0, 0)


def test_empty_documents_and_no_gold_no_predictions():
    d = Document("e", "Nothing here")
    r = run([d], [])
    for m in ("strict", "exact", "partial", "type"):
        c = r.overall()[m]
        assert counts(r, m) == (0, 0, 0, 0, 0)
        assert (c.precision, c.recall, c.f1) == (None, None, None)
        assert r.per_document[m].macro()["f1"] is None
    assert run([], []).overall()["strict"] == MucCounts()


def test_predictions_only_and_gold_only():
    g = gold("d", TEXT2, (17, 21, "GPE"))
    only_gold = run([g], [])
    assert counts(only_gold, "strict") == (0, 0, 0, 1, 0)
    c = only_gold.overall()["strict"]
    assert (c.precision, c.recall, c.f1) == (None, 0.0, None)
    only_pred = run([Document("d", TEXT2)], [preds("d", TEXT2, (17, 21, "GPE"))])
    c = only_pred.overall()["strict"]
    assert counts(only_pred, "strict") == (0, 0, 0, 0, 1) and c.recall is None


def test_macro_is_the_mean_of_document_f1():
    # Doc a: perfect (F1 1). Doc b: gold but nothing predicted (F1 counts as 0 in the mean).
    # Doc c: nothing at all (left out).
    a = gold("a", TEXT2, (17, 21, "GPE"))
    b = gold("b", TEXT2, (5, 13, "GPE"))
    c = Document("c", "empty")
    r = run([a, b, c], [preds("a", TEXT2, (17, 21, "GPE"))])
    macro = r.per_document["strict"].macro()
    assert macro["f1"] == pytest.approx(0.5)
    assert macro["precision"] == pytest.approx(1.0) and macro["documents_with_predictions"] == 1
    assert macro["recall"] == pytest.approx(0.5) and macro["documents_with_gold"] == 2
    assert macro["f1_of_means"] == pytest.approx(2 / 3)
    assert macro["documents_scored"] == 2


def test_by_label_scores_each_label_alone():
    r = run([SEED_GOLD], [SEED_PRED])
    brand = r.by_label["BRAND"]["strict"]
    # BRAND gold: I, V, III; BRAND predictions: I, II, IV, V(clipped).
    assert (brand.correct, brand.incorrect, brand.missed, brand.spurious) == (1, 1, 1, 2)
    assert r.by_label["GROUP"]["strict"].missed == 1
    assert r.by_label["DRUG"]["exact"].spurious == 1 and r.by_label["DRUG"]["exact"].missed == 1


def test_gold_without_labels_accepts_any_label():
    g = Document("d", TEXT2, (GoldToponym(17, 21, "York"),))
    p = PredictedDocument("d", (Prediction("York", 17, 21, "GPE"),))
    r = run([g], [p])
    assert counts(r, "strict") == (1, 0, 0, 0, 0)
    assert r.by_label == {} and r.notes


def test_text_mode_pairs_names_without_offsets():
    g = Document("d", TEXT2, (GoldToponym(5, 13, "New York", label="GPE"),))
    p = PredictedDocument("d", (Prediction("york", label="GPE"),))
    r = run([g], [p], create_matcher("text"))
    assert counts(r, "partial") == (0, 0, 1, 0, 0)
    assert counts(run([g], [p], SPAN), "partial") == (0, 0, 0, 1, 1)


def test_json_shape():
    data = run([SEED_GOLD], [SEED_PRED]).to_json()
    assert set(data["overall"]) == {"strict", "exact", "partial", "type"}
    assert {"correct", "incorrect", "partial", "missed", "spurious", "precision", "recall",
            "f1"} <= set(data["overall"]["strict"])
    assert data["documents"][0]["id"] == "d" and "strict" in data["documents"][0]
    assert "BRAND" in data["by_label"] and "strict" in data["macro"]


def test_labels_the_gold_never_uses_are_explained_not_silent():
    from evaluation.flat_corpus import FlatCorpus
    from evaluation.matching import create_matcher
    from evaluation.schemes.semeval import score_semeval
    from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

    gold = [Document("d", "Rain in Galway.", (GoldToponym(8, 14, "Galway", label="GPE"),))]
    pred = {"d": PredictedDocument("d", (Prediction("Galway", 8, 14, "TOPONYM"),))}
    result = score_semeval(FlatCorpus.build(gold, pred), create_matcher("span"), {})
    assert any("share none" in n and "TOPONYM" in n and "GPE" in n and "undefined" in n
               for n in result.notes)
    same = {"d": PredictedDocument("d", (Prediction("Galway", 8, 14, "GPE"),))}
    assert not score_semeval(FlatCorpus.build(gold, same), create_matcher("span"), {}).notes


def test_strict_is_undefined_not_zero_when_the_labels_share_none():
    gold = [Document("d", "Rain in Galway.", (GoldToponym(8, 14, "Galway", label="GPE"),))]
    pred = {"d": PredictedDocument("d", (Prediction("Galway", 8, 14, "TOPONYM"),))}
    result = score_semeval(FlatCorpus.build(gold, pred), create_matcher("span"), {})
    data = result.to_json()
    for typed in ("strict", "type"):
        assert data["overall"][typed]["f1"] is None and data["macro"][typed]["f1"] is None
        assert data["overall"][typed]["incorrect"] == 1  # the counts say what was compared
        assert data["documents"][0][typed]["precision"] is None
    assert data["overall"]["exact"]["f1"] == 1.0
    rows = {r["measure"]: r for r in result.to_rows() if r["scope"] == "overall"}
    assert rows["strict"]["f1"] is None and rows["partial"]["f1"] == 1.0
    assert "strict and type F1 are undefined" in result.to_markdown()


def test_a_hybrid_with_mixed_labels_says_why_strict_is_below_exact():
    gold = [Document("d", "Rain in Galway and Cork.", (
        GoldToponym(8, 14, "Galway", label="GPE"), GoldToponym(19, 23, "Cork", label="GPE")))]
    pred = {"d": PredictedDocument("d", (Prediction("Galway", 8, 14, "TOPONYM"),
                                         Prediction("Cork", 19, 23, "GPE")))}
    result = score_semeval(FlatCorpus.build(gold, pred), create_matcher("span"), {})
    data = result.to_json()["overall"]
    assert data["strict"]["f1"] == 0.5 and data["exact"]["f1"] == 1.0
    assert result.mixed_labels is not None
    assert "1 of the 2 predicted spans carry labels the gold never uses (TOPONYM)" in (
        result.mixed_labels)
    assert result.mixed_labels in result.notes


def test_per_document_figures_computed_at_once_are_each_documents_own():
    """``PerDocument.document_dicts`` computes every document's figures at once (``score
    --format json`` on 100,000 documents); each must be what ``MucCounts.as_dict`` gives for
    that document alone, value and type (None for 0/0, 0.0 for an F1 of nothing right)."""
    import json

    import numpy as np

    from evaluation.schemes.semeval import PerDocument

    rng = np.random.default_rng(7)
    n = 500
    counts = [rng.integers(0, 4, n) for _ in range(4)]
    for a in counts:
        a[:40] = 0  # documents with nothing, with gold only, with predictions only
    counts[2][40:60] = 0
    for otherwise in ("incorrect", "partial"):
        per = PerDocument(*counts, otherwise)
        got = list(per.document_dicts())
        want = [per.counts(k).as_dict() for k in range(n)]
        assert json.dumps(got) == json.dumps(want)
        assert [type(v) for d in got for v in d.values()] == [
            type(v) for d in want for v in d.values()]


def _random_documents(seed: int, labels=("GPE", "LOC"), pred_labels=("GPE", "LOC")):
    """60 documents: some with nothing, gold only or predictions only, shifted spans."""
    rng = random.Random(seed)
    golds, predictions = [], []
    for k in range(60):
        text = "Paris and Rome and Oslo and Kyoto and Lima."
        spans = [(0, 5), (10, 14), (19, 23), (28, 33), (38, 42)]
        g = [(s, e, rng.choice(labels)) for s, e in spans
             if rng.random() < 0.5 and k % 10 != 1]
        p = [(s + rng.choice([0, 0, 1]), e, rng.choice(pred_labels))
             for s, e in spans if (rng.random() < 0.5 or k % 7 == 0) and k % 10 != 2]
        golds.append(gold(f"d{k}", text, *g))
        predictions.append(preds(f"d{k}", text, *p))
    return golds, predictions


@pytest.mark.parametrize("untyped", [False, True])
def test_json_written_compactly_reads_as_json_dumps_of_the_dicts(untyped):
    """``score --format json`` writes the per-document part from arrays, each distinct set of
    counts encoded once (cheap on 100,000 documents); ``json.loads`` of it must be what
    ``json.dumps`` gives for the result's dicts — every measure, documents with nothing, gold
    only or predictions only, fractions whose shortest repr is long, and the typed measures'
    ratios blanked when the labels share none."""
    import io
    import json

    from evaluation.reports.score_output import write_json

    result = run(*_random_documents(3, pred_labels=("TOPONYM",) if untyped else ("GPE", "LOC")))
    assert result.untyped == untyped
    buf = io.StringIO()
    write_json(result, buf.write)
    assert json.loads(buf.getvalue()) == json.loads(json.dumps(result.to_json()))
    lines = buf.getvalue().split("\n")
    start = lines.index('  "documents": [')
    assert [json.loads(line.rstrip(",")) for line in lines[start + 1:start + 61]] == (
        json.loads(json.dumps(result.to_json()["documents"])))
    assert lines[start + 61] == ("  ]," if result.notes else "  ]")
    docs = json.loads(buf.getvalue())["documents"]
    assert {d["exact"]["precision"] is None for d in docs} == {True, False}
    assert {d["exact"]["recall"] is None for d in docs} == {True, False}
    assert {d["strict"]["f1"] is None for d in docs} == ({True} if untyped else {True, False})


@pytest.mark.parametrize("block", [1, 7, 60, 8192])
def test_document_lines_do_not_depend_on_the_block_size(block):
    result = run(*_random_documents(5))
    whole = b"".join(result.document_lines(block=10_000))
    assert b"".join(result.document_lines(block=block)) == whole
    assert whole.count(b"\n") == 60
    assert [json.loads(line) for line in whole.splitlines()] == (
        json.loads(json.dumps(result.to_json()["documents"])))
