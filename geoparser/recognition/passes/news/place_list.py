"""Lists of places: "Suba, Migori, Homa Bay, Rongo, Siaya, Kisumu and Bondo are among the worst
affected districts": when a recogniser found at least ``LIST_EVIDENCE`` of a list's names,
each of its other names is a toponym too. A list is of three or more runs of capitalised words
(``patterns.capitalised_runs``) joined by commas, "and" or "or"."""

from __future__ import annotations

import re

from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind

_LIST_SEPARATOR = re.compile(r", (?:and |or )?| and | or ")
#: How many of a list's names a recogniser must have found for the others to be read as
#: toponyms. Chosen by hand: one found name says little of the others, two say it is a list
#: of places.
LIST_EVIDENCE = 2
#: The fewest names a list has. Chosen by hand: two names joined by "and" are as often a
#: pair of anything as a list of places.
_LIST_NAMES = 3


class PlaceList:
    """The names of a list at least ``LIST_EVIDENCE`` of whose names are mentions (a name
    counts when it is a mention or ends with one: "In Kisumu")."""

    name = "place-list"
    description = "the other names of a list whose names a recogniser found as places"
    adds_places = False
    claims_first = False

    def propose(self, given: PassInput) -> list[Proposal]:
        text = given.text
        found = {(m.start, m.end) for m in given.mentions}
        ends = {m.end: m.start for m in given.mentions}
        out: list[tuple[int, int]] = []
        chain: list[tuple[int, int]] = []

        def close() -> None:
            named = sum(1 for a, b in chain if (a, b) in found or (b in ends and ends[b] >= a))
            if len(chain) >= _LIST_NAMES and named >= LIST_EVIDENCE:
                out.extend(chain)

        for a, b in given.capitalised_runs:
            if chain and _LIST_SEPARATOR.fullmatch(text[chain[-1][1]:a]):
                chain.append((a, b))
                continue
            close()
            chain = [(a, b)]
        close()
        return [Proposal(a, b, ProposalKind.LISTED_PLACE, "one of a list of places")
                for a, b in out]
