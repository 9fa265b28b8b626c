"""The span decision's training: corpora from the config, convention masks, thresholds."""

import json
from pathlib import Path

import numpy as np
import pytest

from benchmarks.training.decision_data import (
    DecisionCorpus,
    DecisionPart,
    DecisionRows,
    rows_key,
    rows_path,
    tagger_for,
    taggers_for,
)
from benchmarks.training.decision_tables import outcome
from benchmarks.training.train_decision import document_parts
from geoparser.model import Document
from tests.benchmarks.decision_rows import rows


def test_a_corpus_names_a_known_tagger_and_a_positive_step():
    entry = {"name": "LGL", "conventions": "lgl-dev", "format": "lgl", "path": "lgl.xml"}
    assert DecisionCorpus.from_config(entry).tagger == "fold"
    assert DecisionCorpus.from_config({**entry, "tagger": "parts"}).tagger == "parts"
    with pytest.raises(ValueError, match="tagger must be one of fold, parts, shipped"):
        DecisionCorpus.from_config({**entry, "tagger": "mine"})
    with pytest.raises(ValueError, match="every at least 1"):
        DecisionCorpus.from_config({**entry, "every": 0})


def test_every_kth_document_by_sorted_id(tmp_path):
    path = tmp_path / "gold.jsonl"
    path.write_text("".join(json.dumps({"id": f"d{i}", "text": "In Paris.", "toponyms": [
        {"start": 3, "end": 8, "text": "Paris"}]}) + "\n" for i in (3, 0, 2, 1, 4)))
    corpus = DecisionCorpus("G", "lgl-dev", "jsonl", "gold.jsonl", every=2)
    assert [d.id for d in corpus.documents(tmp_path)] == ["d0", "d2", "d4"]


def test_a_sampled_corpus_keeps_the_parts_of_the_whole(tmp_path):
    """The decision takes every ``every``-th document, but a document's part (which part
    tagger never saw it) is cut over the whole corpus, as every scorer of the corpus cuts it,
    not over the documents taken (d2 is the sample's second, but the whole corpus's third)."""
    from benchmarks.training.document_parts import document_part

    path = tmp_path / "gold.jsonl"
    path.write_text("".join(json.dumps({"id": f"d{i}", "text": "In Paris.", "toponyms": [
        {"start": 3, "end": 8, "text": "Paris"}]}) + "\n" for i in range(9)))
    corpus = DecisionCorpus("G", "btc", "jsonl", "gold.jsonl", every=2)
    whole = corpus.every_document(tmp_path)
    assert [d.id for d in corpus.taken(whole)] == [d.id for d in corpus.documents(tmp_path)]
    part = document_part([d.id for d in whole], 3)
    assert [part[d.id] for d in corpus.taken(whole)] == [0, 2, 1, 0, 2]


def test_the_shipped_tagger_is_refused_for_a_corpus_it_was_trained_on(tmp_path):
    from geoparser.recognition.transformer_tagger import model_dir

    record = json.loads((model_dir() / "trained_on.json").read_text(encoding="utf-8"))
    if not record["corpora"]:
        pytest.skip("the shipped tagger lists no training documents")
    # a text whose fingerprint the record lists cannot be rebuilt from it, so a corpus of
    # an unseen text passes and a fold corpus names its fold folder
    path = tmp_path / "gold.jsonl"
    path.write_text(json.dumps({"id": "a", "text": "Never seen in Zzyzx.", "toponyms": [
        {"start": 14, "end": 19, "text": "Zzyzx"}]}) + "\n")
    unseen = DecisionCorpus("Unseen", "lgl-dev", "jsonl", "gold.jsonl", tagger="shipped")
    docs = unseen.documents(tmp_path)
    assert tagger_for(unseen, tmp_path, docs) == model_dir()
    fold = DecisionCorpus("GeoWebNews", "geowebnews", "jsonl", "gold.jsonl")
    assert tagger_for(fold, tmp_path, docs) == tmp_path / "without-geowebnews" / "tagger"


