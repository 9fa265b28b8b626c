"""A country's initials: "DPRK", "ROK", "KSA", "UAE", "T&T", "BiH" (those of
``vocabularies/country_initials.txt`` tagged ``standalone``) standing as a word of their own
are the country, as news corpora annotate them, also before a hyphen or a possessive ("the
DPRK-South Korea summit", "the DPRK's concerns"); not inside a code ("A/DRC/07")."""

from __future__ import annotations

import re

from geoparser.gazetteers.abbreviations import COUNTRY_INITIALS
from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind

_COUNTRY_INITIALS = re.compile(
    r"(?<![\w&./-])(?:" + "|".join(re.escape(k) for k in sorted(COUNTRY_INITIALS, key=len,
                                                                  reverse=True))
    + r")(?![\w&/])(?!\.\w)(?!-[^A-Z])")


class CountryInitials:
    """A country's initials standing as a word of their own."""

    name = "country-initials"
    description = "a country's initials standing alone (\"DPRK\", \"UAE\", \"T&T\")"
    adds_places = False
    claims_first = False

    def propose(self, given: PassInput) -> list[Proposal]:
        return [Proposal(m.start(), m.end(), ProposalKind.COUNTRY_INITIALS,
                         "a country's initials")
                for m in _COUNTRY_INITIALS.finditer(given.text)]
