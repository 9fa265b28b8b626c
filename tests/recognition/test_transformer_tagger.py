"""The transformer tagger: decoding, the model folder's checks, and the shipped models (the
default's tagger and its distilled student, each chosen by name)."""

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from geoparser.errors import ModelNotFoundError
from geoparser.recognition.transformer_tagger import MODEL_DIR, decode, read_meta
from geoparser.recognition.wordpieces import Window
from geoparser.shipped_taggers import SHIPPED_TAGGERS, STUDENT


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
#: Each shipped tagger, skipped where its model is absent.
EACH_TAGGER = [pytest.param(t, id=t.name, marks=pytest.mark.skipif(
    not (t.folder / "model.onnx").exists(), reason=f"no {t.name} model")) for t in SHIPPED_TAGGERS]


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


@pytest.mark.parametrize("shipped_tagger", EACH_TAGGER)
def test_the_shipped_tagger_scales_each_window_by_its_own_range_and_batches(shipped_tagger):
    from geoparser.recognition.transformer_tagger import (
        BATCH,
        RANGES_KEY,
        RANGES_PER_WINDOW,
        TransformerRecogniser,
    )

    tagger = TransformerRecogniser(tagger=shipped_tagger)
    assert tagger.meta[RANGES_KEY] == RANGES_PER_WINDOW
    assert tagger.tagger.batch == BATCH > 1


@pytest.mark.parametrize("shipped_tagger", EACH_TAGGER)
@pytest.mark.parametrize("batch", [2, 3, 64])
def test_a_window_gets_the_same_probabilities_alone_and_padded_among_neighbours_of_other_lengths(
        batch, shipped_tagger):
    from geoparser.recognition.transformer_tagger import TransformerRecogniser
    from geoparser.recognition.wordpieces import sentence_words

    tagger = TransformerRecogniser(threads=1, tagger=shipped_tagger)
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


@pytest.mark.parametrize("shipped_tagger", EACH_TAGGER)
def test_each_shipped_model_leaves_out_the_sentences_that_hold_no_toponym_at_its_threshold(
        shipped_tagger):
    from geoparser.recognition.transformer_tagger import SKIP_MEASURED, TransformerRecogniser

    tagger = TransformerRecogniser(threads=1, tagger=shipped_tagger)
    assert tagger.skip_up_to == SKIP_MEASURED[tagger.meta["sha256"]] >= tagger.threshold
    read = len(tagger.tagged(QUIET, (tagger.threshold,))[0])
    every = len(tagger.tagged(QUIET, (tagger.skip_up_to + 0.01,))[0])
    assert read < every  # above the measured threshold every sentence is read


@pytest.mark.parametrize("shipped_tagger", EACH_TAGGER)
def test_leaving_out_sentences_that_hold_no_toponym_changes_no_mention(shipped_tagger):
    from geoparser.recognition.transformer_tagger import TransformerRecogniser

    every = TransformerRecogniser(threads=1, skip_up_to=0.0, tagger=shipped_tagger)
    found = list(every.recognise(QUIET))
    assert any(found)
    skipping = TransformerRecogniser(threads=1, tagger=shipped_tagger)
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
    assert len(tagger.tagged(QUIET, (tagger.threshold,))[0]) == len(
        tagger.tagged(QUIET, (0.95,))[0])


@pytest.mark.parametrize("shipped_tagger", EACH_TAGGER)
def test_a_tagger_finds_the_same_mentions_whatever_its_chunk_order_or_neighbours(shipped_tagger):
    from geoparser.recognition.transformer_tagger import TransformerRecogniser

    tagger = TransformerRecogniser(threads=1, tagger=shipped_tagger)
    texts = QUIET + NEIGHBOURS
    alone = [next(iter(tagger.recognise([t]))) for t in texts]
    assert any(alone)
    for chunk in (1, 2, 3, 64):
        assert list(tagger.recognise(texts, chunk=chunk)) == alone
    assert list(tagger.recognise(texts[::-1]))[::-1] == alone
    assert list(TransformerRecogniser(threads=2, tagger=shipped_tagger).recognise(texts)) == alone


# The student, chosen by name: it runs through the teacher's classes, reads its own folder and
# fails as the teacher does when that folder is missing or damaged.

SENTENCE = "Floods hit Galway, and the Texas Department of Transportation closed the road."


@pytest.mark.parametrize("name", STUDENT.recognisers())
def test_each_of_the_student_s_recognisers_loads_and_tags_a_sentence(name):
    from geoparser.recognition import RECOGNISERS, create_recogniser

    RECOGNISERS.get(name).check()
    recogniser = create_recogniser(name)
    assert recogniser.name == name
    (found,) = recogniser.recognise([SENTENCE])
    assert {"Galway", "Texas"} <= {m.text for m in found}
    assert all(m.recogniser.startswith(STUDENT.name) for m in found)
    assert STUDENT.name in recogniser.description


