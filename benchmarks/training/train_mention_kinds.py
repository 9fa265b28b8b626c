"""Train the mention-kind classifier (``geoparser.resolution.kind_classifier``) on GeoWebNews'
pragmatic labels, validate it out of fold by document, and ship it.

Literal (Literal, Literal_Modifier, Mixed, Coercion), metonymy (Metonymic,
Non_Literal_Modifier) and embedded (Embedded_Literal, Embedded_Non_Lit) gold toponyms are the
examples (``mention_kinds.json``); demonyms and languages are left to typed evidence
(``mention_kinds``), homonyms out. The documents are cut into folds (fixed seed); each fold is
classified by a model trained on the others, its word vocabularies read off those others
only. The threshold shipped is the least maximum probability at which the answers out of fold
reach ``min_precision`` on each kind; the report gives each kind's precision and recall out of
fold with it and without it (the most probable kind always).
Opt-in (reads ``../shared/corpora`` in place):
``python -m benchmarks.training.train_mention_kinds [--shared ../shared] [--out FILE]``.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.public_corpora import SHARED
from geoparser.corpora import convert
from geoparser.io.atomic import write_text_atomic
from geoparser.model import Candidate
from geoparser.resolution.kind_classifier import (
    CATEGORICAL,
    CLASSES,
    FEATURES,
    MODEL_FILE,
    _words_after,
    _words_before,
    features,
)

CONFIG = Path(__file__).with_name("mention_kinds.json")


def examples(config: dict[str, Any], corpora: Path) -> list[dict[str, Any]]:
    """One example per labelled gold toponym: document index, text, span, class index."""
    _, fmt, rel = config["corpus"]
    to_class = {label: CLASSES.index(next(c for c in CLASSES if c.value == kind))
                for kind, labels in config["labels"].items() for label in labels}
    out = []
    for i, d in enumerate(convert(fmt, corpora / rel).documents):
        for t in d["toponyms"]:
            if t.get("label") in to_class and t.get("start") is not None:
                out.append({"doc": i, "text": d["text"], "start": t["start"], "end": t["end"],
                            "y": to_class[t["label"]]})
    return out


def vocabularies(rows: list[dict[str, Any]], size: int, min_count: int
                 ) -> tuple[dict[str, int], dict[str, int]]:
    """The commonest words just before and just after the examples, ids from 1."""
    prev: Counter[str] = Counter()
    nxt: Counter[str] = Counter()
    for r in rows:
        before, after = _words_before(r["text"], r["start"]), _words_after(r["text"], r["end"])
        if before:
            prev[before[-1].lower()] += 1
        if after:
            nxt[after[0].lower()] += 1

    def ids(counts: Counter[str]) -> dict[str, int]:
        common = [w for w, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
                  if n >= min_count][:size]
        return {w: i + 1 for i, w in enumerate(common)}

    return ids(prev), ids(nxt)


def matrix(rows: list[dict[str, Any]], names: dict[str, list[Candidate]],
           vocab: tuple[dict[str, int], dict[str, int]]) -> np.ndarray:
    return np.array([features(r["text"], r["start"], r["end"],
                              names.get(r["text"][r["start"]:r["end"]], []), *vocab)
                     for r in rows], dtype=np.float64)


def train(config: dict[str, Any], rows: list[dict[str, Any]],
          names: dict[str, list[Candidate]]) -> tuple[Any, tuple[dict[str, int], dict[str, int]]]:
    import lightgbm as lgb

    vocab = vocabularies(rows, config["vocabulary_size"], config["vocabulary_min_count"])
    data = lgb.Dataset(matrix(rows, names, vocab), label=[r["y"] for r in rows],
                       feature_name=list(FEATURES), categorical_feature=list(CATEGORICAL),
                       free_raw_data=False)
    return lgb.train(config["lightgbm"], data, num_boost_round=config["num_boost_round"]), vocab


def per_kind(y: np.ndarray, p: np.ndarray, threshold: float) -> dict[str, dict[str, float]]:
    """Each kind's precision and recall, answering only where the best probability reaches
    ``threshold``."""
    best, sure = p.argmax(axis=1), p.max(axis=1) >= threshold
    out = {}
    for k, kind in enumerate(CLASSES):
        said = (best == k) & sure
        right = said & (y == k)
        out[kind.value] = {"precision": float(right.sum() / said.sum()) if said.any() else 0.0,
                           "recall": float(right.sum() / (y == k).sum()),
                           "answered": int(said.sum()), "gold": int((y == k).sum())}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--out", type=Path, default=MODEL_FILE)
    args = ap.parse_args(argv)
    corpora = args.shared / "corpora"
    if not corpora.is_dir():
        print(f"mention kinds: skipped: no corpora at {corpora}")
        return 0
    config = json.loads(CONFIG.read_text(encoding="utf-8"))
    from geoparser.gazetteers import create_gazetteer

    rows = examples(config, corpora)
    gazetteer = create_gazetteer("offline")
    names = gazetteer.lookup_many(sorted({r["text"][r["start"]:r["end"]] for r in rows}))
    docs = sorted({r["doc"] for r in rows})
    random.Random(config["fold_seed"]).shuffle(docs)
    fold_of = {d: i % config["folds"] for i, d in enumerate(docs)}
    y = np.array([r["y"] for r in rows])
    p = np.zeros((len(rows), len(CLASSES)))
    for f in range(config["folds"]):
        train_rows = [r for r in rows if fold_of[r["doc"]] != f]
        held = [i for i, r in enumerate(rows) if fold_of[r["doc"]] == f]
        booster, vocab = train(config, train_rows, names)
        p[held] = booster.predict(matrix([rows[i] for i in held], names, vocab))
    threshold = next((t for t in np.round(np.arange(0.34, 1.0, 0.01), 2)
                      if all(v["precision"] >= config["min_precision"] or not v["answered"]
                             for v in per_kind(y, p, float(t)).values())), 1.0)
    report = {"examples": len(rows), "documents": len(docs), "folds": config["folds"],
              "threshold": float(threshold),
              "out_of_fold_most_probable": per_kind(y, p, 0.0),
              "out_of_fold_at_threshold": per_kind(y, p, float(threshold))}
    print(json.dumps(report, indent=1))
    booster, vocab = train(config, rows, names)
    model = {"about": "the mention-kind classifier (geoparser.resolution.kind_classifier), "
             "trained on GeoWebNews by benchmarks/training/train_mention_kinds.py",
             "classes": [c.value for c in CLASSES], "features": list(FEATURES),
             "threshold": float(threshold), "vocab_prev": vocab[0], "vocab_next": vocab[1],
             "validation": report, "booster": booster.model_to_string()}
    write_text_atomic(args.out, json.dumps(model, sort_keys=True) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
