"""Match modes: what counts as the same toponym, and what may be paired at all."""

import unicodedata

import pytest

from evaluation.matching import MATCHERS, create_matcher, words_nested
from geoparser.model import GoldToponym, Prediction


def g(text, start=None, end=None):
    return GoldToponym(start, end, text)


def p(text, start=None, end=None):
    return Prediction(text, start, end)


def test_every_mode_is_registered():
    assert MATCHERS.names() == ["auto", "levenshtein", "overlap", "span", "text"]


def test_span_needs_identical_offsets_and_pairs_overlaps():
    span = create_matcher("span")
    assert span.same(g("York", 5, 9), p("York", 5, 9))
    assert not span.same(g("York", 5, 9), p("New York", 1, 9))
    assert span.near(g("York", 5, 9), p("New York", 1, 9))
    assert not span.near(g("York", 5, 9), p("road", 9, 13))  # touching is not overlapping
    assert not span.near(g("York"), p("York"))  # no offsets, nothing to compare


def test_overlap_counts_any_overlap_as_the_same():
    overlap = create_matcher("overlap")
    assert overlap.same(g("York", 5, 9), p("New York", 1, 9))
    assert not overlap.same(g("York", 5, 9), p("road", 9, 13))


def test_text_ignores_offsets_case_diacritics_and_abbreviations():
    text = create_matcher("text")
    assert text.same(g("St. Ives", 0, 8), p("saint ives", 40, 50))
    assert text.same(g("Zürich"), p("ZURICH"))
    assert not text.same(g("New York"), p("York"))
    assert text.near(g("New York"), p("York")) and not text.near(g("New York"), p("New Zealand"))


@pytest.mark.parametrize(("gold", "pred", "same"), [
    ("Dubrovnik", "Dubrovnik", True),
    ("Dubrovnik", "Dubrovnk", True),     # 1 edit < 0.3 × 9 = 2.7
    ("Dubrovnik", "Dubrovnk.", True),    # 2 edits < 2.7
    ("Dubrovnik", "Dbrvnk", False),      # 3 edits, not below 2.7
    ("Kyoto", "Kyoto-fu", False),        # 3 edits ≥ 1.5
    ("Kyoto", "KYOTO", True),            # case folding
    ("Perth", "Perht", False),           # a transposition is 2 edits ≥ 1.5
    ("Mexico City", "Mexico Cty", True),
])
def test_levenshtein_is_below_thirty_percent_of_the_gold_length(gold, pred, same):
    assert create_matcher("levenshtein").same(g(gold), p(pred)) is same


def test_levenshtein_threshold_is_strict():
    # "Galway" has 6 letters: 0.3 × 6 = 1.8, so 1 edit passes and 2 do not.
    lev = create_matcher("levenshtein")
    assert lev.same(g("Galway"), p("Galwey"))
    assert not lev.same(g("Galway"), p("Golwey"))
    # 10 letters: 0.3 × 10 = 3.0 — 3 edits are not below it.
    assert not lev.same(g("Abcdefghij"), p("Abcdefgxyz"))


def test_levenshtein_normalises_to_nfc_before_comparing():
    composed = "Reykjavík"
    decomposed = unicodedata.normalize("NFD", composed)
    assert len(decomposed) == len(composed) + 1
    assert create_matcher("levenshtein").same(g(composed), p(decomposed.upper()))


def test_auto_uses_spans_when_both_sides_have_them():
    auto = create_matcher("auto")
    assert not auto.same(g("York", 5, 9), p("York", 20, 24))
    assert auto.same(g("York", 5, 9), p("york"))


def test_words_nested():
    assert words_nested("Santa Maria", "Santa Maria, California")
    assert not words_nested("Maria Santa", "Santa Maria, California")
