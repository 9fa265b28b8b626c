"""A toponym that is a hashtag's body is written with its "#", as tweet corpora annotate it."""

import pytest

from geoparser.model import Document, GoldToponym, Mention, ParsedDocument, Resolution
from geoparser.resolution.hashtag_spans import tag_start, with_tags


@pytest.mark.parametrize(("text", "body", "tagged"), [
    ("Thoughts with #Ukraine tonight", "Ukraine", True),
    ("#Nepal quake", "Nepal", True),
    ("support #Ukraine's army", "Ukraine", True),
    ("live from (#London)", "London", True),
    ("news on #UkraineCrisis", "Ukraine", False),  # a piece of a longer tag
    ("I code in C#London", "London", False),  # no "#" opening a word
    ("it&#Paris", "Paris", False),  # an HTML entity's
    ("##Paris", "Paris", False),
    ("flooding in London", "London", False),
])
def test_a_hashtags_body_is_written_with_its_hash(text, body, tagged):
    start = text.index(body)
    assert tag_start(text, start, start + len(body)) == (start - 1 if tagged else start)


def test_mentions_and_resolutions_are_written_alike():
    text = "Snow in #Denver and Boston"
    m, other = Mention(9, 15, "Denver", "TOPONYM"), Mention(20, 26, "Boston", "TOPONYM")
    resolutions = [Resolution(x, None, 0, "p", "r") for x in (m, other)]
    parsed = ParsedDocument(Document("d", text), [m, other], resolutions)
    out = with_tags(parsed)
    assert [(x.start, x.text) for x in out.mentions] == [(8, "#Denver"), (20, "Boston")]
    assert [r.mention for r in out.resolutions] == out.mentions
    assert all(text[x.start:x.end] == x.text for x in out.mentions)


def test_parse_writes_the_tag(offline_gazetteer):
    from geoparser import Geoparser

    parsed = Geoparser(gazetteer=offline_gazetteer).parse("Thoughts with everyone in #Ukraine.")
    assert [m.text for m in parsed.mentions] == ["#Ukraine"]


def test_parse_writes_the_tag_and_training_reads_the_body(offline_gazetteer):
    from benchmarks.training.decision_data import resolved_as_parse, rows_for
    from geoparser.pipeline import resolve
    from geoparser.resolution import create_policy

    text = "Thoughts with everyone in #Ukraine tonight."
    gold = Document("d", text, (GoldToponym(26, 34, "#Ukraine"),))
    parsed = [ParsedDocument(gold, [Mention(27, 34, "Ukraine", "TOPONYM")])]
    policy = create_policy("context")
    [out] = resolve(parsed, offline_gazetteer, policy, hashtags=True)
    assert [(r.mention.text, r.candidate.name) for r in out.resolutions] == [
        ("#Ukraine", "Ukraine")]
    # given mentions are kept as given
    [given] = resolve(parsed, offline_gazetteer, policy)
    assert given.resolutions[0].mention.text == "Ukraine"
    # the decision learns the body's features with the label of the span parse writes
    rows = rows_for(resolved_as_parse(parsed, offline_gazetteer, policy), 0.0)
    assert rows.toponym.tolist() == [1.0]