def test_the_student_s_orgs_is_the_default_s_composition_over_the_student(offline_gazetteer):
    import hashlib

    from geoparser.recognition.transformer_tagger import TransformerOrgsRecogniser

    orgs = TransformerOrgsRecogniser(gazetteer=offline_gazetteer, tagger=STUDENT)
    checked = orgs.inner
    assert (orgs.name, checked.name) == ("toponym-transformer-small-orgs",
                                         "toponym-transformer-small-checked")
    sha = hashlib.sha256((STUDENT.folder / "model.onnx").read_bytes()).hexdigest()
    assert checked.inner.meta["sha256"] == sha
    # the place is found, by the student or inside the council's name by en_core_web_sm
    (found,) = orgs.recognise(["The Galway County Council met on Tuesday."])
    assert "Galway" in {m.text for m in found}


def test_the_student_s_orgs_toponyms_carry_the_default_s_span_and_marker_confidence():
    from geoparser import Geoparser
    from geoparser.defaults import DEFAULT_RECOGNISER

    for name in (DEFAULT_RECOGNISER, "toponym-transformer-small-orgs"):
        geoparser = Geoparser(ner=name)
        assert geoparser.decision is not None, name
        (parsed,) = geoparser.parse([SENTENCE])
        assert parsed.resolutions
        for r in parsed.resolutions:
            assert r.span_probability is not None and r.marker_confidence is not None, name


def student_copy(tmp_path, damage):
    """A copy of the student's folder (its files linked), damaged by ``damage``."""
    folder = tmp_path / "student"
    folder.mkdir()
    for f in STUDENT.folder.iterdir():
        (folder / f.name).symlink_to(f)
    damage(folder)
    return folder


def _tampered(folder):
    (folder / "model.onnx").unlink()
    (folder / "model.onnx").write_bytes(b"not the student")


DAMAGE = {"missing": (lambda tmp_path: tmp_path / "nowhere", "not a folder"),
          "tampered": (lambda tmp_path: student_copy(tmp_path, _tampered),
                       "model.onnx does not match the SHA-256"),
          "incomplete": (lambda tmp_path: student_copy(tmp_path,
                                                       lambda f: (f / "vocab.txt").unlink()),
                         "no vocab.txt")}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_missing_or_damaged_student_is_a_one_line_error_naming_its_folder(damage, tmp_path,
                                                                           monkeypatch):
    from geoparser.recognition import RECOGNISERS

    make, said = DAMAGE[damage]
    folder = make(tmp_path)
    monkeypatch.setenv(str(STUDENT.env), str(folder))
    for name in STUDENT.recognisers():
        with pytest.raises(ModelNotFoundError, match=said) as err:
            RECOGNISERS.get(name).check()
        assert str(folder) in str(err.value) and "\n" not in str(err.value)
    RECOGNISERS.get("toponym-transformer-orgs").check()  # the default's tagger is untouched


def parse(tmp_path, *args):
    from typer.testing import CliRunner

    from geoparser.cli.main import app

    docs = tmp_path / "docs.jsonl"
    docs.write_text(json.dumps({"id": "a", "text": SENTENCE}) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    return CliRunner().invoke(app, ["-q", "parse", "--in", str(docs), "--out", str(out),
                                    *args]), out


def test_parse_with_the_student_s_orgs_end_to_end(tmp_path):
    """The student proposes both places and the teacher's span decision judges them. "Texas"
    pulls Galway to its Tennessee namesake (Gallaway), and the student is less sure of
    "Galway" than the teacher: the decision either rejects it (with the reason) or draws it
    as a doubtful marker (under 40%), never as one to trust."""
    done, out = parse(tmp_path, "--ner", "toponym-transformer-small-orgs", "--keep-rejected")
    assert done.exit_code == 0, done.output
    (record,) = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    toponyms = {t["text"]: t for t in record["toponyms"]}
    assert {"Galway", "Texas"} <= set(toponyms)
    assert toponyms["Texas"]["rejected"] is False
    galway = toponyms["Galway"]
    if galway["rejected"]:
        assert galway["rejection"] == "not_a_toponym"
        assert "with no marker to draw" in galway["reason"]
    else:
        assert galway["marker_confidence"] < 0.4
    assert {t["recogniser"] for t in toponyms.values()} == {"toponym-transformer-small-checked"}
    assert all("span_probability" in t and "marker_confidence" in t for t in toponyms.values())
    assert toponyms["Texas"]["mention_kind"] == "embedded"


def test_parse_with_a_damaged_student_exits_2_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv(str(STUDENT.env), str(student_copy(tmp_path, _tampered)))
    done, out = parse(tmp_path, "--ner", "toponym-transformer-small-orgs")
    assert done.exit_code == 2, done.output
    lines = [ln for ln in done.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and "toponym-transformer-small" in lines[0], lines
    assert "damaged" in lines[0]
    assert not out.exists()
