"""Invisible and control characters never enter a span (``geoparser.visible_text``)."""

import re

import pytest

from geoparser.model import Document, Mention
from geoparser.pipeline import recognise, resolve
from geoparser.recognition.visible_text import visible_name, visible_view


class _Capitalised:
    """A recogniser taking each capitalised run of non-space characters for a toponym, as a
    tagger would take a word with whatever invisible character clings to it."""

    name = "capitalised"

    def recognise(self, texts):
        for text in texts:
            yield [Mention(m.start(), m.end(), m.group(), "LOC", self.name)
                   for m in re.finditer(r"(?<!\S)[A-Z]\S*?(?=[\s.,]|$)", text)
                   if m.group() != "Rain"]


def _spans(text):
    [parsed] = recognise(_Capitalised(), [Document("d", text)])
    return [(m.start, m.end, m.text) for m in parsed.mentions]


def test_a_zero_width_space_after_cork_is_left_out_of_its_span():
    assert _spans("Rain in Cork\u200b today.") == [(8, 12, "Cork")]


@pytest.mark.parametrize("text", [
    "Rain in Cork\u0000 today.",
    "Rain in Cork\u0007 today.",
    "Rain in \u202eCork\u202c today.",
    "Rain in \ufeffCork\u2060 today.",
])
def test_a_control_or_bidirectional_character_is_left_out_of_the_span(text):
    [(start, end, name)] = _spans(text)
    assert name == "Cork" == text[start:end]


def test_galway_with_a_soft_hyphen_is_found_at_its_offsets_in_the_text(offline_gazetteer):
    from geoparser.resolution import create_policy

    text = "Rain in Gal\u00adway today."
    assert _spans(text) == [(8, 15, "Gal\u00adway")]
    [out] = resolve(recognise(_Capitalised(), [Document("d", text)]), offline_gazetteer,
                    create_policy("population"))
    [r] = out.resolutions
    assert (r.mention.start, r.mention.end, r.mention.text) == (8, 15, "Gal\u00adway")
    assert r.candidate is not None and r.candidate.country_code == "IE"


def test_a_zero_width_joiner_inside_a_name_is_kept_in_its_span_and_skipped_in_its_name(
        offline_gazetteer):
    from geoparser.resolution import create_policy

    text = "Rain in Lim\u200derick and Sligo."
    parsed = recognise(_Capitalised(), [Document("d", text)])
    assert [(m.start, m.end) for m in parsed[0].mentions] == [(8, 17), (22, 27)]
    [out] = resolve(parsed, offline_gazetteer, create_policy("population"))
    [plain] = resolve(recognise(_Capitalised(), [Document("d", "Rain in Limerick and Sligo.")]),
                      offline_gazetteer, create_policy("population"))
    assert [r.candidate for r in out.resolutions] == [r.candidate for r in plain.resolutions]
    assert out.resolutions[0].candidate.name == "Limerick"
    assert out.mentions[0].text == "Lim\u200derick"


def test_a_text_without_invisible_characters_is_read_as_it_is():
    assert visible_view("Rain in Cork today.\n\tMore rain.") is None
    assert visible_name("Gal\u00adway") == "Galway"
    assert visible_name("Cork\u200b") == "Cork"
