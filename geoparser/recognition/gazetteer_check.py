"""A recogniser's mentions, kept only where the gazetteer knows the name.

A statistical recogniser trained on news reads capitalised strings it has not seen as places:
out of its register, in a scientific paper, "HA", "RT-PCR", "GenBank" and "MDCK" become
toponyms. A name no gazetteer entry carries cannot be put on the map either, so dropping it
costs a geoparser little; measured in docs/recognition-model.md. A code written as an area
code ("CA", "N.Y.", "NSW": ``gazetteers.abbreviations.EXPANSIONS``) counts as known, as
resolution reads it so; and so does a street's, building's or natural feature's name ("Royal
Street", "Tijuana River": ``gazetteers.name_forms.unlisted_code``), which resolution places at
its town.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from geoparser.gazetteers.abbreviations import EXPANSIONS
from geoparser.gazetteers.base import Gazetteer, lookup_batch
from geoparser.gazetteers.name_forms import unlisted_code
from geoparser.model import Mention
from geoparser.recognition.base import Recogniser
from geoparser.recognition.span_hygiene import joined_parts, tidy
from geoparser.recognition.whole_names import whole_names


class KnownNames:
    """Whether the gazetteer knows a name (or a code it stands for), each name looked up once.

    ``gazetteer`` defaults to the offline one, opened on the first question."""

    def __init__(self, gazetteer: Gazetteer | None = None) -> None:
        self._gazetteer = gazetteer
        self._known: dict[str, bool] = {}
        self._written: dict[str, bool] = {}
        self._places: dict[str, list[tuple[str | None, str | None]]] = {}

    @property
    def gazetteer(self) -> Gazetteer:
        if self._gazetteer is None:
            from geoparser.gazetteers import create_gazetteer

            self._gazetteer = create_gazetteer("offline")
        return self._gazetteer

    def __call__(self, names: Iterable[str]) -> dict[str, bool]:
        """Whether the gazetteer knows each name (remembered across calls)."""
        todo = [n for n in dict.fromkeys(names) if n not in self._known]
        if todo:
            found = lookup_batch(self.gazetteer, todo)
            for n in todo:
                self._known[n] = bool(found.get(n)) or n in EXPANSIONS
        return self._known

    def within(self, pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str], bool]:
        """Whether the gazetteer has a place called ``name`` inside the area ``code`` stands
        for (``abbreviations.EXPANSIONS``), for each ``(name, code)``: "Carlsbad" in "CA"."""
        pairs = list(dict.fromkeys(pairs))
        todo = [n for n in dict.fromkeys(n for n, _ in pairs) if n not in self._places]
        if todo:
            found = lookup_batch(self.gazetteer, todo)
            for n in todo:
                self._places[n] = [(c.country_code, c.admin1) for c in found.get(n) or []]
        return {(n, code): any(cc == want_cc and (want_a1 is None or a1 == want_a1)
                               for cc, a1 in self._places[n]
                               for want_cc, want_a1 in EXPANSIONS.get(code, ()))
                for n, code in pairs}

    def written(self, names: Iterable[str]) -> dict[str, bool]:
        """Whether the gazetteer lists each name as written, no other form of it (for
        ``whole_names``; a gazetteer without ``lookup_written`` lists none)."""
        todo = [n for n in dict.fromkeys(names) if n not in self._written]
        lookup = getattr(self.gazetteer, "lookup_written", None)
        if todo:
            found = lookup(todo) if lookup is not None else {}
            for n in todo:
                self._written[n] = bool(found.get(n))
        return self._written


class GazetteerCheck:
    """``inner``'s mentions whose exact text ``gazetteer`` knows (or a code it stands for, or
    a street, building or natural feature)."""

    def __init__(self, inner: Recogniser, gazetteer: Gazetteer | None = None,
                 name: str | None = None) -> None:
        self.known = KnownNames(gazetteer)
        self.inner, self.gazetteer = inner, self.known.gazetteer
        self.name = name or f"{getattr(inner, 'name', 'recogniser')}-checked"
        self.description = (f"{getattr(inner, 'description', self.name)}; only names the "
                            f"gazetteer '{self.gazetteer.name}' knows")

    def recognise(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        # checked as it will be looked up: "the United States" is "United States", and
        # "Southern" + "California" is "Southern California"
        texts = list(texts)
        batch = [whole_names(text, joined_parts(text, tidy(ms)), self.known.written)
                 for text, ms in zip(texts, self.inner.recognise(texts), strict=True)]
        known = self.known(m.text for ms in batch for m in ms)
        for ms in batch:
            yield [replace(m, recogniser=self.name) for m in ms
                   if known[m.text] or unlisted_code(m.text)]
