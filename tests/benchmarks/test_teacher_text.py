"""A student's text without labels: every word missing for the gold loss, every k-th
document by sorted id, unknown corpora and bad steps refused."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from benchmarks import corpus_catalogue
from benchmarks.training.teacher_text import teacher_documents, teacher_text, unlabelled_examples
from geoparser.errors import UsageError
from geoparser.recognition.training.tagger_data import IGNORE
from geoparser.recognition.wordpieces import WordPieces

VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "paris", "is", "in", "france", ".",
         "rain", "fell"]


@pytest.fixture
def pieces(tmp_path: Path) -> WordPieces:
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("\n".join(VOCAB) + "\n", encoding="utf-8")
    return WordPieces(vocab)


@dataclass
class _Doc:
    id: str
    text: str


class _Entry:
    parts = False

    def __init__(self, docs: list[_Doc]) -> None:
        self.docs = docs

    def read(self, corpora: Path) -> list[_Doc]:
        return list(self.docs)


def test_every_word_of_the_teachers_text_is_missing_for_the_gold_loss(pieces):
    got = unlabelled_examples(["Paris is in France. Rain fell in Paris."], pieces)
    assert len(got) == 2  # one window per sentence, as the gold corpora's
    for example in got:
        assert set(example.labels) == {IGNORE}
        assert any(pos >= 0 for pos in example.window.first)


def test_every_kth_document_by_sorted_id(monkeypatch):
    docs = [_Doc(f"d{i}", f"text {i}") for i in (3, 0, 4, 1, 2)]
    monkeypatch.setattr(corpus_catalogue, "entry", lambda name: _Entry(docs))
    got = teacher_documents(Path("corpora"), {"GUM": 2})
    assert got == {"GUM": ["text 0", "text 2", "text 4"]}


def test_blank_documents_give_no_text(monkeypatch):
    docs = [_Doc("a", "  \n"), _Doc("b", "Rain fell.")]
    monkeypatch.setattr(corpus_catalogue, "entry", lambda name: _Entry(docs))
    assert teacher_documents(Path("corpora"), {"GUM": 1}) == {"GUM": ["Rain fell."]}


def test_a_step_below_one_is_refused(monkeypatch):
    monkeypatch.setattr(corpus_catalogue, "entry", lambda name: _Entry([]))
    with pytest.raises(ValueError, match="every must be at least 1"):
        teacher_documents(Path("corpora"), {"GUM": 0})


def test_an_unknown_corpus_is_a_usage_error_naming_the_choices():
    with pytest.raises(UsageError, match="unknown corpus 'nowhere'"):
        teacher_documents(Path("corpora"), {"nowhere": 1})


def test_counts_say_what_each_corpus_gave(monkeypatch, pieces):
    docs = [_Doc("a", "Paris is in France."), _Doc("b", "Rain fell. Rain fell.")]
    monkeypatch.setattr(corpus_catalogue, "entry", lambda name: _Entry(docs))
    examples, counts = teacher_text(Path("corpora"), {"WoTR": 1}, pieces, log=lambda s: None)
    assert counts == {"WoTR": {"every": 1, "documents": 2, "windows": 3}}
    assert len(examples) == 3


class _PartsEntry(_Entry):
    parts = True


def test_a_held_part_of_a_corpus_scored_by_parts_is_left_out(monkeypatch):
    from benchmarks.training.document_parts import document_part

    docs = [_Doc(f"d{i}", f"text {i}") for i in range(7)]
    monkeypatch.setattr(corpus_catalogue, "entry", lambda name: _PartsEntry(docs))
    part = document_part([d.id for d in docs], 3)
    got = teacher_documents(Path("corpora"), {"LGL (development half)": 1}, held_part=1)
    assert got == {"LGL (development half)": [d.text for d in docs if part[d.id] != 1]}
    assert len(got["LGL (development half)"]) == 5


def test_a_held_part_leaves_a_corpus_not_scored_by_parts_whole(monkeypatch):
    docs = [_Doc(f"d{i}", f"text {i}") for i in range(4)]
    monkeypatch.setattr(corpus_catalogue, "entry", lambda name: _Entry(docs))
    got = teacher_documents(Path("corpora"), {"GUM": 1}, held_part=0)
    assert got == {"GUM": [d.text for d in docs]}
