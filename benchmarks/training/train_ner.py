"""``make train-ner``: cross-corpus validation, then the shipped model, trained on all corpora.

1. Each corpus (GeoWebNews, GeoVirus, SemEval-2019 T12 training) is converted once and split
   into train/dev by whole documents (``prepare``).
2. For each corpus in turn, ``spacy train`` (committed config, fixed seed) runs on the *other*
   corpora's train split, picking its best checkpoint on their dev split, into
   ``<work>/without-<corpus>/model``; ``benchmarks.accuracy.end_to_end`` scores these fold
   models on the held-out corpus next to every other recogniser.
3. The model trained on all three corpora is written to the package (tokenizer + NER only).

Writes ``<work>/cross-corpus.json`` (data counts, dev scores, times).
Run: ``python -m benchmarks.training.train_ner [--corpora DIR] [--work DIR]`` (``make train-ner``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from geoparser.recognition.training.data import (
    LABEL,
    PLACE_LABELS,
    SOURCES,
)
from geoparser.recognition.training.prepare import (
    NEGATIVES,
    corpus_splits,
    write_fold,
)

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "geoparser" / "recognition" / "training"
CONFIGS = HERE / "configs"
CALLBACKS = HERE / "callbacks.py"


def train(config: Path, fold: Path, output: Path, *, seed: int, threads: int,
          labels: Sequence[str] = (LABEL,)) -> float:
    """Run ``spacy train`` on ``fold``'s train/dev files; return the wall time in seconds.
    ``labels`` are the model's toponym labels (GPE and LOC with rehearsal)."""
    from geoparser.recognition.spacy_models import resolve_package

    base = resolve_package("en_core_web_sm")
    cmd = [sys.executable, "-m", "spacy", "train", str(config), "--code", str(CALLBACKS),
           "--output", str(output), "--paths.train", str(fold / "train.spacy"),
           "--paths.dev", str(fold / "dev.spacy"), "--paths.base", str(base),
           "--system.seed", str(seed), "--initialize.after_init.labels", json.dumps(list(labels))]
    if list(labels) != [LABEL]:
        cmd += ["--training.patience", "0"]  # the base model's own labels may win at step 0
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), OPENBLAS_NUM_THREADS=str(threads))
    t0 = time.perf_counter()
    log = output.with_suffix(".log")
    output.parent.mkdir(parents=True, exist_ok=True)
    with log.open("w", encoding="utf-8") as fh:
        done = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"train-ner: spacy train failed (exit {done.returncode}); see {log}")
    return time.perf_counter() - t0


def dev_scores(model: Path) -> dict[str, float]:
    """The best checkpoint's entity P/R/F1 on the dev split, as ``spacy train`` recorded it."""
    perf = json.loads((model / "meta.json").read_text(encoding="utf-8")).get("performance", {})
    return {k: round(perf[k], 4) for k in ("ents_p", "ents_r", "ents_f") if k in perf}


