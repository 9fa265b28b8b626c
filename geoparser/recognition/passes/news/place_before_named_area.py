"""A place before its country or state: "(ANSES, Nancy, France)", "StataCorp LP, College
Station, Texas": the whole run of one to three capitalised words right before ", " and a
toponym already found is a toponym when that toponym is a country or first-level area and the
gazetteer has a place of the name inside it; not a surname ending a longer run ("Walter Jones,
Texas Republican") nor before a possessive ("Clinton, New York's")."""

from __future__ import annotations

import re

from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind
from geoparser.recognition.passes.patterns import NAME_BEFORE

_COMMA_BEFORE = re.compile(r",[ \t\r\n]{1,6}\Z")
_WORD_BEFORE = re.compile(r"[A-Z][\w.'’-]* \Z")


class PlaceBeforeNamedArea:
    """The name right before ", " and a country or first-level area already found that the
    gazetteer has inside it (``KnownNames.within_named``), not already among the places."""

    name = "place-before-named-area"
    description = "a place before the country or state that holds it (\"Nancy, France\")"
    adds_places = True
    claims_first = False

    def propose(self, given: PassInput) -> list[Proposal]:
        text, places = given.text, given.places
        options: list[tuple[int, int, str, str]] = []
        for a, b in sorted(set(places)):
            # 7 characters back for the comma: chosen by hand.
            comma = _COMMA_BEFORE.search(text, max(0, a - 7), a)
            if comma is None or text.startswith(("'s", "’s"), b):
                continue
            c = comma.start()
            # 80 characters back for the name: chosen by hand.
            before = NAME_BEFORE.search(text, max(0, c - 80), c)
            # 40 characters back for the word before the name: chosen by hand.
            if (before is None or _WORD_BEFORE.search(text, max(0, before.start() - 40),
                                                      before.start())
                    or any(p < c and before.start() < q for p, q in places)):
                continue
            options.append((before.start(), c, before.group(), text[a:b]))
        answers = given.known.within_named([(name, area) for *_, name, area in options]
                                           ) if options else {}
        spans = sorted({(a, b) for a, b, name, area in options if answers.get((name, area))})
        return [Proposal(a, b, ProposalKind.PLACE_BEFORE_NAMED_AREA,
                         "a place before its country or state") for a, b in spans]
