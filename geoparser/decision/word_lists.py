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
def _person_names() -> dict[str, tuple[float, float]]:
    with gzip.open(PERSON_NAMES, "rt", encoding="ascii") as fh:
        next(fh)  # the provenance line
        return {name: (float(surname), float(given)) for name, surname, given
                in (line.rstrip("\n").split("\t") for line in fh)}


def person_name_share(word: str) -> tuple[float, float]:
    """Per cent of the US population (1990 Census) with ``word`` as surname and as given
    name; (0, 0) for a word that is neither."""
    return _person_names().get(word.casefold(), (0.0, 0.0))
