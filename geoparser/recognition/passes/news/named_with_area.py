"""A place whose name holds its area's abbreviation: "Washington, D.C.", "Washington, DC": a
place and the short area code after it are one toponym when the gazetteer lists the whole as
written as the name of a place inside that area, as news corpora annotate the capital; the
pieces give way to it. Only a short code counts ("D.C.", "DC"), not a name written out: "San
Antonio, Texas" is two toponyms, though Mexico has a San Antonio Texas."""

from __future__ import annotations

import re

from geoparser.gazetteers.abbreviations import EXPANSIONS
from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind
from geoparser.recognition.passes.patterns import AREA_CODE_AFTER

NAMED_WITH_AREA = "a place whose name holds its area's abbreviation"
#: An abbreviation that may end a place's own name: a short code ("D.C.", "DC"), not a
#: name written out ("Texas").
_SHORT_CODE = re.compile(r"[A-Z](?:\.?[A-Z]){1,2}\.?")


class NamedWithArea:
    """A place and the short area code after it, where the gazetteer lists the whole as
    written and as a place inside that area (``KnownNames.written`` and ``within``). Its
    proposals claim their spans before any other pass's, so the pieces give way."""

    name = "named-with-area"
    description = "a place whose written name holds its area's code (\"Washington, D.C.\")"
    adds_places = False
    claims_first = True

    def propose(self, given: PassInput) -> list[Proposal]:
        text, known = given.text, given.known
        options = [(a, m.end("area"), m.group("area")) for a, b in sorted(set(given.places))
                   if (m := AREA_CODE_AFTER.match(text, b)) and m.group("area") in EXPANSIONS
                   and _SHORT_CODE.fullmatch(m.group("area"))]
        if not options:
            return []
        listed = known.written([text[a:b] for a, b, _ in options])
        inside = known.within([(text[a:b], code) for a, b, code in options
                               if listed[text[a:b]]])
        return [Proposal(a, b, ProposalKind.NAMED_WITH_AREA, NAMED_WITH_AREA)
                for a, b, code in options if inside.get((text[a:b], code))]
