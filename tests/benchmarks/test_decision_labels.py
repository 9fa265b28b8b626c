"""What a corpus's gold teaches the span decision about a proposed span, by its convention."""

import pytest

from benchmarks.training.decision_labels import span_label
from geoparser.corpora.conventions import TrainingLabel
from geoparser.model import GoldEntity, MentionKind

# "Paris Hilton left Rapides Parish Fire District on Elm Street in Alexandria."
PARIS_HILTON = GoldEntity(0, 12, "Paris Hilton", "person")
FIRE_DISTRICT = GoldEntity(18, 46, "Rapides Parish Fire District", "organisation")
ALEXANDRIA = (64, 74)


def test_a_gold_toponym_is_a_positive_whatever_its_kind():
    assert span_label("lgl-dev", *ALEXANDRIA, MentionKind.STREET, [ALEXANDRIA],
                      []) is TrainingLabel.POSITIVE


def test_a_street_where_local_news_leaves_streets_out_is_masked():
    assert span_label("lgl-dev", 50, 60, MentionKind.STREET, [ALEXANDRIA],
                      []) is TrainingLabel.MASKED


def test_a_street_where_the_corpus_annotates_streets_is_a_negative():
    assert span_label("geowebnews", 50, 60, MentionKind.STREET, [ALEXANDRIA],
                      []) is TrainingLabel.NEGATIVE


def test_a_place_inside_a_person_s_name_is_a_negative_everywhere():
    for corpus in ("lgl-dev", "geowebnews", "btc"):
        assert span_label(corpus, 0, 5, MentionKind.LITERAL, [], [PARIS_HILTON]
                          ) is TrainingLabel.NEGATIVE


def test_an_organisation_s_own_name_is_a_negative_even_of_a_masked_kind():
    assert span_label("lgl-dev", 18, 46, MentionKind.EMBEDDED, [], [FIRE_DISTRICT]
                      ) is TrainingLabel.NEGATIVE


def test_a_place_inside_an_organisation_s_name_follows_the_corpus():
    """Local news leaves the parish in a fire district's name unannotated (masked), GeoWebNews
    annotates embedded places, so there a missing one is a negative."""
    assert span_label("lgl-dev", 18, 32, MentionKind.EMBEDDED, [], [FIRE_DISTRICT]
                      ) is TrainingLabel.MASKED
    assert span_label("geowebnews", 18, 32, MentionKind.EMBEDDED, [], [FIRE_DISTRICT]
                      ) is TrainingLabel.NEGATIVE


def test_a_span_without_a_kind_counts_as_literal():
    assert span_label("geovirus", 50, 60, None, [], []) is TrainingLabel.NEGATIVE
    assert span_label("geovirus", 50, 60, MentionKind.DEMONYM, [], []) is TrainingLabel.MASKED


def test_a_wrong_boundary_on_a_gold_toponym_is_a_negative():
    assert span_label("lgl-dev", 64, 71, MentionKind.LITERAL, [ALEXANDRIA],
                      []) is TrainingLabel.NEGATIVE


def test_an_unknown_corpus_is_an_error():
    with pytest.raises(ValueError, match="unknown corpus"):
        span_label("no-such-corpus", 0, 5, None, [], [])