def test_a_corpus_tagged_by_parts_has_each_part_read_by_the_tagger_that_never_saw_it(tmp_path):
    path = tmp_path / "gold.jsonl"
    path.write_text("".join(json.dumps({"id": f"d{i}", "text": "In Paris.", "toponyms": []})
                            + "\n" for i in (4, 0, 3, 1, 2)))
    corpus = DecisionCorpus("L", "lgl-dev", "jsonl", "gold.jsonl", tagger="parts")
    docs = corpus.documents(tmp_path)
    for k in range(3):
        present(tmp_path / f"without-part-{k}" / "tagger")
    got = [(t.relative_to(tmp_path).as_posix(), [d.id for d in part])
           for t, part in taggers_for(corpus, tmp_path, docs)]
    assert got == [("without-part-0/tagger", ["d0", "d3"]), ("without-part-1/tagger", ["d1", "d4"]),
                   ("without-part-2/tagger", ["d2"])]
    with pytest.raises(ValueError, match="tagged by part"):
        tagger_for(corpus, tmp_path, docs)


def test_a_trial_s_documents_keep_the_part_the_whole_corpus_gave_them(tmp_path):
    corpus = DecisionCorpus("L", "lgl-dev", "jsonl", "gold.jsonl", tagger="parts")
    for k in range(3):
        present(tmp_path / f"without-part-{k}" / "tagger")
    trial = [Document(id="d2", text="In Paris."), Document(id="d4", text="In Lyon.")]
    got = [(t.parent.name, [d.id for d in part])
           for t, part in taggers_for(corpus, tmp_path, trial, ["d0", "d1", "d2", "d3", "d4"])]
    # the 3rd and 5th of the whole corpus: parts 2 and 1 (cut over the trial alone: 0 and 1)
    assert got == [("without-part-0", []), ("without-part-1", ["d4"]), ("without-part-2", ["d2"])]


def test_a_corpus_tagged_whole_has_one_tagger_for_all_its_documents(tmp_path):
    fold = DecisionCorpus("GeoWebNews", "geowebnews", "jsonl", "gold.jsonl")
    present(tmp_path / "without-geowebnews" / "tagger")
    assert taggers_for(fold, tmp_path, []) == [(tmp_path / "without-geowebnews" / "tagger", [])]


def test_a_missing_fold_tagger_is_named(tmp_path):
    fold = DecisionCorpus("GeoWebNews", "geowebnews", "jsonl", "gold.jsonl")
    with pytest.raises(ValueError, match="no fold tagger at .*without-geowebnews.*train-ner"):
        taggers_for(fold, tmp_path, [])


def present(tagger: Path) -> None:
    tagger.mkdir(parents=True)
    (tagger / "model.onnx").write_bytes(b"weights")


def test_saved_rows_are_read_only_under_the_key_they_were_built_with(tmp_path):
    r = rows([1, 0], [1, np.nan])
    path = rows_path(tmp_path, "lgl-dev", "parts", None, False)
    r.save(path, "key one")
    assert DecisionRows.load(path, "key one").x.shape == r.x.shape
    assert DecisionRows.load(path, "key two") is None
    assert DecisionRows.load(path) is not None  # no key asked: read as saved


def test_the_rows_key_follows_the_tagger_and_the_documents(tmp_path):
    present(tmp_path / "t")
    docs = [Document(id="a", text="In Paris.")]
    one = rows_key([(tmp_path / "t", docs)], "shipped confidence")
    assert one == rows_key([(tmp_path / "t", docs)], "shipped confidence")
    assert one != rows_key([(tmp_path / "t", docs)], "confidence fitted without L")
    assert one != rows_key([(tmp_path / "t", [Document(id="a", text="In Lyon.")])],
                           "shipped confidence")
    (tmp_path / "t" / "model.onnx").write_bytes(b"retrained")
    assert one != rows_key([(tmp_path / "t", docs)], "shipped confidence")


