"""A US state's or Canadian province's postal code right after a place, without a comma
("Austin TX"), where the gazetteer has a town of ``POSTAL_TOWN_POPULATION`` people of that
name inside the code's area: the code is a toponym of its own."""

from __future__ import annotations

from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind
from geoparser.recognition.passes.news.place_before_area_code import (
    POSTAL_AFTER,
    POSTAL_CODES,
    POSTAL_TOWN_POPULATION,
)


class PostalCodeAfter:
    """The postal code after a town of its state or province ("TX" of "Austin TX")."""

    name = "postal-code-after"
    description = "a state's or province's postal code right after a town of that area"
    adds_places = False
    claims_first = False

    def propose(self, given: PassInput) -> list[Proposal]:
        text = given.text
        codes = [(text[a:b], m) for a, b in given.places
                 if (m := POSTAL_AFTER.match(text, b)) and m.group("area") in POSTAL_CODES]
        answers = given.known.within([(name, m.group("area")) for name, m in codes],
                                     min_population=POSTAL_TOWN_POPULATION) if codes else {}
        return [Proposal(m.start("area"), m.end("area"), ProposalKind.AREA_ABBREVIATION,
                         "area abbreviation after a place")
                for name, m in codes if answers.get((name, m.group("area")))]
