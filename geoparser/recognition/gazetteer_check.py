"""A recogniser's mentions, kept only where the gazetteer knows the name.

A statistical recogniser trained on news reads capitalised strings it has not seen as places:
out of its register, in a scientific paper, "HA", "RT-PCR", "GenBank" and "MDCK" become
toponyms. A name no gazetteer entry carries cannot be put on the map either, so dropping it
costs a geoparser little; measured in docs/recognition-model.md. A code written as an area
code ("CA", "N.Y.", "NSW": ``gazetteers.abbreviations.EXPANSIONS``) counts as known, as
resolution reads it so.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from geoparser.gazetteers.abbreviations import EXPANSIONS
from geoparser.gazetteers.base import Gazetteer, lookup_batch
from geoparser.model import Mention
from geoparser.recognition.base import Recogniser


class GazetteerCheck:
    """``inner``'s mentions whose exact text ``gazetteer`` knows (or a code it stands for)."""

    def __init__(self, inner: Recogniser, gazetteer: Gazetteer | None = None,
                 name: str | None = None) -> None:
        if gazetteer is None:
            from geoparser.gazetteers import create_gazetteer

            gazetteer = create_gazetteer("offline")
        self.inner, self.gazetteer = inner, gazetteer
        self.name = name or f"{getattr(inner, 'name', 'recogniser')}-checked"
        self.description = (f"{getattr(inner, 'description', self.name)}; only names the "
                            f"gazetteer '{gazetteer.name}' knows")
        self._known: dict[str, bool] = {}

    def known(self, names: Iterable[str]) -> dict[str, bool]:
        """Whether the gazetteer knows each name (remembered across batches)."""
        todo = [n for n in dict.fromkeys(names) if n not in self._known]
        if todo:
            found = lookup_batch(self.gazetteer, todo)
            for n in todo:
                self._known[n] = bool(found.get(n)) or n in EXPANSIONS
        return self._known

    def recognise(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        batch = [list(ms) for ms in self.inner.recognise(texts)]
        known = self.known(m.text for ms in batch for m in ms)
        for ms in batch:
            yield [replace(m, recogniser=self.name) for m in ms if known[m.text]]
