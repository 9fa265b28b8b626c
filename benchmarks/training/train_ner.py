"""``make train-ner``: cross-corpus validation, then the shipped model, trained on all corpora.

1. Each corpus (GeoWebNews, GeoVirus, SemEval-2019 T12 training) is converted once and split
   into train/dev by whole documents (``prepare``).
2. For each corpus in turn, ``spacy train`` (committed config, fixed seed) runs on the *other*
   corpora's train split, picking its best checkpoint on their dev split; the model is then
   scored on the whole held-out corpus, next to ``en_core_web_sm``, ``hybrid`` and
   ``gazetteer`` and the model with today's hybrid rules on top.
3. The model trained on all three corpora is written to the package (tokenizer + NER only).

Writes ``<work>/cross-corpus.md`` and ``.json`` and prints the table.
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
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from evaluation.reports.cross_corpus import (
    gold_documents,
    markdown_table,
    recognition_scores,
)
from geoparser.recognition.training.data import (
    LABEL,
    PLACE_LABELS,
    SOURCES,
    load_gold,
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
BASELINES = ("en_core_web_sm", "hybrid", "gazetteer", "en_core_web_sm-checked")
MODEL_NAMES = ("toponym", "toponym+gazetteer", "toponym-checked")


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


class Remembered:
    """A recogniser whose mentions of each text are computed once: several rows of the table
    share a part (``hybrid`` is ``en_core_web_sm`` plus the gazetteer matcher, and so is the
    model's hybrid with the model), and each part runs once per held-out corpus."""

    def __init__(self, inner: Any, labels: frozenset[str] | None = None,
                 memo: dict[str, list[Any]] | None = None) -> None:
        self.inner, self.labels = inner, labels
        self.memo = {} if memo is None else memo

    def only(self, labels: Sequence[str]) -> Remembered:
        """The same remembered mentions, keeping those labelled one of ``labels``."""
        return Remembered(self.inner, frozenset(labels), self.memo)

    def recognise(self, texts: Iterable[str]) -> Iterator[list[Any]]:
        texts = list(texts)
        todo = [t for t in dict.fromkeys(texts) if t not in self.memo]
        self.memo.update(zip(todo, self.inner.recognise(todo), strict=True))
        for t in texts:
            yield [m for m in self.memo[t] if self.labels is None or m.label in self.labels]


def fold_recognisers(model: Path, gazetteer: Any,
                     labels: Sequence[str] = (LABEL,)) -> dict[str, Any]:
    """The table's rows for one held-out corpus: the baselines (``en_core_web_sm``, ``hybrid``,
    ``gazetteer``, ``en_core_web_sm`` with the gazetteer check), the fold's model alone, with
    today's hybrid rules on top, and with the gazetteer check."""
    from geoparser.recognition.gazetteer_check import GazetteerCheck
    from geoparser.recognition.gazetteer_matcher import GazetteerMatcher
    from geoparser.recognition.hybrid import RESCUE_LABELS, HybridRecogniser
    from geoparser.recognition.spacy_ner import DEFAULT_LABELS, SpacyRecogniser

    small = Remembered(SpacyRecogniser("en_core_web_sm",
                                       labels=(*DEFAULT_LABELS, *RESCUE_LABELS)))
    matcher = Remembered(GazetteerMatcher(labels=DEFAULT_LABELS, gazetteer=gazetteer))
    ours = Remembered(SpacyRecogniser(str(model), labels=labels))
    hybrid = HybridRecogniser(gazetteer=gazetteer)
    ours_hybrid = HybridRecogniser(labels=labels, model=str(model), gazetteer=gazetteer,
                                   rescue_labels=())
    hybrid.spacy, hybrid.matcher = small, matcher  # type: ignore[assignment]
    ours_hybrid.spacy, ours_hybrid.matcher = ours, matcher  # type: ignore[assignment]
    return {"en_core_web_sm": small.only(DEFAULT_LABELS), "hybrid": hybrid,
            "gazetteer": matcher,
            "en_core_web_sm-checked": GazetteerCheck(small.only(DEFAULT_LABELS), gazetteer),
            "toponym": ours, "toponym+gazetteer": ours_hybrid,
            "toponym-checked": GazetteerCheck(ours, gazetteer)}


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
    ap.add_argument("--skip-final", action="store_true", help="only the cross-corpus table")
    ap.add_argument("--score-only", action="store_true",
                    help="score the cross-corpus models already in --work, do not train them")
    ap.add_argument("--rehearsal", action="store_true",
                    help="keep en_core_web_sm's own labels (pseudo-rehearsal; data.rehearse): "
                         "toponyms become GPE/LOC")
    args = ap.parse_args(argv)
    if not args.corpora.is_dir():
        print(f"train-ner: skipped: no corpora at {args.corpora}")
        return 0
    from geoparser.gazetteers import create_gazetteer

    config = CONFIGS / f"{args.config}.cfg"
    t_start = time.perf_counter()
    negatives = (NEGATIVES if args.negatives is None
                 else None if args.negatives == "all" else float(args.negatives))
    labels = PLACE_LABELS if args.rehearsal else (LABEL,)
    splits = ({} if args.score_only and args.skip_final else
              corpus_splits(args.corpora, SOURCES, seed=args.seed, negatives=negatives,
                            rehearsal=args.rehearsal))
    names = [s.name for s in SOURCES]
    results: dict[str, dict[str, Any]] = {}
    report: dict[str, Any] = {"config": config.name, "seed": args.seed,
                              "negatives": negatives, "rehearsal": args.rehearsal,
                              "labels": list(labels), "folds": {}}
    if not args.skip_cross:
        gazetteer = create_gazetteer("offline")
        for src in SOURCES:
            key = src.name.split()[0].lower()
            fold = args.work / f"without-{key}"
            if args.score_only:
                counts = json.loads((fold / "counts.json").read_text(encoding="utf-8"))
                seconds = 0.0
            else:
                counts = write_fold(splits, [n for n in names if n != src.name], fold,
                                    seed=args.seed)
                print(f"train-ner: training without {src.name} "
                      f"({counts['train']['sentences']} train sentences)", flush=True)
                seconds = train(config, fold, fold / "model", seed=args.seed,
                                threads=args.threads, labels=labels)
            gold = gold_documents(load_gold(src, args.corpora))
            t0 = time.perf_counter()
            row = {n: recognition_scores(r, gold)
                   for n, r in fold_recognisers(fold / "model" / "model-best", gazetteer,
                                                labels).items()}
            scoring = time.perf_counter() - t0
            results[src.name] = row
            report["folds"][src.name] = {"counts": counts, "train_seconds": round(seconds),
                                         "dev": dev_scores(fold / "model" / "model-best"),
                                         "scoring_seconds": round(scoring)}
            print(markdown_table({src.name: row}, [*BASELINES, *MODEL_NAMES]), flush=True)
    if not args.skip_final:
        from geoparser.recognition.toponym_model import MODEL_DIR

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
        report["final"] = {"counts": counts, "train_seconds": round(seconds), "bytes": size,
                           "dev": dev_scores(fold / "model" / "model-best"),
                           "path": str(target)}
        print(f"train-ner: shipped {target} ({size / 1e6:.1f} MB)")
    report["results"] = results
    report["wall_seconds"] = round(time.perf_counter() - t_start)
    table = markdown_table(results, [*BASELINES, *MODEL_NAMES]) if results else ""
    args.work.mkdir(parents=True, exist_ok=True)
    (args.work / "cross-corpus.json").write_text(json.dumps(report, indent=2) + "\n",
                                                 encoding="utf-8")
    (args.work / "cross-corpus.md").write_text(table, encoding="utf-8")
    print(table)
    print(f"train-ner: {report['wall_seconds']} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
