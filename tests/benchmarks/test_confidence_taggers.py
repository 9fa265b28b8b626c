"""The confidence rows' toponyms come from a tagger that never saw their document."""

from pathlib import Path

import pytest

from benchmarks.corpus_catalogue import CatalogueEntry
from benchmarks.training import confidence_data, train_confidence
from benchmarks.training.confidence_taggers import taggers_for
from geoparser.errors import UsageError
from geoparser.model import Document


def doc(i: str) -> Document:
    return Document(id=i, text=f"text {i}")


def tagger(root: Path, name: str) -> Path:
    path = root / name / "tagger"
    path.mkdir(parents=True)
    (path / "model.onnx").write_bytes(b"weights")
    return path


def test_a_corpus_learnt_by_folds_is_read_by_the_fold_without_it(tmp_path):
    folded = tagger(tmp_path, "without-geovirus")
    docs = [doc("a"), doc("b")]
    assert taggers_for("GeoVirus", docs, tmp_path, tmp_path) == [(folded, docs)]


def test_a_corpus_no_tagger_learnt_is_read_by_the_shipped_tagger(tmp_path):
    docs = [doc("a")]
    assert taggers_for("WikToR", docs, tmp_path, tmp_path) == [(None, docs)]


def test_each_part_of_local_news_is_read_by_the_tagger_that_never_saw_it(tmp_path,
                                                                          monkeypatch):
    paths = [tagger(tmp_path, f"without-part-{k}") for k in range(3)]
    whole = [doc(i) for i in "abcdef"]
    monkeypatch.setattr(CatalogueEntry, "read", lambda self, corpora: whole)
    # a sample of the corpus: parts are cut over all its documents, as the taggers were
    got = taggers_for("LGL (development half)", [whole[0], whole[3], whole[4]], tmp_path,
                      tmp_path)
    assert got == [(paths[0], [whole[0], whole[3]]), (paths[1], [whole[4]])]


def test_a_missing_fold_tagger_is_named(tmp_path):
    with pytest.raises(UsageError, match="without-geowebnews.*make train-ner"):
        taggers_for("GeoWebNews", [doc("a")], tmp_path, tmp_path)


def test_training_without_the_fold_taggers_stops_with_one_line(tmp_path, monkeypatch, capsys):
    def missing(config, corpora, work):
        assert work == tmp_path
        raise UsageError(f"no fold tagger at {work}/without-geovirus/tagger: run "
                         "`make train-ner` first")

    monkeypatch.setattr(train_confidence, "corpus_documents", missing)
    assert train_confidence.main(["--fold-taggers", str(tmp_path), "--no-write"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "without-geovirus" in err


def test_the_shipped_tagger_gives_every_row_unless_fold_taggers_are_named(monkeypatch):
    seen = []
    monkeypatch.setattr(train_confidence, "corpus_documents",
                        lambda config, corpora, work: seen.append(work) or {})
    assert train_confidence.main(["--no-write"]) == 0
    assert seen == [None]


def test_a_corpus_outside_the_ranker_s_four_is_read_by_its_catalogue_entry(tmp_path,
                                                                           monkeypatch):
    (tmp_path / "lgl-dev").mkdir()
    (tmp_path / "lgl-dev" / "lgl-dev.xml").write_text("")
    monkeypatch.setattr(CatalogueEntry, "read", lambda self, corpora: [doc("x"), doc("y")])
    got = confidence_data.sampled_documents({"max_documents_per_corpus": 1, "seed": 7},
                                            tmp_path, ["LGL (development half)", "GeoVirus"])
    assert list(got) == ["LGL (development half)"] and len(got["LGL (development half)"]) == 1


def test_cached_mentions_follow_the_tagger_s_weights(tmp_path):
    from benchmarks.training.confidence_taggers import mentions_key

    one, two = tagger(tmp_path, "one"), tagger(tmp_path, "two")
    assert mentions_key("toponym-transformer-checked", one) == \
        mentions_key("toponym-transformer-checked", two)
    (two / "model.onnx").write_bytes(b"retrained")
    assert mentions_key("toponym-transformer-checked", one) != \
        mentions_key("toponym-transformer-checked", two)
    assert mentions_key("en_core_web_sm") == "en_core_web_sm"  # no tagger of ours
