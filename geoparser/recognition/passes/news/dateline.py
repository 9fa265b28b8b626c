"""Datelines: a story opens with its place in capitals, often with a state's or province's
abbreviation and the agency ("XENIA —", "CHARLESTON, W.Va. (AP) —", "EDMONTON, Ky —")."""

from __future__ import annotations

import re

from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind

_DASH = r"(?:—|–|--|-)"
_CAPS = r"[A-Z][A-Z'.]*(?:[ -][A-Z][A-Z'.]*){0,3}"
DATELINE = re.compile(
    rf"(?m)^[ \t]*(?P<place>{_CAPS})(?:,[ \t]*(?P<area>[A-Z][A-Za-z.]*(?: [A-Z][a-z.]+)?))?"
    rf"(?:[ \t]*\((?:AP|Reuters|AFP|UPI|CNN|dpa)\))?[ \t]*{_DASH}")


class Dateline:
    """The place of a line that opens with capitals and a dash, and the area after it."""

    name = "dateline"
    description = "a line opening with a place in capitals and a dash, and its area"
    adds_places = True
    claims_first = False

    def propose(self, given: PassInput) -> list[Proposal]:
        out = []
        for m in DATELINE.finditer(given.text):
            out.append(Proposal(m.start("place"), m.end("place"), ProposalKind.DATELINE_PLACE,
                                "dateline"))
            if m.group("area"):
                out.append(Proposal(m.start("area"), m.end("area"),
                                    ProposalKind.DATELINE_AREA, "dateline area"))
        return out
