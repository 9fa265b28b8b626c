"""How common an English word is: its Zipf frequency (log10 of uses per billion words, plus 9),
from wordfreq's English list, shipped as ``data/word-frequencies-en.tsv.gz``.

``scripts/build_word_frequencies.py`` writes that file from the pinned wordfreq release with
wordfreq's own ``zipf_frequency``, so a word of the list has the value wordfreq gives it and
any other word 0, as in wordfreq. Only English is kept (wordfreq installs data for 40
languages, 58 MB). One difference: wordfreq splits a word with a hyphen, an apostrophe or a
digit into tokens and combines their frequencies, where this table has no such word (0, not
common); spaCy splits most of those apart before the gazetteer matcher asks, and on the shared
corpora and the captions the matcher's output is the same either way (docs/user-guide.md).
Data: CC BY-SA 4.0 (wordfreq, Robyn Speer; see docs/licences.md).
"""

from __future__ import annotations

import gzip
from functools import cache
from pathlib import Path

TABLE = Path(__file__).resolve().parent / "data" / "word-frequencies-en.tsv.gz"


@cache
def _table() -> dict[str, str]:
    """Word -> its Zipf frequency as written in the file; a float is made of it when asked
    (making 320,000 floats and splitting line by line doubled the cost of a start-up read,
    measured in docs/measurements.md, *Where the default's time goes*)."""
    text = gzip.decompress(TABLE.read_bytes()).decode("utf-8")
    cells = text.split("\n", 1)[1].replace("\n", "\t").split("\t")  # after the provenance
    if cells[-1] == "":
        cells.pop()
    return dict(zip(cells[0::2], cells[1::2], strict=True))


def zipf_frequency(word: str) -> float:
    """``word``'s Zipf frequency in English, 0 for a word the list does not have (``word`` is
    one token, lower-cased, as the gazetteer matcher asks)."""
    zipf = _table().get(word.casefold())
    return float(zipf) if zipf is not None else 0.0
