"""``make train-decision``: fit the span decision on the shared corpora, out of fold, and write
``geoparser/data/span_decision.json``.

1. Rows (``decision_data``): each corpus's spans as the default recogniser proposes them on the
   fold tagger that never saw the corpus, resolved as ``parse`` resolves them; their points'
   confidence from the shipped model (``--fold-confidence``: one that never saw the corpus).
2. Two classifiers (LightGBM, ``decision.json``: committed config, fixed seed): the span model
   (is the span a gold toponym?) over every row, and the marker model (a gold toponym placed
   within 161 km?) over the placed rows whose label is known. Each is calibrated by Platt
   scaling on out-of-fold scores of its own training corpora (``train_confidence.fit``).
3. Held out: for each corpus, models fitted on the other two, their thresholds chosen on those
   two (each scored by a model that never saw it), then applied to the held-out corpus. The
   table gives, with and without the decision: exact-span precision, false positives per 100
   gold, end-to-end acc@161 and by GeoNames id, the markers drawn, the share right, the
   marker-level expected calibration error (10 bins) and the share right of the 80% most
   confident markers.
4. Thresholds: the highest span threshold that costs no corpus more than ``acc_budget`` of
   its acc@161, then the minimum marker confidence that maximises right minus wrong markers
   among those that cost no corpus more than another ``acc_budget``, both on out-of-fold
   predictions; then the span threshold of a toponym output without a marker, the highest
   that costs no corpus more than ``recall_budget`` of its gold toponyms found
   (``decision_thresholds``); the shipped models are fitted on every corpus. The table of
   each corpus's documents scored by models that never saw them (document folds) is printed
   beside it.

Run: ``python -m benchmarks.training.train_decision [--corpora DIR] [--work DIR] [--no-write]``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.training.confidence_folds import ConfidenceFolds
from benchmarks.training.decision_data import (
    DecisionCorpus,
    DecisionPart,
    DecisionRows,
    corpus_rows,
    rows_key,
    rows_path,
    taggers_for,
)
from benchmarks.training.decision_tables import markdown, outcome
from benchmarks.training.decision_thresholds import (
    Pooled,
    Thresholds,
    choose,
    decided,
    marker_minimum,
    unbounded_minimum,
)
from benchmarks.training.document_parts import document_part
from benchmarks.training.train_confidence import platt, train_booster
from evaluation.reports.trained_on import decision_fingerprints_path, fingerprints_json
from geoparser.decision.features import CATEGORICAL, PROPOSERS, SPAN_FEATURES
from geoparser.decision.span_decision import (
    MODEL_PATH,
    CalibratedModel,
    marker_probabilities,
    span_probabilities,
    thresholds_of,
)
from geoparser.io.atomic import write_bytes_atomic
from geoparser.resolution.confidence import calibrated

CONFIG = Path(__file__).resolve().parent / "decision.json"


def document_parts(parts: dict[str, DecisionRows], folds: int) -> list[DecisionPart]:
    """Each corpus cut into ``folds`` parts by whole documents (every ``folds``-th of its
    sorted ids), weighted so that each corpus weighs what the others do; the rows its
    convention masks (``DecisionRows.masked``: a kind it leaves out) weigh nothing."""
    out = []
    for name, rows in parts.items():
        fold_of = document_part(rows.documents, folds)
        which = np.asarray([fold_of[d] for d in rows.documents])
        w = np.full(len(rows.toponym), 1000.0 / max(len(rows.toponym), 1))
        w[rows.masked] = 0.0
        out += [DecisionPart(name, rows, which == k, w) for k in range(folds)]
    return out


def _fit_head(parts: list[DecisionPart], head: str, config: dict[str, Any]):
    xs, ys, ws = zip(*(p.labelled(head) for p in parts), strict=True)
    return train_booster(np.vstack(xs), np.concatenate(ys), config, SPAN_FEATURES, CATEGORICAL,
                         np.concatenate(ws))


def fit_models(parts: list[DecisionPart], config: dict[str, Any]
               ) -> tuple[dict[str, Any], list[tuple[np.ndarray, np.ndarray]]]:
    """Both heads fitted on ``parts``, each calibrated by Platt scaling on out-of-fold raw
    scores (each part scored by boosters fitted on the others); also each part's out-of-fold
    calibrated (span, marker) probabilities, for choosing thresholds."""
    models: dict[str, Any] = {}
    raw: dict[str, list[np.ndarray]] = {"span": [], "marker": []}
    for k, part in enumerate(parts):
        rest = [p for j, p in enumerate(parts) if j != k]
        for head in ("span", "marker"):
            raw[head].append(_fit_head(rest, head, config).predict(part.x, raw_score=True))
    for head in ("span", "marker"):
        use = [p.labelled(head) for p in parts]
        oof = np.concatenate([r[p.fitted_rows(head)] for r, p in zip(raw[head], parts,
                                                                     strict=True)])
        a, b = platt(oof, np.concatenate([u[1] for u in use]))
        models[head] = (_fit_head(parts, head, config), a, b)
    oof_p = [(span_probabilities(parts[k].x, calibrated(raw["span"][k], *models["span"][1:])),
              marker_probabilities(parts[k].x, calibrated(raw["marker"][k],
                                                          *models["marker"][1:])))
             for k in range(len(parts))]
    return models, oof_p


def probabilities(models: dict[str, Any], rows: DecisionRows) -> tuple[np.ndarray, np.ndarray]:
    """What ``SpanDecision`` gives each row: the span and marker probabilities (a people's
    adjective in a thing's name or a language is no toponym, ``span_decision.lexical``)."""
    span, marker = CalibratedModel(*models["span"]), CalibratedModel(*models["marker"])
    return (span_probabilities(rows.x, span.probabilities(rows.x)),
            marker_probabilities(rows.x, marker.probabilities(rows.x)))


def shipped_models() -> tuple[dict[str, Any], Thresholds] | None:
    """The shipped decision's two models and thresholds, to score beside a refit (``None``
    when none ships, or it reads other features)."""
    if not MODEL_PATH.is_file():
        return None
    data = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    if data.get("features") != list(SPAN_FEATURES):
        return None
    import lightgbm as lgb

    models = {head: (lgb.Booster(model_str=data[head]["booster"]), *data[head]["platt"])
              for head in ("span", "marker")}
    return models, Thresholds(*thresholds_of(data))


def decision_runs(rows: DecisionRows, span_p: np.ndarray, marker_p: np.ndarray,
                  thresholds: Thresholds, marker_only: float) -> dict[str, dict[str, Any]]:
    """What ``rows`` give with these probabilities: no decision (today's minimum confidence),
    the decision at ``thresholds``, it with every unplaced span its span threshold keeps (no
    threshold of their own), it with every kept span that has a point placed (a minimum of
    0), and no span rejected with markers held back by ``marker_only`` alone."""
    keep, placed = decided(rows, span_p, marker_p, thresholds)
    every_unplaced = thresholds._replace(keep_unplaced=thresholds.keep_at)
    everything = np.ones(len(rows.toponym), bool)
    return {"no_decision": outcome(rows, everything, rows.placed_today, None),
            "decision": outcome(rows, keep, placed, marker_p),
            "decision_every_unplaced": outcome(rows, *decided(rows, span_p, marker_p,
                                                               every_unplaced), marker_p),
            "decision_all_placed": outcome(rows, *decided(
                rows, span_p, marker_p, thresholds._replace(min_marker=0.0)), marker_p),
            "no_rejection": outcome(rows, everything, decided(
                rows, span_p, marker_p, Thresholds(0.0, marker_only, 0.0))[1], marker_p)}


def runs(rows: DecisionRows, models: dict[str, Any], thresholds: Thresholds,
         marker_only: float, shipped: tuple[dict[str, Any], Thresholds] | None
         ) -> dict[str, dict[str, Any]]:
    """``decision_runs`` of ``models`` on ``rows``, and the shipped decision's."""
    out = decision_runs(rows, *probabilities(models, rows), thresholds, marker_only)
    if shipped is not None:
        s_span, s_marker = probabilities(shipped[0], rows)
        out["shipped"] = outcome(rows, *decided(rows, s_span, s_marker, shipped[1]), s_marker)
    return out


def _threshold_columns(t: Thresholds) -> dict[str, float]:
    return {"keep_threshold": t.keep_at, "min_marker_confidence": t.min_marker,
            "keep_unplaced_threshold": t.keep_unplaced}


def held_out(parts: dict[str, DecisionRows], config: dict[str, Any],
             scored_on: dict[str, DecisionRows] | None = None) -> list[dict[str, Any]]:
    """Each corpus (``scored_on``'s, on its rows there, where given) scored by models fitted,
    and thresholds chosen, on the others."""
    table, shipped = [], shipped_models()
    for held in (scored := parts if scored_on is None else scored_on):
        rest = document_parts({n: r for n, r in parts.items() if n != held},
                              config["document_folds"])
        models, oof = fit_models(rest, config)
        thresholds = choose(rest, oof, config["acc_budget"], config["recall_budget"])
        marker_only = marker_minimum(Pooled(rest, oof), 0.0, config["acc_budget"])
        table.append({"held_out": held, **_threshold_columns(thresholds),
                      "no_rejection_min_marker_confidence": marker_only,
                      **runs(scored[held], models, thresholds, marker_only, shipped)})
    return table


def _corpus_oof(name: str, rows: DecisionRows, every: list[DecisionPart],
                oof: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """Corpus ``name``'s out-of-fold span and marker probabilities, row for row."""
    span_p, marker_p = np.zeros(len(rows.toponym)), np.zeros(len(rows.toponym))
    for part, (sp, mp) in zip(every, oof, strict=True):
        if part.corpus == name:
            span_p[part.keep], marker_p[part.keep] = sp, mp
    return span_p, marker_p


def document_folds(parts: dict[str, DecisionRows], every: list[DecisionPart],
                   oof: list[tuple[np.ndarray, np.ndarray]], thresholds: Thresholds,
                   config: dict[str, Any]) -> list[dict[str, Any]]:
    """Each corpus's documents scored by models that never saw them (``fit_models``'
    out-of-fold probabilities), at the thresholds chosen on them (the shipped ones): the
    ``decision_runs``, and the decision at the ``unbounded_minimum``."""
    unbounded = unbounded_minimum(every, oof, thresholds.keep_at)
    marker_only = marker_minimum(Pooled(every, oof), 0.0, config["acc_budget"])
    table = []
    for name, rows in parts.items():
        span_p, marker_p = _corpus_oof(name, rows, every, oof)
        fewer = decided(rows, span_p, marker_p, thresholds._replace(min_marker=unbounded))
        table.append({"held_out": name, **_threshold_columns(thresholds),
                      "unbounded_min_marker_confidence": unbounded,
                      "no_rejection_min_marker_confidence": marker_only,
                      **decision_runs(rows, span_p, marker_p, thresholds, marker_only),
                      "decision_unbounded_minimum": outcome(rows, *fewer, marker_p)})
    return table


def by_proposer(parts: dict[str, DecisionRows], every: list[DecisionPart],
                oof: list[tuple[np.ndarray, np.ndarray]], thresholds: Thresholds) -> str:
    """What each proposer's spans give, out of fold at the shipped thresholds: spans, gold
    toponyms among them, kept, kept and gold, kept and false, markers drawn right and wrong.
    A proposer whose kept spans add more false than gold would be one the decision made
    redundant."""
    column = SPAN_FEATURES.index("proposer")
    lines = ["| corpus | proposer | spans | gold | kept | kept gold | kept false | drawn right "
             "| drawn wrong |", "|---|---|" + "---:|" * 7]
    for name, rows in parts.items():
        span_p, marker_p = _corpus_oof(name, rows, every, oof)
        keep, placed = decided(rows, span_p, marker_p, thresholds)
        drawn, gold = keep & placed, rows.toponym == 1
        right, wrong = np.nan_to_num(rows.right) == 1, np.nan_to_num(rows.right, nan=1) == 0
        for k, category in enumerate(PROPOSERS):
            mine = rows.x[:, column] == k
            if mine.any():
                counts = [mine, mine & gold, mine & keep, mine & keep & gold, mine & keep & ~gold,
                          mine & drawn & right, mine & drawn & wrong]
                lines.append(f"| {name} | {category} | "
                             + " | ".join(str(int(c.sum())) for c in counts) + " |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=Path("../shared/corpora"))
    ap.add_argument("--work", type=Path, default=Path("build/train-ner"))
    ap.add_argument("--config", type=Path, default=CONFIG)
    ap.add_argument("--limit", type=int, default=None, help="documents per corpus (a trial)")
    ap.add_argument("--no-write", action="store_true", help="the table only, no model")
    ap.add_argument("--reuse-rows", action="store_true",
                    help="read the rows an earlier run saved in <work>/decision/ (rows_key)")
    ap.add_argument("--fold-confidence", action="store_true", help="rows read a confidence "
                    "model that never saw their corpus (confidence_folds), not the shipped one")
    args = ap.parse_args(argv)
    if not args.corpora.is_dir():
        print(f"train-decision: skipped: no corpora at {args.corpora}")
        return 0
    from geoparser.gazetteers import create_gazetteer
    from geoparser.resolution import create_policy

    config = json.loads(args.config.read_text(encoding="utf-8"))
    gazetteer, policy = create_gazetteer("offline"), create_policy(config["policy"])
    folds = ConfidenceFolds.from_corpora(args.corpora, policy, gazetteer, args.work) \
        if args.fold_confidence else None
    started = time.perf_counter()
    parts: dict[str, DecisionRows] = {}
    texts: dict[str, list[str]] = {}  # what the model learned from, fingerprinted beside it
    for corpus in map(DecisionCorpus.from_config, config["corpora"]):
        every = corpus.every_document(args.corpora)  # read once: checked, then rows
        docs = corpus.taken(every)[:args.limit]
        texts[corpus.name] = [d.text for d in docs]
        try:  # parts are cut over the whole corpus, as the part taggers were
            taggers = taggers_for(corpus, args.work, docs, [d.id for d in every])
        except ValueError as err:
            print(f"train-decision: {err}")
            return 2
        said = folds.describe(corpus.name, docs) if folds else "shipped confidence"
        key = rows_key(taggers, said)
        cache = rows_path(args.work, corpus.conventions, corpus.tagger, args.limit, bool(folds))
        rows = DecisionRows.load(cache, key) if args.reuse_rows and cache.is_file() else None
        if rows is None:  # none saved, or saved from other taggers, code or data: built again
            rows = corpus_rows(corpus, taggers, gazetteer, policy, folds and
                               folds.model_for(corpus.name, docs))
            rows.save(cache, key)
        parts[corpus.name] = rows
        print(f"train-decision: {corpus.name}: {len(rows.toponym)} spans, "
              f"{int(rows.masked.sum())} masked; {said}", flush=True)
    table = held_out(parts, config)
    print(markdown(table))
    report = {"config": config, "held_out": table}
    if not args.no_write:
        every = document_parts(parts, config["document_folds"])
        models, oof = fit_models(every, config)
        thresholds = choose(every, oof, config["acc_budget"], config["recall_budget"])
        data = {"features": list(SPAN_FEATURES), "proposers": list(PROPOSERS),
                "trained_on": list(parts), "recogniser": config["recogniser"],
                "policy": config["policy"], **_threshold_columns(thresholds),
                "span": {"booster": models["span"][0].model_to_string(),
                         "platt": [models["span"][1], models["span"][2]]},
                "marker": {"booster": models["marker"][0].model_to_string(),
                           "platt": [models["marker"][1], models["marker"][2]]}}
        write_bytes_atomic(MODEL_PATH, json.dumps(data).encode("utf-8"))
        write_bytes_atomic(decision_fingerprints_path(), fingerprints_json(texts).encode())
        report["shipped"] = _threshold_columns(thresholds)
        report["document_folds"] = document_folds(parts, every, oof, thresholds, config)
        print("Each corpus's documents scored by models that never saw them:")
        print(markdown(report["document_folds"], "corpus"))
        report["by_proposer"] = by_proposer(parts, every, oof, thresholds)
        print(report["by_proposer"])
        print(f"train-decision: wrote {MODEL_PATH} (keep at {thresholds.keep_at}, minimum "
              f"marker confidence {thresholds.min_marker}, unplaced kept at "
              f"{thresholds.keep_unplaced})")
    args.work.mkdir(parents=True, exist_ok=True)
    (args.work / "decision.json").write_text(json.dumps(report, indent=2) + "\n",
                                             encoding="utf-8")
    (args.work / "decision.md").write_text(markdown(table) + (
        "\n" + markdown(report["document_folds"], "corpus") + "\n" + report["by_proposer"]
        if "document_folds" in report else ""), encoding="utf-8")
    print(f"train-decision: {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
