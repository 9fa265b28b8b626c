"""The gazetteer interface: look a name up, get every place it may refer to."""

from __future__ import annotations

from typing import Protocol

from geoparser.model import Candidate
from geoparser.registry import Registry


class Gazetteer(Protocol):
    """A source of candidates for a toponym."""

    name: str

    def lookup(self, toponym: str) -> list[Candidate]:
        """All places the toponym may name; an empty list when none is known."""
        ...


GAZETTEERS: Registry[Gazetteer] = Registry("gazetteer")
