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


class BatchGazetteer(Gazetteer, Protocol):
    """A gazetteer that can look many names up at once (one query, not one per name)."""

    def lookup_many(self, toponyms: Iterable[str]) -> dict[str, list[Candidate]]:
        """``lookup`` for every distinct name, keyed by the name as given."""
        ...


GAZETTEERS: Registry[Gazetteer] = Registry("gazetteer", ENTRY_POINT_GROUPS["gazetteer"])
