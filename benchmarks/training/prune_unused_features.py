"""``python -m benchmarks.training.prune_unused_features``: rewrite the shipped span decision
and confidence models to the code's feature lists, dropping the features no tree splits on.

A feature no tree of a LightGBM model splits on has no influence on any prediction, so the
model without its column predicts exactly what it did with it: the rewrite renumbers each
tree's ``split_feature`` and the per-feature header and parameters, and nothing else. It
refuses to drop a feature any tree splits on, and checks that the rewritten model's raw
scores and contributions on rows without the dropped columns equal, bit for bit, the
original's on the same rows with any values in them (random, NaN).

The targets are the code's lists (``features.SPAN_FEATURES``, ``confidence.CONFIDENCE_FEATURES``):
a model already on them is left alone, so running this twice changes nothing.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from geoparser.io.atomic import write_bytes_atomic

#: Parameters that hold one entry per feature. ``categorical_feature`` (indices) is remapped;
#: the others are refused when set (no shipped model sets them).
_PER_FEATURE_PARAMETERS = ("monotone_constraints", "interaction_constraints", "feature_contri",
                           "max_bin_by_feature", "cegb_penalty_feature_lazy",
                           "cegb_penalty_feature_coupled", "forcedsplits_filename")
_TREE = re.compile(r"^Tree=\d+\n", re.MULTILINE)


def split_counts(model: str) -> dict[str, int]:
    """How many splits of the model's trees use each feature, by name."""
    import lightgbm

    booster = lightgbm.Booster(model_str=model)
    return dict(zip(booster.feature_name(),
                    booster.feature_importance("split").tolist(), strict=True))


def unused_features(models: Sequence[str]) -> list[str]:
    """The features no tree of any of ``models`` (over the same features) splits on."""
    counts = [split_counts(m) for m in models]
    return [f for f in counts[0] if all(c[f] == 0 for c in counts)]


def _header_value(model: str, key: str) -> str:
    m = re.search(rf"^{key}=(.*)$", model, re.MULTILINE)
    if m is None:
        raise ValueError(f"model text has no {key}")
    return m.group(1)


def _set_header(model: str, key: str, value: str) -> str:
    return re.sub(rf"^{key}=.*$", lambda _: f"{key}={value}", model, count=1, flags=re.MULTILINE)


def pruned_model(model: str, keep: Sequence[str]) -> str:
    """``model``'s text over the features ``keep`` (in the model's order): every other
    feature must be one no tree splits on."""
    names = _header_value(model, "feature_names").split(" ")
    if list(keep) != [f for f in names if f in set(keep)] or len(set(keep)) != len(keep):
        raise ValueError("the kept features must be the model's, once each, in its order")
    counts = split_counts(model)
    used = sorted(f for f in names if f not in keep and counts[f])
    if used:
        raise ValueError(f"the trees split on features to be dropped: {', '.join(used)}")
    new_index = {names.index(f): i for i, f in enumerate(keep)}
    infos = _header_value(model, "feature_infos").split(" ")
    out = _set_header(model, "max_feature_idx", str(len(keep) - 1))
    out = _set_header(out, "feature_names", " ".join(keep))
    out = _set_header(out, "feature_infos", " ".join(infos[names.index(f)] for f in keep))
    for key in _PER_FEATURE_PARAMETERS:
        if re.search(rf"^\[{key}: [^\]\s]", out, re.MULTILINE):
            raise ValueError(f"the model sets {key}, which this rewrite does not renumber")
    out = re.sub(r"^\[categorical_feature: (.*)\]$", lambda m: "[categorical_feature: " + ",".join(
        str(new_index[int(i)]) for i in m.group(1).split(",") if i) + "]", out, count=1,
        flags=re.MULTILINE)
    return _with_trees_renumbered(out, new_index)


def _with_trees_renumbered(model: str, new_index: dict[int, int]) -> str:
    """``model`` with each tree's ``split_feature`` renumbered and ``tree_sizes`` (each tree's
    text length, which LightGBM reads trees by) recomputed."""
    end = model.index("end of trees\n")
    starts = [m.start() for m in _TREE.finditer(model, 0, end)]
    blocks = [model[a:b] for a, b in zip(starts, [*starts[1:], end], strict=True)]
    sizes = _header_value(model, "tree_sizes").split(" ")
    if sizes != [str(len(b)) for b in blocks]:
        raise ValueError("tree_sizes do not match the trees' text")

    def renumber(block: str) -> str:
        return re.sub(r"^split_feature=(.*)$", lambda m: "split_feature=" + " ".join(
            str(new_index[int(i)]) for i in m.group(1).split(" ") if i), block, count=1,
            flags=re.MULTILINE)

    renumbered = [renumber(b) for b in blocks]
    head = _set_header(model[:starts[0]], "tree_sizes", " ".join(str(len(b)) for b in renumbered))
    return head + "".join(renumbered) + model[end:]


