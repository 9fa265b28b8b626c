"""A town's name without the word "City" of its government (``recognition.city_word``)."""

import pytest

from geoparser.model import Mention
from geoparser.recognition.city_word import city_of, office_city, without_city_word


def _at(text, name):
    start = text.index(name)
    return Mention(start, start + len(name), name, "TOPONYM")


def _known(*names):
    return lambda asked: {n: n in names for n in asked}


def _cut(text, name, known=("Springfield",), towns=()):
    (out,) = without_city_word(text, [_at(text, name)], _known(*known), _known(*towns))
    return out.text


@pytest.mark.parametrize("text", [
    "The Springfield City Council approved the plan.",
    "Springfield City Manager Jane Doe resigned.",
    "a Springfield City Marshal",
    "the Springfield City Council's meeting",
    "Springfield City Councilwoman Nury Martinez won.",
])
def test_springfield_before_the_city_of_its_council_is_springfield(text):
    assert _cut(text, "Springfield City") == "Springfield"


def test_kansas_city_council_keeps_kansas_city():
    text = "The Kansas City Council voted on Tuesday."
    assert _cut(text, "Kansas City", known=("Kansas",), towns=("Kansas City",)) == "Kansas City"


@pytest.mark.parametrize("text", [
    "The Springfield City Marathon starts at nine.",  # no office after it
    "Springfield City, he said, is quiet.",  # punctuation, not an office
    "The Springfield City council met.",  # "council" in lower case: no office's name
])
def test_city_before_no_office_stays(text):
    assert office_city(text, _at(text, "Springfield City")) is None
    assert _cut(text, "Springfield City") == "Springfield City"


def test_a_bare_name_the_gazetteer_does_not_know_keeps_its_city():
    text = "The Atlantis City Council met."
    assert _cut(text, "Atlantis City", known=()) == "Atlantis City"


def test_city_alone_is_never_cut_to_nothing():
    text = "The City Council met."
    assert office_city(text, _at(text, "City")) is None
    assert city_of(_at(text, "City")) is None


def test_other_mentions_pass_unchanged():
    text = "Springfield City Council met in Illinois."
    mentions = [_at(text, "Springfield City"), _at(text, "Illinois")]
    out = without_city_word(text, mentions, _known("Springfield"), _known())
    assert [m.text for m in out] == ["Springfield", "Illinois"]
    assert (out[0].start, out[0].end) == (0, len("Springfield"))


@pytest.mark.parametrize(("text", "name", "bare"), [
    ("the City of Richmond's public works department", "City of Richmond", "Richmond"),
    ("Does the City of Norfolk need a brand?", "City of Norfolk", "Norfolk"),
])
def test_the_city_of_a_town_is_the_town(text, name, bare):
    assert _cut(text, name, known=(bare,)) == bare


def test_the_city_of_london_keeps_its_city():
    text = "Bankers in the City of London were glad."
    assert _cut(text, "City of London", known=("London",), towns=("City of London",)) == (
        "City of London")


def test_city_of_only_at_the_start_and_before_a_name():
    assert city_of(_at("the City of lights", "City of lights")) is None
    assert city_of(_at("Atlantic City of old", "Atlantic City")) is None


def test_dublin_city_council_in_an_ohio_paper_is_dublin(offline_gazetteer):
    """The gazetteer lists "Dublin City" (Ireland's county, and another name of Dublin), so
    the name was widened to it and placed in Ireland; local news annotates "Dublin"."""
    from geoparser.recognition.gazetteer_check import GazetteerNames
    from geoparser.recognition.tidied import Tidied

    class _Found:
        name = "found"

        def recognise(self, texts):
            for text in texts:
                yield [_at(text, "Dublin"), _at(text, "Boulder City"), _at(text, "Ohio")]

    text = "Dublin City Council met in Ohio; the Boulder City Council did not."
    (out,) = Tidied(_Found(), known=GazetteerNames(offline_gazetteer)).recognise([text])
    assert [m.text for m in sorted(out, key=lambda m: m.start)] == [
        "Dublin", "Ohio", "Boulder City"]


def test_the_city_of_norfolk_is_norfolk_and_the_city_of_london_the_city(offline_gazetteer):
    """"City of Norfolk" is another name of Norfolk the gazetteer lists, so "Norfolk" was
    widened to it; "City of London" is a place's own name."""
    from geoparser.recognition.gazetteer_check import GazetteerNames
    from geoparser.recognition.tidied import Tidied

    class _Found:
        name = "found"

        def recognise(self, texts):
            for text in texts:
                yield [_at(text, "Norfolk"), _at(text, "City of London")]

    text = "Does the City of Norfolk need a brand like the City of London?"
    (out,) = Tidied(_Found(), known=GazetteerNames(offline_gazetteer)).recognise([text])
    assert sorted(m.text for m in out) == ["City of London", "Norfolk"]
