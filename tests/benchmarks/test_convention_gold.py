"""More gold for the tagger, each corpus by its own convention: nested gold taught as its
innermost names, proposed spans of a kind the corpus leaves out masked, people negatives."""

import pytest

from benchmarks.training.convention_gold import (
    decision_corpora,
    document_part,
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


def test_a_corpus_is_cut_into_parts_by_every_kth_sorted_id_as_the_decision_cuts_it():
    assert document_part(["c", "a", "d", "b", "a"], 3) == {"a": 0, "b": 1, "c": 2, "d": 0}


def test_the_decisions_parts_are_the_ones_a_tagger_leaves_out():
    import numpy as np

    from benchmarks.training.train_decision import document_parts

    class Rows:
        documents = ["b", "a", "c", "a", "d"]
        toponym = np.ones(5)
        masked = np.zeros(5, dtype=bool)
        x = np.zeros((5, 1))

    parts = document_parts({"x": Rows()}, 3)
    part = document_part(Rows.documents, 3)
    for k, p in enumerate(parts):
        assert [d for d, held in zip(Rows.documents, p.keep, strict=True) if held] == \
            [d for d in Rows.documents if part[d] == k]
