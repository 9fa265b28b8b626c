"""A place before its area's abbreviation: "(Invitrogen, Carlsbad, CA)", "Gauteng, RSA",
"Madison, WI"; and, as social text writes it without the comma, before a US state's or
Canadian province's postal code ("Austin TX", "Halifax NS") when the place is a town of
``POSTAL_TOWN_POPULATION`` people there, as a surname and initials look the same ("Vincent
AL, Lager KM" in a paper's references)."""

from __future__ import annotations

import re
from collections.abc import Collection

from geoparser.gazetteers.abbreviations import ABBREVIATIONS, EXPANSIONS
from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind
from geoparser.recognition.passes.patterns import AREA_CODE_AFTER, NAME_BEFORE

WHY = "a place before its area's abbreviation"
#: A US state's or Canadian province's postal code after a place without a comma, as social
#: text writes it ("Austin TX").
POSTAL_AFTER = re.compile(r"[ \t]+(?P<area>[A-Z]{2})(?![\w'’-])(?!\.\w)")
POSTAL_CODES = frozenset(code for code, (cc, _) in ABBREVIATIONS.items()
                         if len(code) == 2 and code.isupper() and cc in ("US", "CA"))
#: Without the comma, a surname and initials look the same ("Vincent AL, Lager KM" in a
#: paper's references): the place must be a town of this many people. Chosen by hand.
POSTAL_TOWN_POPULATION = 15_000


class PlaceBeforeAreaCode:
    """The name right before an area code (``after`` and ``codes``) that the gazetteer has
    inside that area (``KnownNames.within``; a town of ``min_population`` when given): the
    longest of one to three capitalised words, not already among the places found."""

    adds_places = True
    claims_first = False

    def __init__(self, name: str, description: str, after: re.Pattern[str] = AREA_CODE_AFTER,
                 codes: Collection[str] = EXPANSIONS, min_population: int = 0) -> None:
        self.name = name
        self.description = description
        self.after = after
        self.codes = codes
        self.min_population = min_population

    def propose(self, given: PassInput) -> list[Proposal]:
        text, places = given.text, given.places
        options: list[list[tuple[int, int, str, str]]] = []
        for m in self.after.finditer(text):
            area = m.group("area")
            if area not in self.codes:
                continue
            # 80 characters back for the name: chosen by hand.
            before = NAME_BEFORE.search(text, max(0, m.start() - 80), m.start())
            if before is None or any(p < m.start() and before.start() < q for p, q in places):
                continue
            words = before.group().split(" ")
            options.append([(m.start() - len(" ".join(words[k:])), m.start(),
                             " ".join(words[k:]), area) for k in range(len(words))])
        pairs = [(name, area) for spans in options for _, _, name, area in spans]
        answers = given.known.within(pairs, min_population=self.min_population) if pairs else {}
        out = []
        for spans in options:
            hit = next(((a, b) for a, b, name, area in spans if answers.get((name, area))),
                       None)
            if hit is not None:
                out.append(hit)
        return [Proposal(a, b, ProposalKind.PLACE_BEFORE_AREA_CODE, WHY) for a, b in sorted(out)]


def place_before_area_code() -> PlaceBeforeAreaCode:
    """The pass for a comma and an area abbreviation ("Carlsbad, CA")."""
    return PlaceBeforeAreaCode(
        "place-before-area-code",
        "a place the gazetteer holds inside the area whose abbreviation follows its comma")


def place_before_postal_code() -> PlaceBeforeAreaCode:
    """The pass for a postal code without a comma ("Austin TX")."""
    return PlaceBeforeAreaCode(
        "place-before-postal-code",
        "a town of the state or province whose postal code follows it without a comma",
        POSTAL_AFTER, POSTAL_CODES, POSTAL_TOWN_POPULATION)