def check_same_predictions(old: str, new: str, x: np.ndarray, rng: np.random.Generator
                           ) -> None:
    """Raise unless ``new`` on rows ``x`` (its features) gives exactly the raw scores and
    contributions ``old`` gives on the same rows with random values, then NaN, in the dropped
    columns; and unless ``new`` reads back to the same text."""
    import lightgbm

    before, after = lightgbm.Booster(model_str=old), lightgbm.Booster(model_str=new)
    if after.model_to_string() != new:
        raise ValueError("the rewritten model does not read back to its own text")
    kept = [before.feature_name().index(f) for f in after.feature_name()]
    dropped = [i for i in range(before.num_feature()) if i not in kept]
    raw = after.predict(x, raw_score=True, num_threads=1)
    contrib = after.predict(x, pred_contrib=True, num_threads=1)
    for filler in (rng.normal(0, 5, (len(x), len(dropped))), np.full((len(x), len(dropped)),
                                                                     np.nan)):
        wide = np.empty((len(x), before.num_feature()))
        wide[:, kept], wide[:, dropped] = x, filler
        if not np.array_equal(before.predict(wide, raw_score=True, num_threads=1), raw):
            raise ValueError("raw scores differ")
        was = before.predict(wide, pred_contrib=True, num_threads=1)
        if not (np.array_equal(was[:, [*kept, -1]], contrib) and not was[:, dropped].any()):
            raise ValueError("contributions differ")


def random_rows(model: str, n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` rows over the model's features drawn from each feature's range in the model
    (``feature_infos``; a categorical feature's categories), a tenth of the values NaN."""
    columns = []
    for info in _header_value(model, "feature_infos").split(" "):
        if info == "none":
            column = rng.normal(0, 1, n)
        elif info.startswith("["):
            lo, hi = (float(v) for v in info[1:-1].split(":"))
            column = rng.uniform(lo, hi, n)
        else:
            column = rng.choice([float(c) for c in info.split(":") if c != "-1"], n)
        column[rng.random(n) < 0.1] = np.nan
        columns.append(column)
    return np.column_stack(columns)


def prune_file(path: Path, target: Sequence[str], boosters: Sequence[tuple[str, ...]],
               rows: int = 2000, seed: int = 7) -> list[str]:
    """Rewrite the models in the JSON file ``path`` (each at the key path in ``boosters``, its
    ``booster`` text) to the features ``target``; the dropped features (none when the file is
    on them already)."""
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    features = list(data["features"])
    if features == list(target):
        return []
    rng = np.random.default_rng(seed)
    for keys in boosters:
        entry: dict[str, Any] = data
        for k in keys:
            entry = entry[k]
        new = pruned_model(entry["booster"], target)
        check_same_predictions(entry["booster"], new, random_rows(new, rows, rng), rng)
        entry["booster"] = new
    data["features"] = list(target)
    # the layout its training script writes: the confidence models indented, the decision's not
    layout = json.dumps(data, indent=1) + "\n" if text.endswith("\n") else json.dumps(data)
    write_bytes_atomic(path, layout.encode("utf-8"))
    return [f for f in features if f not in target]


def main(argv: Sequence[str] | None = None) -> int:
    from geoparser.decision.features import SPAN_FEATURES
    from geoparser.decision.span_decision import MODEL_PATH as DECISION_PATH
    from geoparser.resolution.confidence import CONFIDENCE_FEATURES
    from geoparser.resolution.confidence import MODEL_PATH as CONFIDENCE_PATH

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.parse_args(argv)
    policies = tuple(json.loads(CONFIDENCE_PATH.read_text(encoding="utf-8"))["models"])
    for path, target, boosters in (
            (DECISION_PATH, SPAN_FEATURES, [("span",), ("marker",)]),
            (CONFIDENCE_PATH, CONFIDENCE_FEATURES, [("models", p) for p in policies])):
        dropped = prune_file(path, target, boosters)
        print(f"{path.name}: " + (f"dropped {len(dropped)} ({', '.join(dropped)}), kept "
                                  f"{len(target)}" if dropped else "already on the code's list"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
