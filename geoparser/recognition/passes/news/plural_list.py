"""Lists closed by a plural: "Becker, Clay, Douglas, Grant, Mahnomen counties", "Oconee and
Oglethorpe counties": each name is a toponym (a county), not one span across the list; a
recogniser's mention across two of its names gives way to them."""

from __future__ import annotations

import re

from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind
from geoparser.vocabularies import words

_NAME = r"[A-Z][a-z]+(?:[ -][A-Z][a-z]+)?"
PLURAL_LIST = re.compile(
    rf"(?P<names>{_NAME}(?:(?:,[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+){_NAME})+)[ \t]+"
    r"(?P<kind>" + "|".join(words("plural_area_words", "plural-list")) + r")\b")
_LIST_NAME = re.compile(_NAME)


class PluralList:
    """Each name of a list of capitalised names closed by a plural kind of area."""

    name = "plural-list"
    description = "each name of a list closed by a plural (\"Oconee and Oglethorpe counties\")"
    adds_places = False
    claims_first = False

    def propose(self, given: PassInput) -> list[Proposal]:
        out = []
        for m in PLURAL_LIST.finditer(given.text):
            extent = (m.start("names"), m.end("names"))
            out += [Proposal(n.start(), n.end(), ProposalKind.PLURAL_LIST_NAME,
                             f"one of a list of {m.group('kind')}", list_extent=extent)
                    for n in _LIST_NAME.finditer(given.text, *extent)]
        return out
