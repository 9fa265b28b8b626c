"""Give a dynamically quantised tagger one activation range per window instead of per batch.

``quantize_dynamic`` writes ``DynamicQuantizeLinear`` before each int8 matrix product: it scales
the whole input tensor by its range, so windows padded into one batch share a range and a
window's probabilities depend on its neighbours. This rewrite computes the same range per
window (batch row) over its real pieces only (the attention mask zeroes the padding, and the
range always holds 0, as ``DynamicQuantizeLinear``'s does), quantises with it in the same
arithmetic, and corrects the product for the row's zero point in exact int32. A window alone
gets bit for bit the probabilities of the original graph; in a padded batch, the same ones.
Needs the ``onnx`` package (the ``train`` extra); the tagger itself runs without it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from geoparser.recognition.transformer_tagger import RANGES_KEY, RANGES_PER_WINDOW


def per_window_ranges(model: Any) -> Any:
    """``model`` (an ``onnx.ModelProto`` from ``quantize_dynamic``) rewritten in place with
    per-window activation ranges; returned for chaining."""
    import numpy as np
    from onnx import TensorProto, helper, numpy_helper

    graph = model.graph
    weights = {i.name: i for i in graph.initializer}
    added = [numpy_helper.from_array(np.float32(0), "window_range_zero"),
             numpy_helper.from_array(np.float32(255), "window_range_top"),
             numpy_helper.from_array(np.asarray([-1], np.int64), "window_range_last_axis")]
    mask = [helper.make_node("Cast", ["attention_mask"], ["window_range_mask"],
                             to=TensorProto.FLOAT),
            helper.make_node("Unsqueeze", ["window_range_mask", "window_range_last_axis"],
                             ["window_range_mask3"])]
    zero, top = "window_range_zero", "window_range_top"
    original = list(graph.node)
    rewritten: dict[int, list[Any]] = {}  # by position in the graph
    ranges = [i for i, n in enumerate(original) if n.op_type == "DynamicQuantizeLinear"]
    for k, at in enumerate(ranges):
        node = original[at]
        x, (q, scale, point), p = node.input[0], node.output, f"window_range_{k}_"
        op = helper.make_node
        rewritten[at] = [
            op("Mul", [x, "window_range_mask3"], [p + "masked"]),
            op("ReduceMax", [p + "masked"], [p + "max"], axes=[1, 2], keepdims=1),
            op("ReduceMin", [p + "masked"], [p + "min"], axes=[1, 2], keepdims=1),
            op("Max", [p + "max", zero], [p + "high"]),
            op("Min", [p + "min", zero], [p + "low"]),
            op("Sub", [p + "high", p + "low"], [p + "span"]),
            op("Div", [p + "span", top], [scale]),
            op("Div", [p + "low", scale], [p + "low_steps"]),
            op("Sub", [zero, p + "low_steps"], [p + "point_raw"]),
            op("Clip", [p + "point_raw", zero, top], [p + "point_clipped"]),
            op("Round", [p + "point_clipped"], [p + "point_float"]),
            op("Cast", [p + "point_float"], [point], to=TensorProto.INT32),
            op("Div", [x, scale], [p + "steps"]),
            op("Round", [p + "steps"], [p + "rounded"]),
            op("Add", [p + "rounded", p + "point_float"], [p + "shifted"]),
            op("Clip", [p + "shifted", zero, top], [p + "clipped"]),
            op("Cast", [p + "clipped"], [q], to=TensorProto.UINT8),
        ]
    products = [i for i, n in enumerate(original) if n.op_type == "MatMulInteger"]
    for k, at in enumerate(products):
        node = original[at]
        quantised, weight, point, weight_point = node.input
        w = (numpy_helper.to_array(weights[weight]).astype(np.int64)
             - numpy_helper.to_array(weights[weight_point]).astype(np.int64))
        p = f"window_range_product_{k}_"
        added.append(numpy_helper.from_array(w.sum(axis=0).astype(np.int32), p + "column_sums"))
        # sum((a - z) w) = sum(a w) - z sum(w): the row's zero point taken out exactly
        rewritten[at] = [
            helper.make_node("MatMulInteger", [quantised, weight, "", weight_point], [p + "raw"]),
            helper.make_node("Mul", [point, p + "column_sums"], [p + "offset"]),
            helper.make_node("Sub", [p + "raw", p + "offset"], [node.output[0]]),
        ]
    if not rewritten:
        raise ValueError("the model has no dynamically quantised products to rewrite")
    nodes = mask + [m for i, n in enumerate(original) for m in rewritten.get(i, [n])]
    del graph.node[:]
    graph.node.extend(nodes)
    graph.initializer.extend(added)
    return model


def rewrite_file(source: Path, target: Path) -> Path:
    """Read the ONNX model at ``source``, give it per-window ranges, check and write it to
    ``target``."""
    import onnx

    model = per_window_ranges(onnx.load(str(source)))
    onnx.checker.check_model(model)
    onnx.save(model, str(target))
    return target


def convert_folder(folder: Path) -> dict[str, Any]:
    """Give the tagger in ``folder`` per-window ranges (unless it has them): ``model.onnx``
    rewritten and ``meta.json``'s SHA-256 and ``activation_ranges`` updated, each file
    replaced together. Its probabilities stay bit for bit what they were. Returns the meta."""
    import hashlib
    import json

    from geoparser.io.atomic import write_files_atomic

    meta_path = folder / "meta.json"
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    if meta.get(RANGES_KEY) == RANGES_PER_WINDOW:
        return meta
    import onnx

    model = per_window_ranges(onnx.load(str(folder / "model.onnx")))
    onnx.checker.check_model(model)
    data = model.SerializeToString()
    meta["sha256"] = hashlib.sha256(data).hexdigest()
    meta[RANGES_KEY] = RANGES_PER_WINDOW
    write_files_atomic({folder / "model.onnx": data,
                        meta_path: json.dumps(meta, indent=2) + "\n"})
    return meta


if __name__ == "__main__":
    import sys

    for name in sys.argv[1:]:
        print(name, convert_folder(Path(name))["sha256"])
