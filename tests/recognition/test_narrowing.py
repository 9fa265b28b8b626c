"""Cutting a student's layers to their most important heads and units (needs torch and
transformers, from the ``train`` extra; a tiny random encoder stands in for the base)."""

from __future__ import annotations

from collections import namedtuple
from pathlib import Path

import pytest

from geoparser.recognition.training.tagger_train import TaggerConfig

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

Window = namedtuple("Window", "ids case")
WINDOWS = [Window(ids=(2, 5 + k % 7, 9, 11 + k % 3, 3), case=(0, 1, 0, 2, 0)) for k in range(12)]


def _tagger(folder: Path, layers: int = 2):
    from geoparser.recognition.training.tagger_train import build_model

    config = transformers.BertConfig(vocab_size=32, hidden_size=64, num_hidden_layers=layers,
                                     num_attention_heads=2, intermediate_size=16,
                                     max_position_embeddings=16)
    torch.manual_seed(0)
    transformers.BertModel(config, add_pooling_layer=False).save_pretrained(folder)
    model = build_model(folder, TaggerConfig(layers=layers, dropout=0.0))
    with torch.no_grad():  # a case embedding that is not zero, so that every input counts
        model.case_in.weight.normal_()
    return model.eval()


def _logits(model):
    from geoparser.recognition.training.tagger_data import IGNORE, Example, tensors

    ids, mask, case, _ = tensors([Example(w, (IGNORE,) * len(w.ids)) for w in WINDOWS])
    with torch.no_grad():
        return model(ids, mask, case)


def test_every_layer_keeps_the_heads_and_units_asked(tmp_path) -> None:
    from geoparser.recognition.training.narrowing import narrowed

    model = _tagger(tmp_path)
    kept = narrowed(model, WINDOWS, heads=1, units=5)
    for layer in model.bert.encoder.layer:
        assert layer.attention.self.query.out_features == 32
        assert layer.attention.self.value.out_features == 32
        assert layer.attention.output.dense.in_features == 32
        assert layer.intermediate.dense.out_features == 5
        assert layer.output.dense.in_features == 5
    assert [len(h) for h in kept["heads"]] == [1, 1]
    assert [len(u) for u in kept["units"]] == [5, 5]
    assert _logits(model).shape == (len(WINDOWS), 5, 3)


def test_keeping_everything_changes_no_output(tmp_path) -> None:
    from geoparser.recognition.training.narrowing import narrowed

    model = _tagger(tmp_path)
    before = _logits(model)
    narrowed(model, WINDOWS, heads=0, units=0)
    assert torch.allclose(_logits(model), before, atol=1e-6)


def test_a_unit_and_a_head_that_carry_nothing_are_the_ones_cut(tmp_path) -> None:
    from geoparser.recognition.training.narrowing import HEAD_SIZE, narrowed

    model = _tagger(tmp_path, layers=1)
    layer = model.bert.encoder.layer[0]
    with torch.no_grad():
        layer.output.dense.weight[:, 6] = 0.0  # unit 6 writes nothing
        layer.attention.output.dense.weight[:, :HEAD_SIZE] = 0.0  # nor does head 0
    before = _logits(model)
    kept = narrowed(model, WINDOWS, heads=1, units=15)
    assert kept["heads"] == [[1]]
    assert 6 not in kept["units"][0] and len(kept["units"][0]) == 15
    assert torch.allclose(_logits(model), before, atol=1e-5)


def test_more_heads_or_units_than_a_layer_has_is_refused(tmp_path) -> None:
    from geoparser.recognition.training.narrowing import narrowed

    model = _tagger(tmp_path, layers=1)
    with pytest.raises(ValueError, match="heads must be in 1..2"):
        narrowed(model, WINDOWS, heads=3, units=4)
    with pytest.raises(ValueError, match="units in 1..16"):
        narrowed(model, WINDOWS, heads=1, units=17)