def test_masked_rows_weigh_nothing_and_are_counted_apart():
    r = rows([1, 0, 0, 0], [1, np.nan, np.nan, np.nan], masked=[False, True, False, True])
    part = document_parts({"C": r}, 1)[0]
    assert list(part.w > 0) == [True, False, True, False]
    everything = np.ones(4, bool)
    got = outcome(r, everything, everything, None)
    assert got["fp_per_100"] == pytest.approx(300.0)
    assert got["fp_per_100_annotated"] == pytest.approx(100.0)


def test_street_level_false_positives_are_counted_apart():
    """The issue's local-news figure: false positives per 100 gold without the outputs of a
    street-level kind (a street, a building), which ``--kinds`` can leave off."""
    r = rows([1, 0, 0, 0], [1, np.nan, np.nan, np.nan])
    r.street = np.asarray([False, True, False, False])
    everything = np.ones(4, bool)
    got = outcome(r, everything, everything, None)
    assert got["fp_per_100"] == pytest.approx(300.0)
    assert got["fp_per_100_no_street"] == pytest.approx(200.0)


def test_saved_rows_keep_which_are_street_level(tmp_path):
    r = rows([1, 0], [1, np.nan])
    r.street = np.asarray([False, True])
    path = tmp_path / "rows.npz"
    r.save(path, "k")
    assert list(DecisionRows.load(path, "k").street) == [False, True]


def test_the_marker_model_learns_nothing_from_a_corpus_without_points():
    """Tweets give no points: their false spans' "wrong" labels would be all the marker model
    saw of them."""
    tweets = rows([1, 0, 0], [np.nan, 0, 0])
    assert tweets.gold_with_point == 0
    part = DecisionPart("tweets", tweets, np.ones(3, bool), np.ones(3))
    assert not part.fitted_rows("marker").any()
    assert part.fitted_rows("span").all()
    news = rows([1, 0, 0], [1, 0, 0])
    assert DecisionPart("news", news, np.ones(3, bool), np.ones(3)).fitted_rows("marker").all()


def test_held_out_scores_only_the_given_corpora_on_the_given_rows(monkeypatch):
    import benchmarks.training.train_decision as td
    from benchmarks.training.decision_thresholds import Thresholds

    scored = []
    monkeypatch.setattr(td, "shipped_models", lambda: None)
    monkeypatch.setattr(td, "document_parts", lambda parts, folds: sorted(parts))
    monkeypatch.setattr(td, "fit_models", lambda rest, config: (rest, []))
    monkeypatch.setattr(td, "choose", lambda rest, oof, budget, recall: Thresholds(0.5, 0.1, 0.5))
    monkeypatch.setattr(td, "marker_minimum", lambda pool, keep, budget: 0.2)
    monkeypatch.setattr(td, "Pooled", lambda rest, oof: None)
    monkeypatch.setattr(td, "runs", lambda r, models, *rest: scored.append((r, models)) or {})
    parts = {"A": "a rows", "B": "b rows", "C": "c rows"}
    config = {"document_folds": 2, "acc_budget": 0.0, "recall_budget": 0.0}
    assert [row["held_out"] for row in td.held_out(parts, config)] == ["A", "B", "C"]
    assert scored[0] == ("a rows", ["B", "C"])
    scored.clear()
    table = td.held_out(parts, config, scored_on={"B": "b rows read otherwise"})
    assert [row["held_out"] for row in table] == ["B"]
    assert scored == [("b rows read otherwise", ["A", "C"])]


def test_a_tagger_is_known_by_the_digest_of_its_model(tmp_path):
    import hashlib

    from benchmarks.training.decision_data import model_digest

    (tmp_path / "model.onnx").write_bytes(b"weights")
    assert model_digest(tmp_path) == hashlib.sha256(b"weights").hexdigest()[:12]
