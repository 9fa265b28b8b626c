"""Training examples for the transformer tagger: labels, missing demonyms, base checks."""

import pytest

from geoparser.recognition.training.data import Counts, annotate, sentence_tokenizer
from geoparser.recognition.training.tagger_data import (
    BEGIN,
    IGNORE,
    INSIDE,
    OUTSIDE,
    silent_demonyms,
    word_labels,
)
from geoparser.recognition.training.tagger_train import BaseModelError, verified_base


def test_a_corpus_silent_on_demonyms_leaves_them_missing_not_outside():
    doc = {"id": "d", "text": "Russian troops left Kyiv; the Russians said so.",
           "toponyms": [{"start": 20, "end": 24, "text": "Kyiv"}]}
    [out] = silent_demonyms([doc])
    hidden = [(t["text"], t.get("missing")) for t in out["toponyms"]]
    assert hidden == [("Kyiv", None), ("Russian", True), ("Russians", True)]


def test_a_demonym_that_is_gold_is_not_masked():
    doc = {"id": "d", "text": "Russian jets", "toponyms": [{"start": 0, "end": 7}]}
    [out] = silent_demonyms([doc])
    assert out["toponyms"] == doc["toponyms"]


def test_word_labels_are_bio_with_missing_ignored():
    nlp = sentence_tokenizer()
    text = "New York and Russian jets"
    doc = annotate(nlp, text, [(0, 8)], Counts(), masked=[(13, 20)])
    words, labels = word_labels(doc)
    assert [w for w, _, _ in words] == ["New", "York", "and", "Russian", "jets"]
    assert labels == [BEGIN, INSIDE, OUTSIDE, IGNORE, OUTSIDE]


def test_base_weights_that_are_not_the_official_file_are_refused(tmp_path):
    (tmp_path / "model.safetensors").write_bytes(b"a re-upload")
    with pytest.raises(BaseModelError, match="refusing"):
        verified_base(tmp_path)


def test_missing_base_weights_are_a_one_line_error(tmp_path):
    with pytest.raises(BaseModelError, match="not found"):
        verified_base(tmp_path)
