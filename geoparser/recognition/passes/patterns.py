"""Patterns several passes read: words, list joints, a name before a comma, capitalised runs."""

from __future__ import annotations

import re

from geoparser.recognition.span_hygiene import LIST_JOINT

#: A word of letters (apostrophes and hyphens inside).
LIST_WORD = re.compile(r"[^\W\d_][\w'’-]*")
#: What joins two items of a list ("S.C. and N.C.", "Bumbacari and Dudescu").
LIST_JOIN = re.compile(LIST_JOINT)
#: An area code after a comma (", CA", ", Pa.").
AREA_CODE_AFTER = re.compile(r",[ \t]+(?P<area>[A-Z][A-Za-z.]*)(?![\w])")
#: One to three capitalised words ending where the search ends.
NAME_BEFORE = re.compile(r"(?<![\w.'’-])[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2}\Z")
#: The most capitalised words a run of ``capitalised_runs`` holds. Chosen by hand: a place's
#: name in a list is seldom longer.
RUN_WORDS = 4


def capitalised_runs(text: str) -> list[tuple[int, int]]:
    """Spans of runs of one to ``RUN_WORDS`` capitalised words joined by single spaces; a word
    that ends in a full stop ends its run."""
    runs: list[list[int]] = []
    for w in LIST_WORD.finditer(text):
        capital = w.group()[0].isupper()
        last = runs[-1] if runs else None
        if (capital and last is not None and last[2] and last[3] < RUN_WORDS
                and text[last[1]:w.start()] == " "):
            last[1], last[3] = w.end(), last[3] + 1
        else:
            runs.append([w.start(), w.end(), capital, 1])
        if w.end() < len(text) and text[w.end()] == ".":
            runs[-1][2] = False
    return [(a, b) for a, b, capital, _ in runs if text[a].isupper()]
