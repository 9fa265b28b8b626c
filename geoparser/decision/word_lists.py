"""The span decision's word lists, as sets (each one file in ``geoparser/vocabularies/decision/``
with its source and licence at its head, read by the vocabularies' loader), and the 1990 US
Census name frequencies (``data/``)."""

from __future__ import annotations

import gzip
from functools import cache
from pathlib import Path

from geoparser import vocabularies

DATA = Path(__file__).resolve().parent / "data"
PERSON_NAMES = DATA / "person-names-us1990.tsv.gz"


@cache
def words(name: str) -> frozenset[str]:
    """The words of ``geoparser/vocabularies/decision/<name>.txt``."""
    return frozenset(vocabularies.words(f"decision/{name}"))


@cache
def person_titles() -> frozenset[str]:
    """The titles before a person's name: the words of
    ``geoparser/vocabularies/person_titles.txt`` (the possessive rule reads them too)."""
    return frozenset(vocabularies.words("person_titles"))


@cache
def _person_names() -> dict[str, str]:
    """Name -> its two per cents as written ("0.001\t0.002"), made numbers when asked: a
    start-up read of 92,000 lines costs half as much so (measured)."""
    lines = gzip.decompress(PERSON_NAMES.read_bytes()).decode("ascii").split("\n")[1:]
    if lines and lines[-1] == "":  # after the provenance line; the file ends with a newline
        lines.pop()
    return dict(line.split("\t", 1) for line in lines)


def person_name_share(word: str) -> tuple[float, float]:
    """Per cent of the US population (1990 Census) with ``word`` as surname and as given
    name; (0, 0) for a word that is neither."""
    shares = _person_names().get(word.casefold())
    if shares is None:
        return (0.0, 0.0)
    surname, given = shares.split("\t")
    return (float(surname), float(given))
