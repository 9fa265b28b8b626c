"""Normalisation of place names, so that "St. Ives", "Saint Ives" and "st ives" meet in the index.

Rules, applied in order: a word broken at a line's end by a hyphen joined again ("Bul-" and
"garia" on the next line, as text taken from a PDF has it), Unicode NFKD with combining marks
removed (diacritics), case folding, apostrophes dropped, other punctuation to spaces,
whitespace collapsed, and the abbreviations in ``ABBREVIATIONS`` expanded token by token.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

ABBREVIATIONS = {
    "st": "saint",
    "ste": "sainte",
    "mt": "mount",
    "ft": "fort",
}

#: A hyphen that breaks a word at a line's end: the next line goes on in lower case.
LINE_BREAK_HYPHEN = re.compile(r"-[ \t]*\r?\n[ \t]*(?=[a-zß-öø-ÿ])")
_APOSTROPHES = re.compile(r"['\u2018\u2019\u02bb\u02bc`]")
_PUNCT = re.compile(r"[\W_]+", re.UNICODE)


class _CombiningMarks(dict):
    """A ``str.translate`` table deleting every combining character, filled in as characters
    are met (building it for all of Unicode at once cost a tenth of a second of each
    start-up; measured)."""

    def __missing__(self, cp: int) -> int | None:
        kept = None if unicodedata.combining(chr(cp)) else cp
        self[cp] = kept
        return kept


_COMBINING_MARKS = _CombiningMarks()


def strip_diacritics(text: str) -> str:
    """Remove combining marks after compatibility decomposition ("Zürich" -> "Zurich")."""
    if text.isascii():  # nothing to decompose: the index build normalises millions of names
        return text
    return unicodedata.normalize("NFKD", text).translate(_COMBINING_MARKS)


def normalise_name_uncached(text: str) -> str:
    """The lookup key of a place name; equal keys are treated as the same name."""
    if "\n" in text:
        text = LINE_BREAK_HYPHEN.sub("", text)
    folded = _APOSTROPHES.sub("", strip_diacritics(text).casefold())
    tokens = _PUNCT.sub(" ", folded).split()
    return " ".join(ABBREVIATIONS.get(tok, tok) for tok in tokens)


#: ``normalise_name_uncached``, memoised for lookups (corpora repeat the same few thousand
#: names). Index builds, which see each of a million names once, use the uncached function.
#: The size is chosen by hand (a memo's size changes speed, never a result).
normalise_name = lru_cache(maxsize=16384)(normalise_name_uncached)

#: Two to five capital letters and nothing else ("LAX", "NYC"): how a code is written.
#: GeoNames lists a town's airport letters among its other names ("ADD" for Addis Ababa,
#: "SOF" for Sofia, "LAX" for Los Angeles); read without their case they are words ("Add",
#: "Sof", "Lax"). An abbreviation with dots ("D.C.", "L.A.") is a name like any other.
_CODE = re.compile(r"[A-Z]{2,5}")


def is_code(name: str) -> bool:
    """Whether ``name`` is written as a code: two to five capital letters ("LAX", "NYC")."""
    return _CODE.fullmatch(name.strip()) is not None


def code_key(text: str) -> str | None:
    """The index key of ``text`` written as a code ("LAX" -> "=lax"), apart from every
    name's ``normalise_name`` key, so that a code is found only by text written in capitals;
    ``None`` for text not written so ("Lax", "Add", "L.A.")."""
    return "=" + text.strip().casefold() if is_code(text) else None
