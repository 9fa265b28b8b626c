"""A street or building after a town's possessive: "Seoul's Jamsil Stadium", "Harare's Third
Street", "Derry's Altnagelvin Hospital": the capitalised name right after a toponym and "'s",
up to its first street's or building's word, is a toponym (resolution places it at that town:
``resolution.facilities``)."""

from __future__ import annotations

import re

from geoparser.gazetteers.name_forms import facility_code
from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind
from geoparser.vocabularies import entries

#: What a street's or building's mention after a town's possessive was made by.
POSSESSED = "a street or building of the place before it"
#: A person's title opening the words after a possessive: "Seoul's Mayor Park" is a person.
_TITLES = frozenset(f"{word}." if "abbreviation" in tags else word
                    for word, tags in entries("person_titles"))  # as a name writes it
#: A capitalised name right after a possessive: up to six words, "of", "the" and "and" inside.
_AFTER_POSSESSIVE = re.compile(r"['’]s (?P<name>[A-Z0-9][\w'’.-]*"
                               r"(?: (?:of |the |and )?[A-Z0-9][\w'’.-]*){0,5})")


class PossessedFacility:
    """The shortest run of the name after a place and "'s" that ends with a street's or
    building's word (``name_forms.facility_code``); none after a person's title."""

    name = "possessed-facility"
    description = "a street or building after a place's possessive (\"Seoul's Jamsil Stadium\")"
    adds_places = False
    claims_first = False

    def propose(self, given: PassInput) -> list[Proposal]:
        out = []
        for _, end in given.places:
            m = _AFTER_POSSESSIVE.match(given.text, end)
            if m is None:
                continue
            words = m.group("name").split(" ")
            if words[0].lower() in _TITLES:
                continue
            for k in range(2, len(words) + 1):
                name = " ".join(words[:k]).rstrip(".,;:")
                if facility_code(name):
                    out.append(Proposal(m.start("name"), m.start("name") + len(name),
                                        ProposalKind.POSSESSED_FACILITY, POSSESSED))
                    break
        return out
