"""The recogniser interface: texts in, toponym mentions out, in order."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Protocol

from geoparser.model import Mention
from geoparser.registry import ENTRY_POINT_GROUPS, Registry


class Recogniser(Protocol):
    """Finds toponym mentions in texts."""

    name: str

    def recognise(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        """One list of mentions per text, in input order, sorted by offset."""
        ...


RECOGNISERS: Registry[Recogniser] = Registry("recogniser", ENTRY_POINT_GROUPS["recogniser"])
