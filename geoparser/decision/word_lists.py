"""The span decision's word lists, each one file in ``data/`` with its source at its head."""

from __future__ import annotations

import gzip
from functools import cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
PERSON_NAMES = DATA / "person-names-us1990.tsv.gz"


@cache
def words(name: str) -> frozenset[str]:
    """The words of ``data/<name>.txt``: one a line, ``#`` lines are its provenance."""
    lines = (DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip() for w in lines if w.strip() and not w.startswith("#"))


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
