"""Which sentences the tagger need not read: worked examples of ``holds_no_toponym``."""

import pytest

from geoparser.recognition.window_filter import (
    capitalised_words,
    holds_no_toponym,
    is_closed_class_opener,
    is_uncased,
    sentences_to_skip,
)
from geoparser.recognition.wordpieces import sentence_words


def words(sentence: str) -> list[str]:
    [only] = sentence_words(sentence)
    return [w for w, _, _ in only]


def split(text: str) -> list[list[str]]:
    return [[w for w, _, _ in s] for s in sentence_words(text)]


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
    "Third beach is known as a venue for gay culture.",  # a number word opens a place's name
    "One more storm is expected.",
    "Can't wait to see the coast.",  # "Ca" + "n't": "Ca" is also California's abbreviation
])
def test_a_sentence_that_could_hold_a_toponym_is_read(sentence):
    assert not holds_no_toponym(words(sentence))


def test_a_word_is_uncased_when_no_letter_is_a_capital_or_caseless():
    assert all(is_uncased(w) for w in ("casualties", "nyc", "1,000", "—", "'s", "e.g."))
    assert not any(is_uncased(w) for w in ("Paris", "iPhone", "mid-Atlantic", "NYC", "北京"))


def test_a_closed_class_opener_is_capitalised_as_a_sentence_start_and_a_stop_word():
    assert all(is_closed_class_opener(w) for w in ("There", "The", "It", "But", "A"))
    assert not any(is_closed_class_opener(w) for w in ("THE", "the", "London", "Reading",
                                                      "I", "Ca", "Third", "Two", "\""))


def test_an_empty_sentence_holds_no_toponym():
    assert holds_no_toponym([])


def test_a_text_that_capitalises_names_has_its_quiet_sentences_left_out():
    text = "Floods hit Galway after the storm. There were no reported casualties."
    assert capitalised_words(split(text)) == {"galway"}
    assert sentences_to_skip(split(text)) == [False, True]


def test_a_tweet_that_capitalises_no_name_is_read_whole():
    tweet = "So 4 months of studying world development. Should come in handy with uk right now"
    assert not capitalised_words(split(tweet))
    assert sentences_to_skip(split(tweet)) == [False, False]


def test_the_opening_capital_of_a_sentence_is_no_sign_that_names_are_capitalised():
    text = "There were no casualties. It rained in cali all week."
    assert not capitalised_words(split(text))
    assert sentences_to_skip(split(text)) == [False, False]


def test_no_sentence_no_skip():
    assert sentences_to_skip([]) == []


def test_a_name_the_text_capitalises_elsewhere_written_lowercase_is_read():
    text = ("Fort Lee is a city in Bergen County. The town of Fort Lee lies on the Hudson. "
            "Since fort lee is situated near the city, there is often traffic. There is often "
            "congestion.")
    assert "lee" in capitalised_words(split(text))
    assert sentences_to_skip(split(text)) == [False, False, False, True]


def test_a_word_the_text_mostly_writes_lowercase_is_no_name():
    text = ("Floods hit New York City. The city was quiet. The city slept. There were no "
            "casualties in the city.")
    assert capitalised_words(split(text)) == {"new", "york"}
    assert sentences_to_skip(split(text)) == [False, True, True, True]
