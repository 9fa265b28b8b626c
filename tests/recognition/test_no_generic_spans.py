"""No recogniser ever gives a span that is only a function word or a generic head noun."""

import pytest

from geoparser.model import Mention
from geoparser.recognition import RECOGNISERS, create_recogniser
from geoparser.recognition.span_hygiene import is_currency, is_generic, tidy
from geoparser.recognition.tidied import Tidied

TEXT = ("The State of Illinois opened the Center at Union Station on Main Street, "
        "by the Village of Oak Park and Town Hall in Austin, Texas.")
MONEY = ("Libya agreed a US$460 million settlement, and HK$5 for each family in Hong Kong. "
         "Cases of West Nile virus rose in Texas.")


@pytest.mark.parametrize("name", ["of", "Of", "Center", "Hall", "Street", "Station", "Stations",
                                  "the Center", "Town", "St.", "Valley", "of the", "Metro",
                                  "Trail"])
def test_function_words_and_generic_heads_are_generic(name):
    assert is_generic(name)


@pytest.mark.parametrize("name", ["Illinois", "North Texas", "Hall County", "Oak Park",
                                  "Middle East", "Station Island", "Park City", "Texas", "U.S.",
                                  "the South", "Metro Manila", "Oregon Trail"])
def test_places_are_not_generic(name):
    assert not is_generic(name)


@pytest.mark.parametrize("code", ["IN", "DE", "La.", "ME", "OR"])
def test_a_state_code_that_spells_a_function_word_is_not_generic(code):
    assert not is_generic(code)


class _Everything:
    """A recogniser that calls every capitalised word and "of" a toponym."""

    name = "everything"

    def recognise(self, texts):
        import re

        for text in texts:
            yield [Mention(m.start(), m.end(), m.group(), "GPE", self.name)
                   for m in re.finditer(r"\b(?:[A-Z]\w+|of)\b", text)]


def test_tidy_drops_a_span_of_only_of_out_of_state_of_illinois():
    text = "the State of Illinois"
    kept = tidy([Mention(10, 12, "of", "GPE"), Mention(13, 21, "Illinois", "GPE")])
    assert [m.text for m in kept] == ["Illinois"]
    assert text[13:21] == "Illinois"


class _KnowsAll:
    """A gazetteer that knows towns called Center, Hall... (and, with ``lists_wider``, every
    longer name around them as written)."""

    def __init__(self, lists_wider):
        self.lists_wider = lists_wider

    def __call__(self, names):
        return {n: True for n in names}

    def written(self, names):
        return {n: self.lists_wider for n in names}

    def town_as_written(self, names):
        return {n: False for n in names}


@pytest.mark.parametrize("lists_wider", [False, True])
def test_the_tidied_wrapper_never_lets_a_generic_span_through(lists_wider):
    out = next(Tidied(_Everything(), known=_KnowsAll(lists_wider)).recognise([TEXT]))
    assert out and not [m.text for m in out if is_generic(m.text)]
    assert any("Illinois" in m.text for m in out)
    if not lists_wider:
        assert "Illinois" in {m.text for m in out}


@pytest.mark.parametrize("name", sorted(RECOGNISERS.names()) + ["en_core_web_sm"])
def test_no_recogniser_gives_a_function_word_or_generic_head(name):
    try:
        recogniser = create_recogniser(name)
        mentions, money = list(recogniser.recognise([TEXT, MONEY]))
    except (OSError, FileNotFoundError, ImportError) as exc:  # a model not installed here
        pytest.skip(f"{name}: {exc}")
    assert [m.text for m in mentions if is_generic(m.text)] == []
    assert [m.text for m in money if is_currency(MONEY, m.start, m.end)] == []
    assert "West Nile" not in {m.text for m in money}  # a virus's name


def test_the_tidied_wrapper_never_lets_a_currency_code_through():
    out = next(Tidied(_Everything(), known=_KnowsAll(False)).recognise([MONEY]))
    assert {m.text for m in out} >= {"Libya", "Hong", "Kong", "Texas"}
    assert not {"US", "HK", "Nile"} & {m.text for m in out}
