"""A narrower student: each kept encoder layer cut to the attention heads and feed-forward
units that carry most of its output on the training text (structured pruning).

Fewer layers leave each window's products as wide as the teacher's; fewer heads and units make
every layer cheaper, so a student can keep three layers' depth at about the price of one or
two. A unit's importance is the mean, over the real pieces of a fixed sample of training
windows, of its activation's magnitude times the norm of its output weights; a head's is the
mean norm of its share of the attention's output projection (the head importance of Michel et
al., 2019, "Are Sixteen Heads Really Better than One?", measured on activations rather than
gradients). Both are measured on the student before it is trained (the base's first layers),
then the student is distilled as any other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: all-MiniLM-L6-v2's shape: 12 heads of 32 dimensions, 1,536 feed-forward units a layer
HEAD_SIZE = 32


def narrowed(model: Any, windows: Sequence[Any], *, heads: int, units: int,
             sample: int = 256) -> dict[str, list[list[int]]]:
    """Cut every encoder layer of ``model`` (``tagger_train.build_model``'s tagger) in place
    to its ``heads`` most important attention heads and ``units`` most important feed-forward
    units (0: keep all), measured on ``sample`` windows spread evenly over ``windows``; return
    the kept indices per layer."""
    import torch

    layers = list(model.bert.encoder.layer)
    n_heads = layers[0].attention.self.query.out_features // HEAD_SIZE
    n_units = layers[0].intermediate.dense.out_features
    heads = heads or n_heads
    units = units or n_units
    if not (0 < heads <= n_heads and 0 < units <= n_units):
        raise ValueError(f"heads must be in 1..{n_heads} and units in 1..{n_units}, "
                         f"got {heads} and {units}")
    head_score = [torch.zeros(n_heads, dtype=torch.float64) for _ in layers]
    unit_score = [torch.zeros(n_units, dtype=torch.float64) for _ in layers]
    real: list[Any] = []
    hooks = []
    for k, layer in enumerate(layers):
        hooks.append(layer.attention.output.dense.register_forward_hook(
            _head_hook(head_score[k], real, n_heads)))
        hooks.append(layer.intermediate.register_forward_hook(
            _unit_hook(unit_score[k], real, layer.output.dense.weight)))
    model.eval()
    try:
        _read(model, list(windows[::max(1, len(windows) // sample)][:sample]), real)
    finally:
        for hook in hooks:
            hook.remove()
    kept_heads, kept_units = [], []
    for k, layer in enumerate(layers):
        h = sorted(torch.topk(head_score[k], heads).indices.tolist())
        u = sorted(torch.topk(unit_score[k], units).indices.tolist())
        _cut_heads(layer, h)
        _cut_units(layer, u)
        kept_heads.append(h)
        kept_units.append(u)
    model.bert.config.intermediate_size = units
    return {"heads": kept_heads, "units": kept_units}


def _read(model: Any, windows: list[Any], real: list[Any]) -> None:
    """Run ``model`` over ``windows`` in batches, ``real[0]`` the batch's mask of real pieces
    while it runs (the hooks weigh only those)."""
    import torch

    from geoparser.recognition.training.tagger_data import unlabelled_tensors

    with torch.no_grad():
        for start in range(0, len(windows), 32):
            group = windows[start:start + 32]
            ids, mask, case = unlabelled_tensors(group)
            real[:] = [mask.bool()]
            model(ids, mask, case)


def _head_hook(score: Any, real: list[Any], n_heads: int) -> Any:
    def hook(module: Any, inputs: tuple[Any, ...], _output: Any) -> None:
        context = inputs[0][real[0]]  # pieces × (heads · size)
        weight = module.weight  # hidden × (heads · size)
        for h in range(n_heads):
            part = slice(h * HEAD_SIZE, (h + 1) * HEAD_SIZE)
            share = context[:, part] @ weight[:, part].T
            score[h] += share.norm(dim=1).double().sum()
    return hook


def _unit_hook(score: Any, real: list[Any], out_weight: Any) -> Any:
    norms = out_weight.detach().norm(dim=0)  # one per unit

    def hook(_module: Any, _inputs: tuple[Any, ...], output: Any) -> None:
        score.add_((output[real[0]].abs() * norms).double().sum(dim=0))
    return hook


def _sliced(linear: Any, rows: Any = None, cols: Any = None) -> Any:
    """A copy of ``linear`` keeping its output ``rows`` and input ``cols`` (None: all)."""
    import torch
    from torch import nn

    weight = linear.weight.detach()
    bias = linear.bias.detach() if linear.bias is not None else None
    if rows is not None:
        weight = weight[rows]
        bias = bias[rows] if bias is not None else None
    if cols is not None:
        weight = weight[:, cols]
    out = nn.Linear(weight.shape[1], weight.shape[0], bias=bias is not None)
    with torch.no_grad():
        out.weight.copy_(weight)
        if bias is not None:
            out.bias.copy_(bias)
    return out


def _cut_heads(layer: Any, heads: list[int]) -> None:
    import torch

    pieces = torch.tensor([h * HEAD_SIZE + i for h in heads for i in range(HEAD_SIZE)])
    attention = layer.attention.self
    for name in ("query", "key", "value"):
        setattr(attention, name, _sliced(getattr(attention, name), rows=pieces))
    attention.num_attention_heads = len(heads)
    attention.all_head_size = len(heads) * HEAD_SIZE
    layer.attention.output.dense = _sliced(layer.attention.output.dense, cols=pieces)


def _cut_units(layer: Any, units: list[int]) -> None:
    import torch

    kept = torch.tensor(units)
    layer.intermediate.dense = _sliced(layer.intermediate.dense, rows=kept)
    layer.output.dense = _sliced(layer.output.dense, cols=kept)
