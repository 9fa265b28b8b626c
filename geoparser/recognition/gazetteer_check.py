"""A recogniser's mentions, kept only where the gazetteer knows the name.

A statistical recogniser trained on news reads capitalised strings it has not seen as places:
out of its register, in a scientific paper, "HA", "RT-PCR", "GenBank" and "MDCK" become
toponyms. A name no gazetteer entry carries cannot be put on the map either, so dropping it
costs a geoparser little; measured in docs/recognition-model.md. A code written as an area
code ("CA", "N.Y.", "NSW": ``gazetteers.abbreviations.EXPANSIONS``) counts as known, as
resolution reads it so; so does a street's, building's or natural feature's name ("Royal
Street", "Tijuana River": ``gazetteers.name_forms.unlisted_code``), which resolution places at
its town, and a municipality written with its own word whose bare name is a town
("Woodbridge Township", "Borough of Fair Lawn": ``name_forms.municipality_bare_form``), which
resolution looks up bare.

The names it drops are not lost: ``recognise_with_unknown`` answers them beside the kept ones,
so that a parse asked for its rejected spans lists them (``Rejection.NOT_IN_GAZETTEER``) and a
user can tell a place the gazetteer lacks ("Kibera") from a span judged no place at all.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

from geoparser.gazetteers.abbreviations import EXPANSIONS
from geoparser.gazetteers.base import Gazetteer, lookup_batch
from geoparser.gazetteers.name_forms import municipal, municipality_bare_form, unlisted_code
from geoparser.model import Candidate, Mention
from geoparser.recognition.base import Recogniser
from geoparser.recognition.span_hygiene import joined_parts, tidy
from geoparser.recognition.whole_names import whole_names

T = TypeVar("T")


class GazetteerNames:
    """Whether the gazetteer knows a name (or a code it stands for), each name looked up once:
    the recognition passes' ``passes.base.KnownNames``.

    ``gazetteer`` defaults to the offline one, opened on the first question."""

    def __init__(self, gazetteer: Gazetteer | None = None) -> None:
        self._gazetteer = gazetteer
        self._known: dict[str, bool] = {}
        #: Each name's places listed as written: (its own name case-folded, feature class).
        self._written: dict[str, list[tuple[str, str | None]]] = {}
        self._records: dict[str, list[tuple[str, str | None, str | None, str | None,
                                            float]]] = {}
        self._municipal: dict[str, bool] = {}

    @property
    def gazetteer(self) -> Gazetteer:
        if self._gazetteer is None:
            from geoparser.gazetteers import create_gazetteer

            self._gazetteer = create_gazetteer("offline")
        return self._gazetteer

    def __call__(self, names: Iterable[str]) -> dict[str, bool]:
        """Whether the gazetteer knows each name (remembered across calls)."""
        return remembered(self._known, names, self._lookup,
                          lambda n, found: bool(found) or n in EXPANSIONS)

    def municipal(self, names: Iterable[str]) -> dict[str, bool]:
        """Whether the gazetteer has a town or municipal area of each name (what
        "Woodbridge Township" may name, ``name_forms.municipal``)."""
        return remembered(self._municipal, names, self._lookup,
                          lambda _, found: any(municipal(c) for c in found))

    def within(self, pairs: Iterable[tuple[str, str]], min_population: int = 0
               ) -> dict[tuple[str, str], bool]:
        """Whether the gazetteer has a place called ``name`` inside the area ``code`` stands
        for (``abbreviations.EXPANSIONS``), for each ``(name, code)``: "Carlsbad" in "CA";
        with ``min_population``, a country, a first-level area or a town of at least that
        many people."""
        pairs = list(dict.fromkeys(pairs))
        records = self._records_of(n for n, _ in pairs)
        return {(n, code): any(cc == want_cc and (want_a1 is None or a1 == want_a1)
                               and size >= min_population
                               for _, cc, a1, _, size in records[n]
                               for want_cc, want_a1 in EXPANSIONS.get(code, ()))
                for n, code in pairs}

    def within_named(self, pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str], bool]:
        """Whether the gazetteer has a place called ``name`` inside a country or first-level
        area called ``area``, for each ``(name, area)``: "Nancy" in "France", "College
        Station" in "Texas". The place must be another than the area itself."""
        pairs = list(dict.fromkeys(pairs))
        records = self._records_of(n for pair in pairs for n in pair)
        out = {}
        for name, area in pairs:
            areas = [(cc, None if (code or "").startswith("PCL") else a1, sid)
                     for sid, cc, a1, code, _ in records[area]
                     if cc and _country_or_state(code)]
            ids = {sid for *_, sid in areas}
            out[(name, area)] = any(
                sid not in ids and cc == want_cc and (want_a1 is None or a1 == want_a1)
                for sid, cc, a1, _, _ in records[name] for want_cc, want_a1, _ in areas)
        return out

    def _records_of(self, names: Iterable[str]
                    ) -> dict[str, list[tuple[str, str | None, str | None, str | None,
                                              float]]]:
        """Each name's places as (id, country, first-level code, feature code, size), each
        name looked up once. The size is the population; a country or a first-level area
        counts as large (infinite), a county or a town of unknown population as none ("Lee"
        of Lee County is no town of its own)."""
        return remembered(self._records, names, self._lookup,
                          lambda _, found: [(c.source_id, c.country_code, c.admin1,
                                             c.feature_code,
                                             math.inf if _country_or_state(c.feature_code)
                                             else float(c.population or 0)) for c in found])

    def country_or_state(self, names: Iterable[str]) -> dict[str, bool]:
        """Whether the gazetteer knows each name as a country or a first-level area (a name
        that stands for itself with a footnote marker: "France1")."""
        names = list(names)
        records = self._records_of(names)
        return {n: any(_country_or_state(code) for _, _, _, code, _ in records[n])
                for n in names}

    def written(self, names: Iterable[str]) -> dict[str, bool]:
        """Whether the gazetteer lists each name as written, no other form of it (for
        ``whole_names``; a gazetteer without ``lookup_written`` lists none)."""
        names = list(names)
        places = self._written_places(names)
        return {n: bool(places[n]) for n in names}

    def town_as_written(self, names: Iterable[str]) -> dict[str, bool]:
        """Whether the gazetteer lists a town whose own name is each name as written ("Kansas
        City"; not "Springfield City", which it lists as another name of Springfield)."""
        names = list(names)
        places = self._written_places(names)
        return {n: any(kind == "P" and own == n.casefold() for own, kind in places[n])
                for n in names}

    def _written_places(self, names: Iterable[str]) -> dict[str, list[tuple[str, str | None]]]:
        """Each name's places listed as written, each name looked up once for ``written`` and
        ``town_as_written`` both."""
        lookup = getattr(self.gazetteer, "lookup_written", None)
        return remembered(self._written, names, lookup or (lambda _: {}),
                          lambda _, found: [(c.name.casefold(), c.feature_class)
                                            for c in found])

    def _lookup(self, names: list[str]) -> Mapping[str, Sequence[Candidate]]:
        return lookup_batch(self.gazetteer, names)


