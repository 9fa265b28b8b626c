"""The transformer tagger: decoding, the model folder's checks, and the shipped model."""

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from geoparser.errors import ModelNotFoundError
from geoparser.recognition.transformer_tagger import MODEL_DIR, decode, read_meta
from geoparser.recognition.wordpieces import Window


def window(*spans):
    n = len(spans)
    return Window(tuple(spans), tuple(range(n + 2)), (0,) * (n + 2), tuple(range(1, n + 1)))


def probs(*rows):
    return np.array([[1, 0, 0], *rows, [1, 0, 0]], dtype=float)


def test_decode_joins_inside_words_and_splits_at_begin():
    w = window((0, 3), (4, 8), (9, 13), (14, 18))
    p = probs([0.1, 0.8, 0.1], [0.2, 0.1, 0.7], [0.9, 0.05, 0.05], [0.1, 0.8, 0.1])
    assert decode(w, p, 0.5) == [(0, 8), (14, 18)]


def test_decode_threshold_decides_what_counts():
    w = window((0, 5),)
    p = probs([0.6, 0.3, 0.1])
    assert decode(w, p, 0.5) == []
    assert decode(w, p, 0.7) == [(0, 5)]


def test_an_inside_word_after_an_outside_one_starts_a_toponym():
    w = window((0, 3), (4, 8))
    p = probs([0.9, 0.05, 0.05], [0.1, 0.2, 0.7])
    assert decode(w, p, 0.5) == [(4, 8)]


VOCAB = "[PAD]\n[UNK]\n[CLS]\n[SEP]\n"


