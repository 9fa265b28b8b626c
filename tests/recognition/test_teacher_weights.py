"""A trained tagger's weights read back from its int8 ONNX model, for a student to start from
(needs torch, transformers and onnx, from the ``train`` extra; a tiny random encoder stands in
for the base)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from geoparser.recognition.training.tagger_train import TaggerConfig

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
onnx = pytest.importorskip("onnx")


def _base(folder: Path, layers: int) -> Path:
    config = transformers.BertConfig(vocab_size=32, hidden_size=64, num_hidden_layers=layers,
                                     num_attention_heads=2, intermediate_size=16,
                                     max_position_embeddings=32)
    torch.manual_seed(0)
    transformers.BertModel(config, add_pooling_layer=False).save_pretrained(folder)
    (folder / "vocab.txt").write_text("\n".join(f"w{i}" for i in range(32)), encoding="utf-8")
    return folder


def _teacher(tmp_path: Path, layers: int = 3):
    """A tiny tagger, its weights moved off the base's (as training moves them), exported as
    the shipped taggers are into a folder with its meta."""
    from geoparser.recognition.training.tagger_train import build_model, export_onnx

    base = _base(tmp_path / "base", layers)
    model = build_model(base, TaggerConfig(layers=layers, dropout=0.0))
    with torch.no_grad():
        for p in model.parameters():
            p.add_(0.05 * torch.randn_like(p))
    folder = tmp_path / "teacher"
    export_onnx(model.eval(), folder / "model.onnx")
    (folder / "vocab.txt").write_text((base / "vocab.txt").read_text(), encoding="utf-8")
    meta = {"threshold": 0.6, "max_pieces": 32, "activation_ranges": "per-window",
            "sha256": hashlib.sha256((folder / "model.onnx").read_bytes()).hexdigest(),
            "vocab_sha256": hashlib.sha256((folder / "vocab.txt").read_bytes()).hexdigest()}
    (folder / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    return base, model, folder


def _step(weight) -> float:
    """One int8 step of a tensor quantised symmetrically over its own range."""
    return float(weight.abs().max()) / 127 + 1e-6


def test_every_weight_reads_back_within_one_quantisation_step(tmp_path) -> None:
    from geoparser.recognition.training.teacher_weights import dequantised

    _, model, folder = _teacher(tmp_path)
    read = dequantised(onnx.load(str(folder / "model.onnx")))
    state = model.state_dict()
    assert set(read) == set(state)
    for name, weight in state.items():
        assert tuple(read[name].shape) == tuple(weight.shape), name
        gap = float((torch.tensor(read[name]) - weight).abs().max())
        assert gap <= 2 * _step(weight), name


def test_a_student_starts_from_the_layers_it_keeps(tmp_path) -> None:
    from geoparser.recognition.training.tagger_train import build_model

    base, teacher, folder = _teacher(tmp_path)
    student = build_model(base, TaggerConfig(layers=2, keep=(0, 2), dropout=0.0), folder)
    taught = teacher.state_dict()
    mine = student.state_dict()
    for mine_name, taught_name in (
            ("bert.encoder.layer.1.output.dense.weight",
             "bert.encoder.layer.2.output.dense.weight"),
            ("bert.encoder.layer.0.attention.self.query.weight",
             "bert.encoder.layer.0.attention.self.query.weight"),
            ("head.weight", "head.weight"), ("case_in.weight", "case_in.weight")):
        gap = float((mine[mine_name] - taught[taught_name]).abs().max())
        assert gap <= 2 * _step(taught[taught_name]), mine_name
    unmoved = build_model(base, TaggerConfig(layers=2, keep=(0, 2)))  # the word pieces: base's
    assert torch.equal(mine["bert.embeddings.word_embeddings.weight"],
                       unmoved.state_dict()["bert.embeddings.word_embeddings.weight"])


def test_a_teacher_with_fewer_layers_than_kept_is_refused(tmp_path) -> None:
    from geoparser.recognition.training.tagger_train import build_model

    base, _, folder = _teacher(tmp_path, layers=1)
    _base(base, 2)  # the student's base has two layers; its teacher one
    with pytest.raises(ValueError, match="not a tagger of this shape"):
        build_model(base, TaggerConfig(layers=2, dropout=0.0), folder)