def _country_or_state(feature_code: str | None) -> bool:
    return (feature_code or "").startswith("PCL") or feature_code == "ADM1"


def remembered(memo: dict[str, T], names: Iterable[str],
               ask: Callable[[list[str]], Mapping[str, Sequence[Candidate]]],
               judge: Callable[[str, Sequence[Candidate]], T]) -> dict[str, T]:
    """``memo`` with ``judge(name, its candidates)`` added for each of ``names`` it does not
    hold yet, the candidates of all of them asked of the gazetteer at once (``ask``)."""
    todo = [n for n in dict.fromkeys(names) if n not in memo]
    if todo:
        found = ask(todo)
        for n in todo:
            memo[n] = judge(n, found.get(n) or [])
    return memo


class GazetteerCheck:
    """``inner``'s mentions whose exact text ``gazetteer`` knows (or a code it stands for, or
    a street, building or natural feature)."""

    def __init__(self, inner: Recogniser, gazetteer: Gazetteer | None = None,
                 name: str | None = None) -> None:
        self.known = GazetteerNames(gazetteer)
        self.inner, self.gazetteer = inner, self.known.gazetteer
        self.name = name or f"{getattr(inner, 'name', 'recogniser')}-checked"
        self.description = (f"{getattr(inner, 'description', self.name)}; only names the "
                            f"gazetteer '{self.gazetteer.name}' knows")

    def recognise(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        for kept, _ in self.recognise_with_unknown(texts):
            yield kept

    def recognise_with_unknown(self, texts: Iterable[str]
                               ) -> Iterator[tuple[list[Mention], list[Mention]]]:
        """For each text, the mentions ``recognise`` keeps and those it drops because no
        gazetteer entry has the name."""
        # checked as it will be looked up: "the United States" is "United States", and
        # "Southern" + "California" is "Southern California"
        texts = list(texts)
        batch = [whole_names(text, joined_parts(text, tidy(ms, text)), self.known.written)
                 for text, ms in zip(texts, self.inner.recognise(texts), strict=True)]
        names = {m.text for ms in batch for m in ms}
        known = self.known(names)
        # "Woodbridge Township": the gazetteer files the town under its bare name, and
        # resolution looks it up so (``pipeline.lookup_all``)
        bare = {n: b for n in names
                if not known[n] and (b := municipality_bare_form(n)) is not None}
        towns = self.known.municipal(bare.values()) if bare else {}
        for ms in batch:
            kept, unknown = [], []
            for m in ms:
                (kept if known[m.text] or unlisted_code(m.text)
                 or (m.text in bare and towns[bare[m.text]]) else unknown
                 ).append(replace(m, recogniser=self.name))
            yield kept, unknown


def with_unknown_names(recogniser: Recogniser, texts: Iterable[str]
                       ) -> Iterator[tuple[list[Mention], list[Mention]]]:
    """For each text, ``recogniser``'s mentions and those it dropped because no gazetteer
    entry has the name (none for a recogniser that checks no names against a gazetteer)."""
    ask = getattr(recogniser, "recognise_with_unknown", None)
    if ask is not None:
        return ask(texts)
    return ((found, []) for found in recogniser.recognise(texts))
