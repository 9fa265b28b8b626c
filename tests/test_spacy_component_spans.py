"""Where the spaCy component's toponym spans begin and end: whole spaCy tokens, so an
invisible character spaCy's tokeniser keeps inside a token stays in the span (the limit
docs/scoring-conventions.md and docs/python-api.md state), while ``Geoparser.parse`` trims
it."""

from __future__ import annotations

import spacy

import geoparser.spacy_component  # noqa: F401  (registers the factory)
from geoparser.api import Geoparser

TEXT = "Rain in Cork\u200b today."


def test_a_spacy_span_keeps_an_invisible_character_its_token_holds():
    nlp = spacy.blank("en")
    nlp.add_pipe("toposcope", config={"policy": "population"})  # the default recogniser
    doc = nlp(TEXT)
    assert [t.text for t in doc][2] == "Cork\u200b"  # spaCy's token holds the character
    [span] = doc._.toponyms
    assert (span.text, span.start_char, span.end_char) == ("Cork\u200b", 8, 13)
    assert (span._.record["start"], span._.record["end"]) == (8, 13)
    assert span._.country_code == "IE"  # looked up as a reader sees it


def test_geoparser_parse_trims_the_same_character():
    [resolution] = Geoparser(policy="population").parse(TEXT).resolutions
    mention = resolution.mention
    assert (mention.start, mention.end, mention.text) == (8, 12, "Cork")
