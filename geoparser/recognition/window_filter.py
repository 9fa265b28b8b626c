"""Sentences the toponym tagger need not read: written in ordinary case with nothing after
their first word capitalised, and that first word a closed-class word ("There were no
reported casualties .").

A toponym is written with a capital in edited text; in such a sentence no word can start one:
every word after the first is lowercase (or has no letter at all), and the first word, whose
capital only says that a sentence begins, is one of spaCy's English stop words (the tokenizer's
own ``is_stop`` lexical attribute: "There", "It", "But", "The"), never a name. The rule keeps
every sentence where case says nothing: an all-lowercase one ("going to nyc tmrw", as tweets
are written) or one opened by "I" ("I love london"), an all-capitals one, one that opens with a
quote or a bracket before its capital, and one with a word of mixed or caseless letters
("iPhone", "mid-Atlantic", a CJK name). The recogniser leaves out only what the tagger was
measured never to tag (``benchmarks/speed/window_skip.py``; docs/measurements.md, *Sentences
the tagger need not read*).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

#: Words whose verdict is remembered: text repeats its words (a memo's size changes speed,
#: never a result). The size is chosen by hand.
WORD_MEMO = 1 << 16


@lru_cache(maxsize=1)
def _closed_class() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


@lru_cache(maxsize=WORD_MEMO)
def is_uncased(word: str) -> bool:
    """True when no letter of ``word`` is a capital or a letter without case: it is lowercase
    ("casualties", "nyc"), digits or punctuation ("1,000", "—"), and cannot start a name in
    edited text. "Paris", "iPhone", "mid-Atlantic" and "北京" are not."""
    return all(c.islower() for c in word if c.isalpha())


def is_closed_class_opener(word: str) -> bool:
    """True when ``word`` is capitalised only as a sentence's first word is ("There", "It",
    not "THERE" or "there") and is a closed-class word (spaCy's English stop words). "I" is
    not: it is capitalised wherever it stands, so it does not show that the writer capitalises
    ("I love london")."""
    letters = [c for c in word if c.isalpha()]
    return (word != "I" and bool(letters) and letters[0].isupper()
            and all(c.islower() for c in letters[1:]) and word.lower() in _closed_class())


def holds_no_toponym(words: Sequence[str]) -> bool:
    """True when the sentence ``words`` (its words in order) can hold no toponym: its first
    word is a capitalised closed-class word and every later word is uncased. An empty
    sentence holds none."""
    if not words:
        return True
    return is_closed_class_opener(words[0]) and all(is_uncased(w) for w in words[1:])
