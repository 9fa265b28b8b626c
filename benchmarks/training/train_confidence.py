"""``make train-confidence``: fit the confidence models on the shared corpora, validated with
each corpus held out, and write ``geoparser/data/confidence.json``.

For each policy in ``confidence.json`` (the committed config, fixed seed): rows from
``confidence_data`` (the default recogniser's toponyms that are exactly gold toponyms with a
point, placed by the policy, labelled right within 161 km), found by the shipped tagger
(in-sample on the corpora it learnt; ``--fold-taggers DIR``: each document by a tagger that
never saw it, ``confidence_taggers``, measured and not the shipped recipe: docs/confidence.md).
``fit`` trains a LightGBM classifier and calibrates it by Platt scaling on out-of-fold scores
of its own training corpora (each left out in turn), so calibration never sees the rows it is
applied to. The table gives, per held-out corpus, a model fitted on the other corpora:
expected calibration error (10 equal-width bins), acc@161 of all placed toponyms and of the
80% most confident, and the Brier score. The minimum confidence is then chosen on the
pooled held-out predictions: the threshold that maximises right points minus wrong points (a
wrong point on a map costs what a right one is worth). The shipped model is fitted on every corpus.

The rows of ``learned`` come from rankers that never saw their corpus (``ranker_folds``).
``--policies`` refits only the policies named and keeps the others' models in the file.
Run: ``python -m benchmarks.training.train_confidence [--fold-taggers DIR] [--no-write]
[--policies NAME ...]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.public_corpora import SHARED
from benchmarks.training.confidence_data import ConfidenceRows, corpus_documents, rows_for
from evaluation.calibration import TOP_SHARE, expected_calibration_error, most_confident
from geoparser.errors import UsageError
from geoparser.gazetteers import create_gazetteer
from geoparser.io.atomic import write_bytes_atomic
from geoparser.resolution import create_policy
from geoparser.resolution.confidence import (
    CONFIDENCE_FEATURES,
    MODEL_PATH,
    FittedModel,
    calibrated,
)

CONFIG = Path(__file__).resolve().parent / "confidence.json"


def train_booster(x: np.ndarray, y: np.ndarray, config: dict[str, Any],
                  features: tuple[str, ...] = CONFIDENCE_FEATURES,
                  categorical: tuple[str, ...] = (), weight: np.ndarray | None = None):
    import lightgbm

    data = lightgbm.Dataset(x, y, weight=weight, feature_name=list(features),
                            categorical_feature=list(categorical) or "auto", free_raw_data=False)
    return lightgbm.train(config["lightgbm"], data, config["num_boost_round"])


def platt(raw: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """The (a, b) of ``calibrated`` that minimise log loss on ``raw`` scores and labels."""
    from scipy.optimize import minimize

    def loss(ab: np.ndarray) -> float:
        p = np.clip(calibrated(raw, ab[0], ab[1]), 1e-12, 1 - 1e-12)
        return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))

    best = minimize(loss, np.array([1.0, 0.0]), method="Nelder-Mead",
                    options={"xatol": 1e-6, "fatol": 1e-9, "maxiter": 2000})
    return float(best.x[0]), float(best.x[1])


def fit(parts: dict[str, ConfidenceRows], config: dict[str, Any]):
    """A booster on every part and its Platt calibration on out-of-fold scores, each part
    scored by a booster trained on the others."""
    names = sorted(parts)
    raw, labels = [], []
    for held in names:
        rest = [n for n in names if n != held]
        if not rest or not len(parts[held].y):
            continue
        b = train_booster(np.vstack([parts[n].x for n in rest]),
                          np.concatenate([parts[n].y for n in rest]), config)
        raw.append(b.predict(parts[held].x, raw_score=True))
        labels.append(parts[held].y)
    booster = train_booster(np.vstack([parts[n].x for n in names]),
                            np.concatenate([parts[n].y for n in names]), config)
    a, b = platt(np.concatenate(raw), np.concatenate(labels)) if raw else (1.0, 0.0)
    return booster, a, b


def top_accuracy(p: np.ndarray, y: np.ndarray) -> float:
    """acc@161 of the 80% most confident."""
    return float(y[most_confident(p, TOP_SHARE)].mean())


def scores(name: str, p: np.ndarray, y: np.ndarray) -> dict[str, Any]:
    """How well confidences ``p`` fit outcomes ``y`` on one corpus."""
    return {"held_out": name, "n": len(y), "acc161": float(y.mean()),
            "mean_confidence": float(p.mean()), "ece": expected_calibration_error(p, y),
            "acc161_top80": top_accuracy(p, y), "brier": float(np.mean((p - y) ** 2))}


def fitted_without(parts: dict[str, ConfidenceRows], left_out: Iterable[str],
                   config: dict[str, Any]) -> FittedModel:
    """The model ``fit`` on every part but ``left_out``: what a left-out corpus is scored by,
    here and where the span decision reads the confidence (``confidence_folds``)."""
    left_out = set(left_out)
    return FittedModel(*fit({n: v for n, v in parts.items() if n not in left_out}, config))


def held_out_table(parts: dict[str, ConfidenceRows], config: dict[str, Any]
                   ) -> tuple[list[dict[str, Any]], np.ndarray, np.ndarray]:
    rows, ps, ys = [], [], []
    for held in sorted(parts):
        if len(parts) < 2 or not len(parts[held].y):
            continue
        fitted = fitted_without(parts, {held}, config)
        booster, a, b = fitted.booster, fitted.a, fitted.b
        whole = parts[held].subset(~parts[held].alone)
        p = calibrated(booster.predict(whole.x, raw_score=True), a, b)
        y = whole.y
        rows.append(scores(held, p, y))
        lone = parts[held].subset(parts[held].alone)
        if len(lone.y):
            q = calibrated(booster.predict(lone.x, raw_score=True), a, b)
            rows.append(scores(f"{held}, toponyms alone", q, lone.y))
        ps.append(p)
        ys.append(y)
    return rows, np.concatenate(ps), np.concatenate(ys)


def best_threshold(p: np.ndarray, y: np.ndarray) -> tuple[float, list[dict[str, float]]]:
    """The minimum confidence (0.00 to 0.95 by 0.05) that maximises right minus wrong points;
    ties go to the lowest."""
    table = []
    for t in np.round(np.arange(0.0, 0.951, 0.05), 2).tolist():
        keep = p >= t
        right, wrong = float(y[keep].sum()), float((1 - y[keep]).sum())
        table.append({"min_confidence": t, "placed": float(keep.mean()),
                      "acc161_placed": right / max(keep.sum(), 1), "net": right - wrong,
                      "right_lost": float(y[~keep].sum())})
    best = max(table, key=lambda r: (r["net"], -r["min_confidence"]))
    return best["min_confidence"], table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=SHARED / "corpora")
    ap.add_argument("--fold-taggers", type=Path, default=None, metavar="DIR",
                    help="each corpus's rows from a tagger in DIR that never saw it (the fold "
                         "and part taggers of `make train-ner`), not the shipped tagger")
    ap.add_argument("--no-write", action="store_true", help="measure only")
    ap.add_argument("--policies", nargs="*",
                    help="refit only these, keeping the others' models in the file (default: "
                         "every policy of the config)")
    args = ap.parse_args(argv)
    config = json.loads(CONFIG.read_text(encoding="utf-8"))
    try:
        docs = corpus_documents(config, args.corpora, args.fold_taggers)
    except UsageError as exc:
        print(f"train-confidence: error: {exc}", file=sys.stderr)
        return 2
    extra = {n: docs.pop(n) for n in config.get("also_tested_on", ()) if n in docs}
    docs = {n: v for n, v in docs.items() if n in config["corpora"]}
    if len(docs) < 2:
        print("train-confidence: needs at least two shared corpora; skipped")
        return 0
    gazetteer = create_gazetteer("offline")
    models, report = {}, {}
    for name in args.policies or config["policies"]:
        policy_for = policies_for(name, args.corpora.parent, gazetteer, [*docs, *extra])
        parts = {corpus: rows_for(parsed, gazetteer, policy_for[corpus],
                                  config["alone_per_document"])
                 for corpus, parsed in docs.items()}
        rows, p, y = held_out_table(parts, config)
        threshold, thresholds = best_threshold(p, y)
        booster, a, b = fit(parts, config)  # every training corpus: the shipped model
        for corpus, parsed in extra.items():
            other = rows_for(parsed, gazetteer, policy_for[corpus])
            q = calibrated(booster.predict(other.x, raw_score=True), a, b)
            rows.append(scores(f"{corpus} (not trained on)", q, other.y))
        print(f"\n## {name}\n\n| held out | n | acc@161 | mean conf. | ECE | acc@161 top 80% "
              "| Brier |\n|---|---|---|---|---|---|---|")
        for r in rows:
            print(f"| {r['held_out']} | {r['n']} | {r['acc161']:.3f} | "
                  f"{r['mean_confidence']:.3f} | {r['ece']:.3f} | {r['acc161_top80']:.3f} | "
                  f"{r['brier']:.3f} |")
        print(f"\npooled held-out: ECE {expected_calibration_error(p, y):.3f}, acc@161 top 80% "
              f"{top_accuracy(p, y):.3f}; chosen minimum confidence {threshold:.2f}")
        print("\n| min conf. | placed | acc@161 placed | right lost | net |\n|---|---|---|---|---|")
        for t in thresholds:
            print(f"| {t['min_confidence']:.2f} | {t['placed']:.3f} | {t['acc161_placed']:.3f} "
                  f"| {t['right_lost']:.0f} | {t['net']:.0f} |")
        models[name] = {"booster": booster.model_to_string(), "platt": [a, b],
                        "min_confidence": threshold,
                        "rows": {c: int(len(v.y)) for c, v in parts.items()}}
        report[name] = {"held_out": rows, "thresholds": thresholds}
    if not args.no_write:
        existing = (json.loads(MODEL_PATH.read_text(encoding="utf-8"))
                    if args.policies and MODEL_PATH.is_file() else None)
        try:
            data = model_file(models, report, config, sorted(docs), existing)
        except UsageError as exc:
            print(f"train-confidence: error: {exc}", file=sys.stderr)
            return 2
        write_bytes_atomic(MODEL_PATH, (json.dumps(data, indent=1) + "\n").encode())
        print(f"\nwrote {MODEL_PATH}")
    return 0


def policies_for(name: str, shared: Path, gazetteer, corpora: list[str]) -> dict[str, Any]:
    """The policy ``name`` each corpus's rows are resolved by: for ``learned``, a ranker that
    never saw the corpus (``ranker_folds``: no in-sample stacking); any other policy learnt
    nothing from the corpora and is the same for all."""
    if name == "learned":
        from benchmarks.training.ranker_folds import fold_policies

        return fold_policies(shared, gazetteer, corpora)
    policy = create_policy(name)
    return dict.fromkeys(corpora, policy)


def model_file(models: dict[str, Any], report: dict[str, Any], config: dict[str, Any],
               trained_on: list[str], existing: dict[str, Any] | None = None
               ) -> dict[str, Any]:
    """``confidence.json``'s data for the policies fitted now. With ``existing`` (the file as
    it was, when only some policies were refitted: ``--policies``), every other policy's model
    and report stays as it was, so refitting one never drops the default's; that file must
    have been fitted with the same features, config and corpora."""
    data = {"features": list(CONFIDENCE_FEATURES), "config": config, "trained_on": trained_on,
            "models": dict(models), "held_out": dict(report)}
    if existing is None:
        return data
    for key in ("features", "config", "trained_on"):
        if existing.get(key) != data[key]:
            raise UsageError(f"{MODEL_PATH.name} was fitted with other {key.replace('_', ' ')}"
                             f"; refit every policy (no --policies)")
    order = [*config["policies"], *models]
    for part in ("models", "held_out"):
        kept = {**existing.get(part, {}), **data[part]}
        data[part] = {name: kept[name] for name in dict.fromkeys(order) if name in kept}
    return data


if __name__ == "__main__":
    raise SystemExit(main())
