"""Acronyms a story defines: "the Democratic Republic of the Congo (DRC)": an acronym of three
or more capitals in brackets right after a toponym of as many capitalised words, spelling
their initials, is a toponym wherever it stands as a word of its own in the story ("DRC", not
"DRC-1" or "A/DRC/07"). A street's or building's name defines none ("Dubai World Trade Centre
(DWTC)")."""

from __future__ import annotations

import re

from geoparser.gazetteers.name_forms import facility_code
from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind

_ACRONYM_AFTER = re.compile(r" \(([A-Z]{3,6})\)")


class DefinedAcronym:
    """Every word-alone use of an acronym defined in brackets right after a mention whose
    capitalised words' initials it spells."""

    name = "defined-acronym"
    description = "an acronym the story defines for a place (\"the Democratic Republic of the "\
        "Congo (DRC)\")"
    adds_places = False
    claims_first = False

    def propose(self, given: PassInput) -> list[Proposal]:
        defined: dict[str, str] = {}
        for m in given.mentions:
            if (a := _ACRONYM_AFTER.match(given.text, m.end)) is None or facility_code(m.text):
                continue
            initials = "".join(w[0] for w in re.findall(r"[^\W\d_][\w'’]*", m.text)
                               if w[0].isupper())
            if initials == a.group(1):
                defined.setdefault(a.group(1), m.text)
        return [Proposal(m.start(), m.end(), ProposalKind.DEFINED_ACRONYM,
                         f"short for {long_form}")
                for acronym, long_form in defined.items()
                for m in re.finditer(rf"(?<![\w/-]){acronym}(?![\w/-])", given.text)]
