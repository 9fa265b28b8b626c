"""The postal-code-after pass: "TX" of "Austin TX"."""

from geoparser.recognition.passes.news.postal_code_after import PostalCodeAfter
from tests.recognition.passes.known import Known, at, proposed


class _Texas(Known):
    def within(self, pairs, min_population=0):
        return {p: p == ("Austin", "TX") for p in pairs}


def test_the_code_after_a_town_of_its_state_is_proposed():
    text = "From Austin TX and Dallas TX."
    assert proposed(PostalCodeAfter(), text, [at(text, "Austin"), at(text, "Dallas")],
                    known=_Texas()) == [("TX", "area-abbreviation")]