def fake_model(folder, threshold=0.5, content=b"not onnx", **more):
    folder.mkdir()
    (folder / "model.onnx").write_bytes(content)
    (folder / "vocab.txt").write_text(VOCAB, encoding="utf-8")
    meta = {"sha256": hashlib.sha256(content).hexdigest(), "threshold": threshold,
            "vocab_sha256": hashlib.sha256(VOCAB.encode()).hexdigest(), **more}
    (folder / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    return folder


def test_a_missing_model_folder_is_a_one_line_error(tmp_path):
    with pytest.raises(ModelNotFoundError, match="not a folder") as err:
        read_meta(tmp_path / "nowhere")
    assert "\n" not in str(err.value)


def test_an_incomplete_model_names_what_is_missing(tmp_path):
    folder = fake_model(tmp_path / "m")
    (folder / "vocab.txt").unlink()
    with pytest.raises(ModelNotFoundError, match="no vocab.txt"):
        read_meta(folder)


def test_a_model_file_that_does_not_match_its_hash_is_damaged(tmp_path):
    folder = fake_model(tmp_path / "m")
    (folder / "model.onnx").write_bytes(b"tampered")
    with pytest.raises(ModelNotFoundError, match="damaged"):
        read_meta(folder)


def test_an_unreadable_meta_file_is_damaged(tmp_path):
    folder = fake_model(tmp_path / "m")
    (folder / "meta.json").write_text("{", encoding="utf-8")
    with pytest.raises(ModelNotFoundError, match="damaged: meta.json"):
        read_meta(folder)


def test_a_shuffled_vocabulary_is_damaged_not_silently_blind(tmp_path):
    folder = fake_model(tmp_path / "m")
    (folder / "vocab.txt").write_text("[UNK]\n[PAD]\n[CLS]\n[SEP]\n", encoding="utf-8")
    with pytest.raises(ModelNotFoundError, match="vocab.txt does not match"):
        read_meta(folder)


@pytest.mark.parametrize(("field", "value", "said"), [
    ("max_pieces", 0, "max_pieces 0"), ("max_pieces", 100000, "max_pieces 100000"),
    ("max_pieces", "128", "max_pieces '128'"), ("threshold", 0, "threshold 0"),
    ("threshold", 1.5, "threshold 1.5"), ("threshold", True, "threshold True"),
    ("threshold", 1e-06, "threshold 1e-06"), ("threshold", 1.0, "threshold 1.0")])
def test_every_meta_value_is_checked_and_named(tmp_path, field, value, said):
    folder = fake_model(tmp_path / "m", **{field: value})
    with pytest.raises(ModelNotFoundError, match=said) as err:
        read_meta(folder)
    assert "SHA-256" not in str(err.value)  # a bad value is not blamed on the hash


def test_an_onnx_model_of_another_interface_is_a_one_line_error():
    from geoparser.recognition.transformer_tagger import OnnxTagger

    # an Identity model (x -> y), made with onnx.helper, opset 13
    other = Path(__file__).resolve().parents[1] / "fixtures" / "other_interface.onnx"
    with pytest.raises(ModelNotFoundError, match="wrong interface") as err:
        OnnxTagger(other)
    assert "\n" not in str(err.value)


def test_a_model_onnx_runtime_cannot_read_is_a_one_line_error(tmp_path):
    from geoparser.recognition.transformer_tagger import TransformerRecogniser

    folder = fake_model(tmp_path / "m")
    with pytest.raises(ModelNotFoundError, match="cannot be loaded") as err:
        TransformerRecogniser(path=folder)
    assert "\n" not in str(err.value)


shipped = pytest.mark.skipif(not (MODEL_DIR / "model.onnx").exists(),
                             reason="no shipped transformer model")


@pytest.fixture(scope="module")
def tagger():
    from geoparser.recognition import create_recogniser

    return create_recogniser("toponym-transformer")


def names(tagger, text):
    [found] = tagger.recognise([text])
    return [m.text for m in found]


@shipped
def test_the_shipped_model_loads_offline_and_finds_places(tagger):
    assert names(tagger, "Floods hit Galway after the storm.") == ["Galway"]


@shipped
def test_a_capitals_dateline_is_read(tagger):
    assert "XENIA" in names(tagger, "XENIA \u2014 The city council met on Tuesday.")


@shipped
def test_a_demonym_is_a_toponym(tagger):
    assert "Russian" in names(tagger, "Russian jets struck the town overnight.")


@shipped
def test_a_place_inside_an_organisation_name(tagger):
    found = names(tagger, "The Texas Department of Transportation closed the road.")
    assert "Texas" in found


@shipped
def test_mentions_at_several_thresholds_are_those_each_threshold_would_give():
    from geoparser.recognition.transformer_tagger import TransformerRecogniser

    tagger = TransformerRecogniser()
    texts = ["Floods hit Galway after the storm.", "Officials in Maharashtra and Goa met.",
             "Russian jets struck Kherson overnight."]
    at = tagger.recognise_at(texts, (0.3, tagger.threshold, 0.95))
    assert list(at) == [0.3, tagger.threshold, 0.95]
    assert at[tagger.threshold] == list(tagger.recognise(texts))
    for t, found in at.items():
        tagger.threshold = t
        assert found == list(tagger.recognise(texts))
    assert at[0.3] != at[0.95]


NEIGHBOURS = ["Floods hit Galway after the storm.",
              "XENIA \u2014 The city council met on Tuesday.",
              "Officials from Maharashtra, Goa and Karnataka met in Mumbai on Friday to agree "
              "how the water of the Krishna river is shared between the three states, and "
              "what Andhra Pradesh and Telangana downstream are owed in a dry year.",
              "Rain.", "Russian jets struck Kherson and the villages around it overnight."]


@shipped
def test_the_shipped_tagger_scales_each_window_by_its_own_range_and_batches():
    from geoparser.recognition.transformer_tagger import (
        BATCH,
        RANGES_KEY,
        RANGES_PER_WINDOW,
        TransformerRecogniser,
    )

    tagger = TransformerRecogniser()
    assert tagger.meta[RANGES_KEY] == RANGES_PER_WINDOW
    assert tagger.tagger.batch == BATCH > 1


@shipped
@pytest.mark.parametrize("batch", [2, 3, 64])
def test_a_window_gets_the_same_probabilities_alone_and_padded_among_neighbours_of_other_lengths(
        batch):
    from geoparser.recognition.transformer_tagger import TransformerRecogniser
    from geoparser.recognition.wordpieces import sentence_words

    tagger = TransformerRecogniser(threads=1)
    windows = tagger.pieces.windows([w for t in NEIGHBOURS for w in sentence_words(t)])
    assert len({len(w.ids) for w in windows}) == len(windows)
    tagger.tagger.batch = 1
    alone = [tagger.tagger.probabilities([w])[0] for w in windows]
    tagger.tagger.batch = batch
    for together in (tagger.tagger.probabilities(windows),
                     tagger.tagger.probabilities(windows[::-1])[::-1]):
        for a, b in zip(alone, together, strict=True):
            assert np.array_equal(a, b)


@shipped
def test_a_model_without_per_window_ranges_runs_each_window_alone(tmp_path):
    from geoparser.recognition.transformer_tagger import RANGES_KEY, TransformerRecogniser

    folder = tmp_path / "per-tensor"
    folder.mkdir()
    for name in ("model.onnx", "vocab.txt"):
        (folder / name).symlink_to(MODEL_DIR / name)
    meta = json.loads((MODEL_DIR / "meta.json").read_text(encoding="utf-8"))
    del meta[RANGES_KEY]
    (folder / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    assert TransformerRecogniser(path=folder).tagger.batch == 1


QUIET = ["Floods hit Galway after the storm. There were no reported casualties. It rained "
         "again on Tuesday and 1,200 homes lost power.",
         "London was quiet. The streets were empty and nobody was out.",
         "There was nothing to report.",
         "going to nyc tmrw. i love london",
         "Officials in Maharashtra and Goa met. But no agreement was reached, and the talks "
         "will resume next week."]


@shipped
def test_the_shipped_model_leaves_out_the_sentences_that_hold_no_toponym_at_its_threshold():
    from geoparser.recognition.transformer_tagger import SKIP_MEASURED, TransformerRecogniser

    tagger = TransformerRecogniser(threads=1)
    assert tagger.skip_up_to == SKIP_MEASURED[tagger.meta["sha256"]] >= tagger.threshold
    read = len(tagger._tagged(QUIET, (tagger.threshold,))[0])
    every = len(tagger._tagged(QUIET, (tagger.skip_up_to + 0.01,))[0])
    assert read < every  # above the measured threshold every sentence is read


@shipped
def test_leaving_out_sentences_that_hold_no_toponym_changes_no_mention():
    from geoparser.recognition.transformer_tagger import TransformerRecogniser

    every = TransformerRecogniser(threads=1, skip_up_to=0.0)
    found = list(every.recognise(QUIET))
    assert any(found)
    skipping = TransformerRecogniser(threads=1)
    assert skipping.skip_up_to > 0
    assert list(skipping.recognise(QUIET)) == found
    for chunk in (1, 2):
        assert list(skipping.recognise(QUIET, chunk=chunk)) == found
    skipping.tagger.batch = 1
    assert list(skipping.recognise(QUIET[::-1]))[::-1] == found


@shipped
def test_a_model_not_measured_reads_every_sentence(monkeypatch):
    from geoparser.recognition import transformer_tagger

    monkeypatch.setattr(transformer_tagger, "SKIP_MEASURED", {})
    tagger = transformer_tagger.TransformerRecogniser(threads=1)
    assert tagger.skip_up_to == 0.0
    assert len(tagger._tagged(QUIET, (tagger.threshold,))[0]) == len(
        tagger._tagged(QUIET, (0.95,))[0])
