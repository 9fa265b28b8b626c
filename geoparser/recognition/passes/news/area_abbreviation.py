"""Area abbreviations after a place: "Gatineau, Que.", "Lancaster, Pa.", "Davis, CA": the
abbreviation is a toponym of its own (the state or province), as the corpora annotate it."""

from __future__ import annotations

import re

from geoparser.gazetteers.abbreviations import EXPANSIONS
from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind

_AREA_AFTER = re.compile(r",[ \t]+(?P<area>[A-Z][A-Za-z.]*(?:[ \t][A-Z][a-z]*\.)?)")


class AreaAbbreviation:
    """The area code after ", " that follows a place found so far (one the gazetteer's area
    codes hold: ``abbreviations.EXPANSIONS``)."""

    name = "area-abbreviation"
    description = "an area's abbreviation after a place and a comma (\"Gatineau, Que.\")"
    adds_places = False
    claims_first = False

    def propose(self, given: PassInput) -> list[Proposal]:
        out = []
        for _, end in given.places:
            if (m := _AREA_AFTER.match(given.text, end)) and m.group("area") in EXPANSIONS:
                out.append(Proposal(m.start("area"), m.end("area"),
                                    ProposalKind.AREA_ABBREVIATION,
                                    "area abbreviation after a place"))
        return out
