"""Sentences the toponym tagger need not read: in a text that capitalises its names, a sentence
whose only capital opens it, on a closed-class word ("There were no reported casualties .").

A toponym is written with a capital in edited text; in such a sentence no word can start one:
every word after the first is lowercase (or has no letter at all), and the first word, whose
capital only says that a sentence begins, is one of spaCy's English stop words (the tokenizer's
own ``is_stop`` lexical attribute: "There", "It", "But", "The") and no number word (its
``like_num``: "Third Beach" is a place). The text must show that its writer capitalises names:
somewhere in it a word after a sentence's first is capitalised more often than not. Tweets
often do not ("Should come in handy with this government and uk"), and there the tagger finds
lowercase toponyms. Nor may the sentence hold, in lowercase, a word the text mostly capitalises
elsewhere ("fort lee" in a text about Fort Lee).

The rule keeps every sentence where case says nothing: an all-lowercase one ("going to nyc
tmrw"), one opened by "I" ("I love london"), an all-capitals one, one that opens with a quote or
a bracket before its capital, and one with a word of mixed or caseless letters ("iPhone",
"mid-Atlantic", a CJK name). The recogniser leaves out only what the tagger was measured never
to tag (``benchmarks/speed/window_skip.py``; docs/measurements.md, *Sentences the tagger need
not read*).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from functools import lru_cache

#: Words whose verdict is remembered: text repeats its words (a memo's size changes speed,
#: never a result). The size is chosen by hand.
WORD_MEMO = 1 << 16
#: Stop words that open no sentence here: "I" is capitalised wherever it stands, so it does not
#: show that the writer capitalises ("I love london"); "Ca" is the tokenizer's piece of "Can't"
#: and an abbreviation of California, which the tagger tags.
NO_OPENERS = frozenset({"I", "Ca"})


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


@lru_cache(maxsize=WORD_MEMO)
def is_closed_class_opener(word: str) -> bool:
    """True when ``word`` is capitalised only as a sentence's first word is ("There", "It",
    not "THERE" or "there") and is a closed-class word (spaCy's English stop words) that is
    neither a number word ("Third", "One") nor one of ``NO_OPENERS``."""
    from spacy.lang.en.lex_attrs import like_num

    letters = [c for c in word if c.isalpha()]
    return (word not in NO_OPENERS and bool(letters) and letters[0].isupper()
            and all(c.islower() for c in letters[1:]) and word.lower() in _closed_class()
            and not like_num(word))


def holds_no_toponym(words: Sequence[str], names: Collection[str] = frozenset()) -> bool:
    """True when the sentence ``words`` (its words in order) can hold no toponym in a text that
    capitalises its names: its first word is a capitalised closed-class word and every later
    word is uncased and none of the text's ``names`` (lowercase forms of the words it mostly
    writes capitalised, ``capitalised_words``): "Since fort lee is situated ..." in a text that
    writes "Fort Lee" everywhere else is read. An empty sentence holds none."""
    if not words:
        return True
    return is_closed_class_opener(words[0]) and all(
        is_uncased(w) and w not in names for w in words[1:])


def capitalised_words(sentences: Sequence[Sequence[str]]) -> frozenset[str]:
    """The text's names: lowercase forms of the words it writes with a capital after a
    sentence's first word more often than in lowercase ("lee" in a text that writes "Fort Lee"
    28 times and "fort lee" once; not "city" in one that writes "New York City" once and "the
    city" twice). Empty: the writer capitalises no name (as many tweets do not), so case cannot
    tell where one is."""
    capital: Counter[str] = Counter()
    lower: Counter[str] = Counter()
    for words in sentences:
        for w in words[1:]:
            if is_uncased(w):
                lower[w] += 1
            else:
                capital[w.lower()] += 1
    return frozenset(w for w, n in capital.items() if n > lower[w])


def sentences_to_skip(sentences: Sequence[Sequence[str]]) -> list[bool]:
    """For each sentence of one text (its words in order), whether the tagger need not read
    it: the text capitalises names (``capitalised_words``) and the sentence holds no toponym
    (``holds_no_toponym``), nor any of those names written lowercase."""
    names = capitalised_words(sentences)
    if not names:
        return [False] * len(sentences)
    return [holds_no_toponym(words, names) for words in sentences]
