"""The named-with-area pass: "Washington, D.C." as one toponym."""

from geoparser.recognition.passes.news.named_with_area import NamedWithArea
from tests.recognition.passes.known import Known, at, proposed


class _Capital(Known):
    def written(self, names):
        return {n: n == "Washington, D.C." for n in names}

    def within(self, pairs, min_population=0):
        return {p: p == ("Washington, D.C.", "D.C.") for p in pairs}


def test_a_place_and_its_code_listed_as_one_name_are_proposed_whole():
    text = "Trips to Washington, D.C. are common."
    assert proposed(NamedWithArea(), text, [at(text, "Washington")], known=_Capital()) == [
        ("Washington, D.C.", "named-with-area")]


def test_its_proposals_claim_their_span_first():
    assert NamedWithArea().claims_first
