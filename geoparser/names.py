"""Normalisation of place names, so that "St. Ives", "Saint Ives" and "st ives" meet in the index.

Rules, applied in order: Unicode NFKD with combining marks removed (diacritics), case folding,
apostrophes dropped, other punctuation to spaces, whitespace collapsed, and the abbreviations
in ``ABBREVIATIONS`` expanded token by token.
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

_APOSTROPHES = re.compile(r"['\u2018\u2019\u02bb\u02bc`]")
_PUNCT = re.compile(r"[\W_]+", re.UNICODE)


def strip_diacritics(text: str) -> str:
    """Remove combining marks after compatibility decomposition ("Zürich" -> "Zurich")."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=16384)
def normalise_name(text: str) -> str:
    """The lookup key of a place name; equal keys are treated as the same name (memoised:
    corpora repeat the same few thousand names)."""
    folded = _APOSTROPHES.sub("", strip_diacritics(text).casefold())
    tokens = _PUNCT.sub(" ", folded).split()
    return " ".join(ABBREVIATIONS.get(tok, tok) for tok in tokens)
