"""The span decision's document parts, which a tagger leaves out one at a time."""

from pathlib import Path

from benchmarks.training.document_parts import (
    by_part_tagger,
    document_part,
    document_parts_count,
    part_tagger,
)


def test_a_corpus_is_cut_into_parts_by_every_kth_sorted_id_as_the_decision_cuts_it():
    assert document_part(["c", "a", "d", "b", "a"], 3) == {"a": 0, "b": 1, "c": 2, "d": 0}


def test_the_decisions_parts_are_the_ones_a_tagger_leaves_out():
    import numpy as np

    from benchmarks.training.train_decision import document_parts

    class Rows:
        documents = ["b", "a", "c", "a", "d"]
        toponym = np.ones(5)
        masked = np.zeros(5, dtype=bool)
        x = np.zeros((5, 1))

    parts = document_parts({"x": Rows()}, 3)
    part = document_part(Rows.documents, 3)
    for k, p in enumerate(parts):
        assert [d for d, held in zip(Rows.documents, p.keep, strict=True) if held] == \
            [d for d in Rows.documents if part[d] == k]


def test_the_parts_are_the_decision_configs_document_folds(tmp_path):
    config = tmp_path / "decision.json"
    config.write_text('{"document_folds": 5}', encoding="utf-8")
    assert document_parts_count(config) == 5
    assert document_parts_count() == 3


def test_a_part_tagger_is_written_beside_the_fold_taggers(tmp_path):
    assert part_tagger(tmp_path, 2) == tmp_path / "without-part-2" / "tagger"


def test_documents_go_to_the_part_tagger_of_their_part_in_the_whole_corpus():
    from geoparser.model import Document

    docs = [Document(id=i, text="In Paris.") for i in ("d2", "d4")]
    got = by_part_tagger(Path("W"), docs, ["d0", "d1", "d2", "d3", "d4"])
    assert [(path.parent.name, [d.id for d in group]) for path, group in got] == [
        ("without-part-0", []), ("without-part-1", ["d4"]), ("without-part-2", ["d2"])]