def ship(best: Path, target: Path, meta: dict[str, Any]) -> int:
    """Write the pipeline at ``best`` to ``target`` with only what parsing needs; its size."""
    import spacy

    nlp = spacy.load(best)
    cfg = nlp.config
    cfg["initialize"]["before_init"] = None
    cfg["initialize"]["after_init"] = None
    for key in ("base", "train", "dev"):  # build paths of this machine, not the model's
        cfg["paths"][key] = None
    nlp.meta.update(meta)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    nlp.to_disk(tmp)
    shutil.rmtree(target, ignore_errors=True)
    tmp.rename(target)
    return sum(p.stat().st_size for p in target.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=Path("../shared/corpora"))
    ap.add_argument("--work", type=Path, default=Path("build/train-ner"))
    ap.add_argument("--config", default="finetune", help="a config in configs/ (no .cfg)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--negatives", default=None,
                    help="toponym-free training sentences per sentence with one, or 'all' "
                         f"(default: {NEGATIVES})")
    ap.add_argument("--ship", type=Path, default=None,
                    help="where the final model goes (default: the package's models/toponym)")
    ap.add_argument("--skip-cross", action="store_true", help="only train the shipped model")
    ap.add_argument("--skip-final", action="store_true", help="only the cross-corpus models")
    ap.add_argument("--rehearsal", action="store_true",
                    help="keep en_core_web_sm's own labels (pseudo-rehearsal; data.rehearse): "
                         "toponyms become GPE/LOC")
    args = ap.parse_args(argv)
    if not args.corpora.is_dir():
        print(f"train-ner: skipped: no corpora at {args.corpora}")
        return 0
    config = CONFIGS / f"{args.config}.cfg"
    t_start = time.perf_counter()
    negatives = (NEGATIVES if args.negatives is None
                 else None if args.negatives == "all" else float(args.negatives))
    labels = PLACE_LABELS if args.rehearsal else (LABEL,)
    splits = corpus_splits(args.corpora, SOURCES, seed=args.seed, negatives=negatives,
                           rehearsal=args.rehearsal)
    names = [s.name for s in SOURCES]
    report: dict[str, Any] = {"config": config.name, "seed": args.seed,
                              "negatives": negatives, "rehearsal": args.rehearsal,
                              "labels": list(labels), "folds": {}}
    if not args.skip_cross:
        for src in SOURCES:
            fold = args.work / f"without-{src.name.split()[0].lower()}"
            counts = write_fold(splits, [n for n in names if n != src.name], fold,
                                seed=args.seed)
            print(f"train-ner: training without {src.name} "
                  f"({counts['train']['sentences']} train sentences)", flush=True)
            seconds = train(config, fold, fold / "model", seed=args.seed,
                            threads=args.threads, labels=labels)
            report["folds"][src.name] = {"counts": counts, "train_seconds": round(seconds),
                                         "dev": dev_scores(fold / "model" / "model-best")}
    if not args.skip_final:
        from benchmarks.training.trained_on import write_fingerprints
        from evaluation.reports.trained_on import FILE
        from geoparser.recognition.toponym_model import MODEL_DIR, write_checksums

        target = args.ship or MODEL_DIR
        fold = args.work / "all"
        counts = write_fold(splits, names, fold, seed=args.seed)
        print(f"train-ner: training on all corpora ({counts['train']['sentences']} train "
              "sentences)", flush=True)
        seconds = train(config, fold, fold / "model", seed=args.seed, threads=args.threads,
                        labels=labels)
        size = ship(fold / "model" / "model-best", target, {
            "name": "toponym", "version": "1.0.0",
            "description": f"Toponym NER (labels {', '.join(labels)}) trained by Toposcope's "
                           "make train-ner",
            "toposcope": {"toponym_labels": list(labels)},
            "sources": [{"name": s.name, "path": s.path} for s in SOURCES],
            "license": "GPL-3.0 (trained on GPL-3.0 corpora; docs/recognition-model.md)",
            "config": config.name, "seed": args.seed, "spacy_version": ">=3.8.0,<3.9.0",
        })
        write_fingerprints(target / FILE, args.corpora,
                           [(s.name, s.converter, s.path) for s in SOURCES])
        write_checksums(target)  # last: it covers every file of the shipped folder
        report["final"] = {"counts": counts, "train_seconds": round(seconds), "bytes": size,
                           "dev": dev_scores(fold / "model" / "model-best"),
                           "path": str(target)}
        print(f"train-ner: shipped {target} ({size / 1e6:.1f} MB)")
    report["wall_seconds"] = round(time.perf_counter() - t_start)
    args.work.mkdir(parents=True, exist_ok=True)
    (args.work / "cross-corpus.json").write_text(json.dumps(report, indent=2) + "\n",
                                                 encoding="utf-8")
    print(f"train-ner: {report['wall_seconds']} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
