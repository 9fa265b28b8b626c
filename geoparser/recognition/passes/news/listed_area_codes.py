"""Area abbreviations in a list of areas: "S.C. and N.C.", "Va., Md. and D.C.", "Texas and
Okla.": an abbreviation written with a full stop is a toponym when a list joins it to another
such abbreviation or to a toponym already found; alone in running text it is not ("Col.
Smith", "Miss. Jones")."""

from __future__ import annotations

import re

from geoparser.gazetteers.abbreviations import EXPANSIONS
from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind
from geoparser.recognition.passes.patterns import LIST_JOIN

#: An abbreviation written with a full stop ("S.C.", "W.Va.", "Okla.").
_DOTTED = re.compile(r"(?<![\w.])[A-Z][A-Za-z.]*\.(?: Va\.)?")


class ListedAreaCodes:
    """The area codes with a full stop that a list joins to another such code or to a place
    found so far."""

    name = "listed-area-codes"
    description = "an area's abbreviation a list joins to another area (\"S.C. and N.C.\")"
    adds_places = False
    claims_first = False

    def propose(self, given: PassInput) -> list[Proposal]:
        text = given.text
        codes = {(m.start(), m.end()) for m in _DOTTED.finditer(text) if m.group() in EXPANSIONS}
        starts = {a: (a, b) for a, b in codes | set(given.places)}
        kept: set[tuple[int, int]] = set()
        for item in sorted(starts.values()):
            join = LIST_JOIN.match(text, item[1])
            nxt = starts.get(join.end()) if join else None
            if nxt is not None:
                kept |= {item, nxt} & codes
        return [Proposal(a, b, ProposalKind.LISTED_AREA_CODE, "one of a list of areas")
                for a, b in sorted(kept)]
