"""The words around a people's adjective: a state's, a language, a thing's name."""

from __future__ import annotations

import pytest

from geoparser.decision.word_context import (
    language_beside,
    sentence_start,
    thing_after,
    word_after,
    word_before,
)


def _span(text: str, word: str) -> tuple[int, int]:
    start = text.index(word)
    return start, start + len(word)


@pytest.mark.parametrize(("text", "word"), [
    ("We ate French toast.", "French"),
    ("then Turkish delight", "Turkish"),
    ("an Indian summer", "Indian"),
    ("paid with American Express", "American"),
])
def test_a_thing_s_name_after_a_people_s_adjective(text: str, word: str) -> None:
    assert thing_after(text, _span(text, word)[1])


@pytest.mark.parametrize(("text", "word"), [
    ("Turkish troops crossed the border.", "Turkish"),
    ("American officials said", "American"),
])
def test_a_state_s_adjective_is_no_thing_s_name(text: str, word: str) -> None:
    assert not thing_after(text, _span(text, word)[1])
    assert not language_beside(text, *_span(text, word))


@pytest.mark.parametrize(("text", "word"), [
    ("She speaks fluent German.", "German"),
    ("the English version of the report", "English"),
    ("German speakers in Italy", "German"),
])
def test_a_language_beside_its_word(text: str, word: str) -> None:
    assert language_beside(text, *_span(text, word))


def test_words_around_a_span() -> None:
    text = "Floods hit Galway-Mayo road. Galway"
    start, end = _span(text, "Galway")
    assert word_before(text, start) == "hit"
    assert word_after(text, end) == "Mayo"
    assert word_after(text, len(text)) == ""
    assert sentence_start(text, 0) and sentence_start(text, text.rindex("Galway"))
    assert not sentence_start(text, start)


def test_a_language_cue_reaches_every_word_of_the_list_it_opens() -> None:
    text = "The new coach speaks fluent English and German."
    assert language_beside(text, *_span(text, "German"))
    text = "Turkish troops and German officials"
    assert not language_beside(text, *_span(text, "German"))
