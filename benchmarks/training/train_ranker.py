"""Train the ``learned`` policy's ranker and print its leave-one-corpus-out table.

``make train-ranker`` (opt-in; needs ``../shared/corpora``). For each of GeoVirus, WikToR,
GeoWebNews and SemEval-2019 in turn, a LambdaRank model is trained on the other three with
the fixed configuration ``benchmarks/training/ranker.json`` (seed included) and scored on the
held-out one next to ``population`` and ``context`` (its shipped weighting, and with each
name-form or list term off), by ``ranker_data.evaluate`` (our ``distance`` scheme,
resolution from gold mentions, context toponyms from ``en_core_web_sm``). Then one model is
trained on all four and written to ``geoparser/data/ranker.txt``; that is the shipped model,
never scored on data it was not trained on. Run:
``python -m benchmarks.training.train_ranker [--shared ../shared] [--no-write]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.public_corpora import SHARED
from benchmarks.training import ranker_data
from geoparser.resolution.learned import (
    ALL_COLUMNS,
    CONTEXT_ONLY_FEATURES,
    MODEL_FEATURES,
    MODEL_PATH,
    RANKER_FEATURES,
)

CONFIG = Path(__file__).resolve().parent / "ranker.json"

#: The rankers of the table, by row name: the name-form and list features added to the shipped ones
#: (``MODEL_FEATURES``) each in turn, then both; the last row is the shipped configuration.
VARIANTS: dict[str, tuple[str, ...]] = {
    "learned, with the imputed-population feature": (*RANKER_FEATURES, "imputed_abroad",
                                                     "context_score"),
    "learned, with the alias-gap feature": (*RANKER_FEATURES, "alias_gap", "context_score"),
    "learned, with both": (*RANKER_FEATURES, *CONTEXT_ONLY_FEATURES, "context_score"),
    "learned": MODEL_FEATURES,
}


def train(groups: list[ranker_data.Groups], config: dict,
          features: tuple[str, ...] = MODEL_FEATURES):
    """A LightGBM ranker reading ``features`` over the groups of several corpora, with
    ``config``'s fixed settings.

    Each corpus contributes at most ``max_groups_per_corpus`` groups (a fixed-seed sample):
    WikToR alone has 17,000, nine tenths of the data, and it is one genre (Wikipedia's first
    paragraphs about same-name places), not the news the policy is for.
    """
    import lightgbm

    rng = np.random.default_rng(config["lightgbm"]["seed"])
    xs, ys, sizes = [], [], []
    for g in groups:
        starts = np.cumsum([0, *g.sizes])
        keep = np.arange(len(g.sizes))
        if len(keep) > config["max_groups_per_corpus"]:
            keep = np.sort(rng.choice(keep, config["max_groups_per_corpus"], replace=False))
        for k in keep:
            xs.append(g.x[starts[k]:starts[k + 1]])
            ys.append(g.y[starts[k]:starts[k + 1]])
            sizes.append(g.sizes[k])
    cols = [ALL_COLUMNS.index(f) for f in features]
    data = lightgbm.Dataset(np.vstack(xs)[:, cols], np.concatenate(ys), group=sizes,
                            feature_name=list(features), free_raw_data=False)
    return lightgbm.train(config["lightgbm"], data, num_boost_round=config["num_boost_round"])


def leave_one_corpus_out(shared: Path, gazetteer, wanted: set[str] | None = None,
                         no_train: bool = False) -> tuple[list[dict], str, object]:
    """Rows and Markdown of the leave-one-corpus-out table, and the model trained on all
    (``wanted``: only the corpora of these names; ``no_train``: the hand-weighted policies'
    rows only, no model)."""
    config = json.loads(CONFIG.read_text(encoding="utf-8"))
    corpora = ranker_data.load_corpora(shared, wanted)
    if no_train:
        rows = [ranker_data.evaluate_corpus(c, gazetteer, None) for c in corpora]
        return rows, ranker_data.markdown_table(rows), None
    data = {c.name: ranker_data.groups(c, gazetteer) for c in corpora}
    for name, g in data.items():
        print(f"train-ranker: {name}: {len(g.sizes)} training groups, {len(g.y)} rows",
              file=sys.stderr)
    rows = []
    for held, others in zip(corpora, without_each(data).values(), strict=True):
        models = {name: train(others, config, feats) for name, feats in VARIANTS.items()}
        rows.append(ranker_data.evaluate_corpus(held, gazetteer, models))
        print(f"train-ranker: {held.name}: scored", file=sys.stderr, flush=True)
    return rows, ranker_data.markdown_table(rows), train(list(data.values()), config)


def without_each(groups: dict[str, Any]) -> dict[str, list[Any]]:
    """Each corpus's name -> the other corpora's training groups: what a ranker that never
    saw that corpus learns from (leave one corpus out)."""
    return {name: [g for n, g in groups.items() if n != name] for name in groups}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--no-write", action="store_true", help="do not write the shipped model")
    ap.add_argument("--json", type=Path, help="also write the table's rows here")
    ap.add_argument("--corpora", help="comma-separated corpus names: train and validate on "
                    "these only (default: all four)")
    ap.add_argument("--no-train", action="store_true",
                    help="only the hand-weighted policies' rows (no ranker, nothing written)")
    args = ap.parse_args(argv)
    if not (args.shared / "corpora").is_dir():
        print(f"train-ranker: skipped: no corpora at {args.shared / 'corpora'}")
        return 0
    t0 = time.perf_counter()
    from geoparser.gazetteers import create_gazetteer

    wanted = set(args.corpora.split(",")) if args.corpora else None
    rows, table, final = leave_one_corpus_out(args.shared, create_gazetteer("offline"), wanted,
                                              args.no_train)
    seconds = time.perf_counter() - t0
    if final is not None and not args.no_write:
        MODEL_PATH.parent.mkdir(parents=True, exist_ok=True)
        final.save_model(str(MODEL_PATH))
        print(f"train-ranker: wrote {MODEL_PATH} ({MODEL_PATH.stat().st_size / 1e6:.2f} MB)")
        from benchmarks.training.trained_on import write_fingerprints

        write_fingerprints(MODEL_PATH.with_suffix(".trained_on.json"), args.shared / "corpora",
                           ranker_data.CORPORA)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    print(f"Leave-one-corpus-out, resolution from gold mentions ({seconds:.0f} s):\n")
    print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
