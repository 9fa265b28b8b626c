"""Where a story names a word as a person: "Mr. Smith", "Coach Jordan", "Smith said", "said
Jordan", "Emily Lincoln". A town's name that the story also uses as a person's is most often
the person on its second mention ("…, Smith said" after "Mayor John Smith").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from functools import cache

from geoparser.decision.word_lists import person_name_share, person_titles, words

_NAME = r"[A-Z][\w'’-]+"
#: A given name must be at least this common (per cent of the 1990 US population) for the
#: capitalised word after it to count as a surname: "James" 1.66, "Emily" 0.05; chosen by hand
#: so that rare given names that are also words ("Will", "Frank") need the model's other cues.
GIVEN_NAME_SHARE = 0.02
#: A name after one of these is a place even beside a verb of saying ("police in Houston said").
_PLACE_PREPOSITIONS = words("place_prepositions")


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    titles = "|".join(sorted((re.escape(t) for t in person_titles()), key=len,
                             reverse=True))
    verbs = "|".join(sorted(words("speech_verbs"), key=len, reverse=True))
    titled = re.compile(rf"\b(?i:{titles})\.?\s+((?:{_NAME}\s+){{0,2}}{_NAME})")
    said_after = re.compile(rf"({_NAME}),?\s+(?:{verbs})\b")
    said_before = re.compile(rf"\b(?:{verbs}|according to)\s+(?:{_NAME}\s+)?({_NAME})")
    return titled, said_after, said_before


def person_words(text: str) -> Counter[str]:
    """How often each word (case-folded) is named as a person in ``text``: after a title,
    beside a verb of saying, or after a common given name."""
    titled, said_after, said_before = _patterns()
    found: Counter[str] = Counter()
    for m in _titled(titled, text):
        found[m.group(1).split()[-1].casefold()] += 1
    for pattern in (said_after, said_before):
        for m in pattern.finditer(text):
            # 20 characters back for the word before: chosen by hand.
            before = re.search(r"(\w+)\s+$", text[max(0, m.start(1) - 20):m.start(1)])
            if not (before and before.group(1).casefold() in _PLACE_PREPOSITIONS):
                found[m.group(1).casefold()] += 1
    for m in re.finditer(rf"\b([A-Z][a-z]+)\s+({_NAME})", text):
        if person_name_share(m.group(1))[1] >= GIVEN_NAME_SHARE:
            found[m.group(2).casefold()] += 1
    return found


#: A whole word before a capitalised one: where a title can start (``_titled``).
_WORD_BEFORE_NAME = re.compile(r"\b\w+(?=\.?\s+[A-Z])")


def _titled(titled: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """``titled.finditer(text)``, a fifth of the cost: a title is a whole word before a
    capitalised one, so the pattern is tried only at such words that are titles (or hold a
    letter beyond ASCII, which may match one case-blind: "ſir")."""
    titles = _lower_titles()
    end = 0
    for word in _WORD_BEFORE_NAME.finditer(text):
        start, written = word.start(), word.group()
        if start < end or (written.isascii() and written.lower() not in titles):
            continue
        if m := titled.match(text, start):
            end = m.end()
            yield m


@cache
def _lower_titles() -> frozenset[str]:
    return frozenset(t.lower() for t in person_titles())
