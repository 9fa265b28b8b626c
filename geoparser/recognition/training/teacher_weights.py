"""A trained tagger's weights read back from its exported int8 ONNX model (needs ``onnx``).

A student can start from its teacher's fine-tuned layers rather than the base's published
ones (as DistilBERT and TinyBERT start from their teachers): the teacher already reads
toponyms, so the student's first layers begin where the teacher's are. Only the int8 model
ships, so each weight is dequantised, ``(q - zero point) × scale``, within one quantisation
step of the float weight it was exported from. The names are torch's (``export_onnx`` keeps
them for biases, layer norms and embeddings); a product's weight is named after the bias
added to its output, and transposed back (ONNX multiplies ``x @ W``, torch ``x @ W.T``).
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any

QUANTISED, SCALE, POINT = "_quantized", "_scale", "_zero_point"
#: how far from a product to look for the bias added to its output (the dequantising steps
#: between them: the zero point's correction, a cast, the scales' product)
REACH = 6


def dequantised(model: Any) -> dict[str, Any]:
    """``model``'s (an ``onnx.ModelProto`` written by ``export_onnx``) weights by torch name
    (numpy float32): every bias, layer norm and embedding, and every product's weight."""
    import numpy as np
    from onnx import numpy_helper

    graph = model.graph
    arrays = {i.name: numpy_helper.to_array(i) for i in graph.initializer}

    def value(name: str) -> Any:
        stem = name[:-len(QUANTISED)]
        q = arrays[name].astype(np.float32)
        return ((q - arrays[stem + POINT].astype(np.float32)) * arrays[stem + SCALE]
                ).astype(np.float32)

    out: dict[str, Any] = {}
    for name, array in arrays.items():
        if name.endswith(QUANTISED) and not name.startswith("onnx::"):
            out[name[:-len(QUANTISED)]] = value(name)  # an embedding table, quantised
        elif not name.startswith(("onnx::", "window_range_")) and not name.endswith(
                (SCALE, POINT)) and array.dtype == np.float32 and array.ndim >= 1:
            out[name] = array
    consumers: dict[str, list[Any]] = {}
    for node in graph.node:
        for name in node.input:
            consumers.setdefault(name, []).append(node)
    for node in graph.node:
        if node.op_type != "MatMulInteger":
            continue
        weight = node.input[1]
        bias = _bias_after(node, consumers, arrays)
        if bias is None:
            raise ValueError(f"no bias follows the product of {weight}")
        out[bias[:-len(".bias")] + ".weight"] = value(weight).T.copy()
    return out


def _bias_after(node: Any, consumers: dict[str, list[Any]], arrays: dict[str, Any]
                ) -> str | None:
    """The name of the first ``*.bias`` initializer added downstream of ``node``."""
    seen, queue = set(), deque((out, 0) for out in node.output)
    while queue:
        name, depth = queue.popleft()
        if name in seen or depth > REACH:
            continue
        seen.add(name)
        for after in consumers.get(name, []):
            if after.op_type == "Add":
                biases = [i for i in after.input if i in arrays and i.endswith(".bias")]
                if biases:
                    return biases[0]
            queue.extend((out, depth + 1) for out in after.output)
    return None


def teacher_state(folder: Path, keep: tuple[int, ...]) -> dict[str, Any]:
    """The tagger in ``folder`` (checked as at run time) as a torch state for a student that
    keeps its encoder layers ``keep``, renumbered in order: the word-piece table is left out
    (it stays the base's, as every tagger freezes it)."""
    import onnx
    import torch

    from geoparser.recognition.transformer_tagger import read_meta

    read_meta(folder)
    weights = dequantised(onnx.load(str(folder / "model.onnx")))
    renumber = {k: n for n, k in enumerate(keep)}
    state: dict[str, Any] = {}
    for name, array in weights.items():
        if name == "bert.embeddings.word_embeddings.weight":
            continue
        if name.startswith("bert.encoder.layer."):
            index, rest = name[len("bert.encoder.layer."):].split(".", 1)
            if int(index) not in renumber:
                continue
            name = f"bert.encoder.layer.{renumber[int(index)]}.{rest}"
        state[name] = torch.tensor(array)
    return state
