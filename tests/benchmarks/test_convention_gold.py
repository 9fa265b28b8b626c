"""More gold for the tagger, each corpus by its own convention: nested gold taught as its
innermost names, proposed spans of a kind the corpus leaves out masked, people negatives."""

import pytest

from benchmarks.training.convention_gold import (
    decision_corpora,
    innermost_toponyms,
    masked_toponyms,
)
from geoparser.model import Document, GoldEntity, GoldToponym, MentionKind

TEXT = "Paris Hilton met fans on Elm Street in Alexandria, Virginia, and in Durham."


def _doc(toponyms, entities=()):
    return Document("d", TEXT, tuple(GoldToponym(a, b, TEXT[a:b]) for a, b in toponyms),
                    entities=tuple(entities))


def test_nested_gold_is_taught_as_its_innermost_names_and_the_rest_missing():
    got = innermost_toponyms([(39, 59), (51, 59)])  # "Alexandria, Virginia" ⊃ "Virginia"
    assert got == [{"start": 39, "end": 51, "missing": True}, {"start": 51, "end": 59}]


def test_flat_gold_stays_as_it_is():
    assert innermost_toponyms([(39, 49), (51, 59)]) == [{"start": 39, "end": 49},
                                                        {"start": 51, "end": 59}]


def test_a_street_local_news_leaves_out_is_masked_where_it_is_proposed():
    got = masked_toponyms(_doc([(39, 49)]), [(25, 35, MentionKind.STREET)], "lgl-dev")
    assert {"start": 25, "end": 35, "missing": True} in got["toponyms"]


def test_a_street_a_corpus_annotates_is_left_outside():
    got = masked_toponyms(_doc([(39, 49)]), [(25, 35, MentionKind.STREET)], "geowebnews")
    assert got["toponyms"] == [{"start": 39, "end": 49}]


def test_a_place_inside_a_persons_name_is_left_outside():
    person = GoldEntity(0, 12, "Paris Hilton", "person")
    got = masked_toponyms(_doc([(39, 49)], [person]), [(0, 5, MentionKind.LITERAL)], "btc")
    assert got["toponyms"] == [{"start": 39, "end": 49}]


def test_a_proposed_gold_toponym_stays_a_toponym():
    got = masked_toponyms(_doc([(68, 74)]), [(68, 74, MentionKind.STREET)], "lgl-dev")
    assert got["toponyms"] == [{"start": 68, "end": 74}]


def test_the_corpora_are_the_span_decisions_by_name():
    (gum,) = decision_corpora(["GUM"])
    assert gum.conventions == "gum" and gum.tagger == "shipped"
    with pytest.raises(ValueError, match="no corpus 'Atlantis'"):
        decision_corpora(["Atlantis"])


def _tagger(folder, trained_on):
    import json

    folder.mkdir(parents=True)
    (folder / "meta.json").write_text(json.dumps({"trained_on": trained_on}), encoding="utf-8")
    return folder


def test_a_proposer_that_never_saw_the_corpus_proposes_its_spans(tmp_path):
    from benchmarks.training.convention_gold import proposer_for

    (lgl,) = decision_corpora(["LGL (development half)"])
    news = _tagger(tmp_path / "news", ["GeoWebNews", "GeoVirus", "SemEval-2019 T12"])
    assert proposer_for(lgl, [_doc([])], news) == news


def test_a_proposer_trained_on_the_corpus_is_refused(tmp_path):
    from benchmarks.training.convention_gold import proposer_for

    (lgl,) = decision_corpora(["LGL (development half)"])
    local = _tagger(tmp_path / "local", ["GeoWebNews", "LGL (development half)"])
    with pytest.raises(ValueError, match="was trained on LGL"):
        proposer_for(lgl, [_doc([])], local)


def test_a_corpus_the_shipped_tagger_learned_by_parts_needs_a_proposer_given():
    from benchmarks.training.convention_gold import proposer_for

    (lgl,) = decision_corpora(["LGL (development half)"])
    assert lgl.tagger == "parts"
    with pytest.raises(ValueError, match="give --proposer"):
        proposer_for(lgl, [_doc([])])
