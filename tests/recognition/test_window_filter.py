"""Which sentences the tagger need not read: worked examples of ``holds_no_toponym``."""

import pytest

from geoparser.recognition.window_filter import (
    holds_no_toponym,
    is_closed_class_opener,
    is_uncased,
)
from geoparser.recognition.wordpieces import sentence_words


def words(sentence: str) -> list[str]:
    [only] = sentence_words(sentence)
    return [w for w, _, _ in only]


@pytest.mark.parametrize("sentence", [
    "There were no reported casualties.",
    "It rained for three days and 1,200 homes lost power.",
    "The water rose by 2.5 metres overnight — faster than expected.",
    "But nobody was hurt, officials said.",
    "A spokesman declined to comment.",
    "This is the third storm this year.",
])
def test_a_sentence_in_ordinary_case_with_only_its_closed_class_opener_capitalised_is_left_out(
        sentence):
    assert holds_no_toponym(words(sentence))


@pytest.mark.parametrize("sentence", [
    "London was quiet.",  # its only capital opens it, but the word is a name
    "Officials said nothing.",  # not a closed-class word: it could be a name
    "The storm hit Galway overnight.",
    "going to nyc tmrw",  # all lowercase: case says nothing here
    "to nyc tmrw",  # lowercase opener, even a closed-class one
    "I love london",  # "I" is capitalised wherever it stands
    "THERE WERE NO CASUALTIES.",  # all capitals
    '"There were no casualties," he said.',  # a quote first: "There" is not the opener
    "(There were no casualties.)",
    "There were storms in the mid-Atlantic.",
    "The iPhone sold out.",
    "There were floods in 北京.",  # letters without case
    "Rain.",
])
def test_a_sentence_that_could_hold_a_toponym_is_read(sentence):
    assert not holds_no_toponym(words(sentence))


def test_a_word_is_uncased_when_no_letter_is_a_capital_or_caseless():
    assert all(is_uncased(w) for w in ("casualties", "nyc", "1,000", "—", "'s", "e.g."))
    assert not any(is_uncased(w) for w in ("Paris", "iPhone", "mid-Atlantic", "NYC", "北京"))


def test_a_closed_class_opener_is_capitalised_as_a_sentence_start_and_a_stop_word():
    assert all(is_closed_class_opener(w) for w in ("There", "The", "It", "But", "A"))
    assert not any(is_closed_class_opener(w) for w in ("THE", "the", "London", "Reading",
                                                      "I", "\""))


def test_an_empty_sentence_holds_no_toponym():
    assert holds_no_toponym([])
