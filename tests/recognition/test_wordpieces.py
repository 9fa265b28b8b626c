"""Words to the tagger's windows: case classes, first pieces, long sentences cut."""

from pathlib import Path

import pytest

from geoparser.recognition.wordpieces import CASES, WordPieces, case_class, sentence_words

VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "paris", "is", "in", "france", ".",
         "new", "york", "##shire", "lanca", "##ster"]


@pytest.fixture
def pieces(tmp_path: Path) -> WordPieces:
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("\n".join(VOCAB) + "\n", encoding="utf-8")
    return WordPieces(vocab, max_pieces=6)


@pytest.mark.parametrize(("word", "first", "kind"), [
    ("Paris", False, "title"), ("PARIS", False, "upper"), ("paris", False, "lower"),
    ("McAllen", False, "mixed"), ("2024", False, "digits"), ("\u2014", False, "other"),
    ("A", False, "title"), ("X.", False, "title"),
])
def test_case_class(word, first, kind):
    assert case_class(word, first) == CASES.index(kind)


def test_a_sentence_initial_word_has_its_own_case_ids():
    assert case_class("Paris", True) == CASES.index("title") + len(CASES)


def test_sentences_are_words_with_offsets_and_no_white_space():
    text = "Paris is in France.\n\nLancaster too."
    sents = sentence_words(text)
    assert [w for w, _, _ in sents[0]] == ["Paris", "is", "in", "France", "."]
    assert all(text[a:b] == w for s in sents for w, a, b in s)


def test_each_word_points_at_its_first_piece(pieces):
    [w] = pieces.windows([[("Lancaster", 0, 9), ("is", 10, 12)]])
    assert w.ids[0] == VOCAB.index("[CLS]") and w.ids[-1] == VOCAB.index("[SEP]")
    assert w.first == (1, 3)  # lanca ##ster, is
    assert w.case[1:3] == (case_class("Lancaster", True),) * 2


def test_a_long_sentence_is_cut_into_windows_that_fit(pieces):
    words = [(w, i * 10, i * 10 + len(w)) for i, w in enumerate(
        ["Paris", "is", "in", "France", "new", "york", "Paris"])]
    windows = pieces.windows([words])
    assert all(len(w.ids) <= 6 for w in windows)
    assert sum(len(w.spans) for w in windows) == len(words)


def test_a_text_longer_than_spacy_reads_at_once_is_a_clear_error():
    from geoparser.errors import InputError

    with pytest.raises(InputError, match="1,000,001 characters"):
        sentence_words("a" * 1_000_001)
