"""Per-window activation ranges: a dynamically quantised graph rewritten so that a row of a
padded batch gets bit for bit what it gets alone, and what the original graph gives it alone."""

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")


def dynamic_int8_model(path):
    """A two-layer product graph (inputs ``x`` and ``attention_mask``) quantised dynamically."""
    from onnx import TensorProto, helper, numpy_helper
    from onnxruntime.quantization import QuantType, quantize_dynamic

    rng = np.random.default_rng(0)
    w1 = numpy_helper.from_array(rng.normal(size=(16, 24)).astype(np.float32), "w1")
    w2 = numpy_helper.from_array(rng.normal(size=(24, 8)).astype(np.float32), "w2")
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w1"], ["h"]), helper.make_node("Relu", ["h"], ["r"]),
         helper.make_node("MatMul", ["r", "w2"], ["logits"])],
        "two_products",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", "pieces", 16]),
         helper.make_tensor_value_info("attention_mask", TensorProto.INT64,
                                       ["batch", "pieces"])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", "pieces", 8])],
        [w1, w2])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    raw = path.with_name("raw.onnx")
    onnx.save(model, str(raw))
    quantize_dynamic(str(raw), str(path), weight_type=QuantType.QInt8)
    return path


def run(path, rows):
    import onnxruntime as ort

    width = max(len(r) for r in rows)
    x = np.zeros((len(rows), width, 16), np.float32)
    mask = np.zeros((len(rows), width), np.int64)
    for i, r in enumerate(rows):
        x[i, :len(r)], mask[i, :len(r)] = r, 1
    out = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"]).run(
        ["logits"], {"x": x, "attention_mask": mask})[0]
    return [out[i, :len(r)] for i, r in enumerate(rows)]


def test_a_row_gets_the_same_products_alone_padded_in_a_batch_and_from_the_original(tmp_path):
    from geoparser.recognition.training.per_window_ranges import rewrite_file

    original = dynamic_int8_model(tmp_path / "dynamic.onnx")
    rewritten = rewrite_file(original, tmp_path / "per_window.onnx")
    rng = np.random.default_rng(1)
    # rows of other lengths and ranges: one row's range would set the others' scale
    rows = [rng.normal(scale=s, size=(n, 16)).astype(np.float32)
            for n, s in ((3, 0.1), (7, 5.0), (1, 1.0), (5, 40.0))]
    alone = [run(rewritten, [r])[0] for r in rows]
    for a, b in zip(alone, run(rewritten, rows), strict=True):
        assert np.array_equal(a, b)
    for r, a in zip(rows, alone, strict=True):
        assert np.array_equal(run(original, [r])[0], a)
    # the original shares one range across the batch: the reason for the rewrite
    assert not all(np.array_equal(a, b) for a, b in zip(alone, run(original, rows), strict=True))


def test_a_graph_without_dynamic_products_is_refused():
    from onnx import TensorProto, helper

    from geoparser.recognition.training.per_window_ranges import per_window_ranges

    graph = helper.make_graph([helper.make_node("Relu", ["x"], ["y"])], "plain",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1])])
    with pytest.raises(ValueError, match="no dynamically quantised products"):
        per_window_ranges(helper.make_model(graph))
