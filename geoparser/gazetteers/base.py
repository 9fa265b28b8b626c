"""The gazetteer interface: look a name up, get every place it may refer to."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from geoparser.model import Candidate
from geoparser.registry import ENTRY_POINT_GROUPS, Registry


class Gazetteer(Protocol):
    """A source of candidates for a toponym."""

    name: str

    def lookup(self, toponym: str) -> list[Candidate]:
        """All places the toponym may name; an empty list when none is known."""
        ...


def lookup_batch(gazetteer: Gazetteer, names: Iterable[str]) -> dict[str, list[Candidate]]:
    """``lookup`` for every name, in one query when the gazetteer offers ``lookup_many``."""
    many = getattr(gazetteer, "lookup_many", None)
    return many(names) if many is not None else {n: gazetteer.lookup(n) for n in names}


GAZETTEERS: Registry[Gazetteer] = Registry("gazetteer", ENTRY_POINT_GROUPS["gazetteer"])
