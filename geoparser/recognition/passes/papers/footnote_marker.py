"""Footnote markers: an affiliation or table in a paper writes its marker right after the
place, "Lyon, France1", "Hong Kong4,5": a country or first-level area (one to three
capitalised words) joined to one or two digits, or a list of them, is a toponym without the
marker; a recogniser's piece of it ("Hong" of "Hong Kong4,5") gives way to it."""

from __future__ import annotations

import re

from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind

#: A footnote marker joined to the word before it: "France1", "Hong Kong4,5", "Denmark13".
_MARKER = re.compile(r"(?<=[a-z])\d{1,2}(?:,\d{1,2})*(?![\w])")
_CAPITALISED_BEFORE = re.compile(r"(?:[A-Z][a-z]+[ -]){0,2}[A-Z][a-z]+\Z")


class FootnoteMarker:
    """The longest run of up to three capitalised words before a marker that the gazetteer
    knows as a country or first-level area (``KnownNames.country_or_state``)."""

    name = "footnote-marker"
    description = "a country or state with a paper's footnote marker joined (\"France1\")"
    adds_places = False
    claims_first = False

    def propose(self, given: PassInput) -> list[Proposal]:
        text = given.text
        options: list[list[tuple[int, int]]] = []
        for m in _MARKER.finditer(text):
            # 60 characters back for the capitalised run: chosen by hand.
            run = _CAPITALISED_BEFORE.search(text, max(0, m.start() - 60), m.start())
            if run is None:
                continue
            words = [w.start() for w in re.finditer(r"[A-Z][a-z]+", text[run.start():m.start()])]
            options.append([(run.start() + w, m.start()) for w in words])
        if not options:
            return []
        is_place = given.known.country_or_state(
            sorted({text[a:b] for spans in options for a, b in spans}))
        return [Proposal(*hit, ProposalKind.FOOTNOTE_MARKED_PLACE, "a place with a footnote marker")
                for spans in options
                if (hit := next(((a, b) for a, b in spans if is_place.get(text[a:b])), None))]
