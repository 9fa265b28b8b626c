"""Accuracy on public corpora (``make bench-accuracy``): resolution and end-to-end geoparsing.

For every corpus found under ``../shared/corpora/`` (skipped, with a note, when absent):

* resolution from the gold mentions, for the ``population`` baseline and the ``context``
  policy (which may use the other toponyms ``en_core_web_sm`` finds in the text as evidence,
  as a reader would; only the gold mentions are resolved and scored): n, accuracy@161 km and
  AUC over all gold toponyms with coordinates, mean and median error, and the gazetteer's
  candidate recall@161 km (the ceiling no policy can pass);
* end to end with ``en_core_web_sm`` and the ``context`` policy: SemEval exact and partial F1
  for recognition (gold labels are toponym types such as Literal/Metonymic, not NER types, so
  types are ignored: exact = strict without the type test), and accuracy@161 over the
  toponyms recognised with the right span;
* where the context policy's remaining errors come from (the ``errors`` scheme).

Writes ``results/bench-accuracy.md``, ``.json`` and an error-distance plot, and prints the
Markdown. Run:
``python -m benchmarks.accuracy.bench_accuracy [--shared ../shared] [--out results]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import replace
from pathlib import Path

from benchmarks.public_corpora import CORPORA, ROOT, SHARED, gold_mentions, load
from evaluation.reports.plots import error_distance_plot
from evaluation.schemes import score
from evaluation.schemes.candidate_recall import candidate_recall
from evaluation.schemes.distance import MAX_ERROR_KM, auc
from geoparser.gazetteers import create_gazetteer
from geoparser.io.atomic import write_files_atomic
from geoparser.model import Document
from geoparser.pipeline import recognise, resolve
from geoparser.recognition import create_recogniser
from geoparser.resolution import create_policy

#: Published accuracy@161 for resolution from gold mentions, to read the table against.
PUBLISHED = {
    "GeoVirus": "population 0.80, CamCoder 0.82 (Gritta et al. 2018)",
    "WikToR": "population 0.22, CamCoder 0.65 (Gritta et al. 2018)",
    "GeoWebNews": "Mordecai 3: 0.94 (Halterman 2023)",
    "SemEval-2019 T12 (train)": "—",
}


def n_scorable(gold: list[Document]) -> int:
    return sum(1 for d in gold for t in d.toponyms if t.has_point and t.start is not None)


def all_toponyms_row(errors_km: list[float], n_all: int) -> dict:
    """Accuracy@161 and AUC over *all* gold toponyms with coordinates, as published figures
    count them: a toponym left unresolved is wrong, at the maximum error (20,039 km)."""
    unresolved = n_all - len(errors_km)
    padded = list(errors_km) + [MAX_ERROR_KM] * unresolved
    return {
        "n": n_all, "unresolved": unresolved,
        "accuracy_161": sum(e <= 161.0 for e in errors_km) / n_all if n_all else None,
        "auc": auc(padded),
        "mean_km": statistics.fmean(errors_km) if errors_km else None,
        "median_km": statistics.median(errors_km) if errors_km else None,
    }


def errors_of(gold, parsed) -> dict:
    preds = {p.document.id: p.predictions(with_candidates=True) for p in parsed}
    return score("errors", gold, preds, "span").to_json()["disambiguation"]


def run_corpus(name: str, gold: list[Document], gazetteer, recogniser) -> dict:
    row: dict = {"corpus": name, "documents": len(gold),
                 "gold toponyms": sum(len(d.toponyms) for d in gold)}
    recall = candidate_recall(gold, gazetteer)
    row["candidate recall@161"] = recall.recall
    mentions = [gold_mentions(d) for d in gold]
    t0 = time.perf_counter()
    recognised = recognise(recogniser, gold)
    row["recognition seconds"] = round(time.perf_counter() - t0, 1)
    # The context policy may use the toponyms NER finds in the text as evidence (not output).
    context = {p.document.id: p.mentions for p in recognised}
    errors_km = {}
    for policy in ("population", "context"):
        t0 = time.perf_counter()
        parsed = resolve(mentions, gazetteer, create_policy(policy), context_mentions=context)
        row[f"{policy} seconds"] = round(time.perf_counter() - t0, 1)
        errs = _errors_km(gold, parsed)
        errors_km[policy] = errs
        row[policy] = all_toponyms_row(errs, n_scorable(gold))
        if policy == "context":
            row["context errors"] = errors_of(gold, parsed)
    # End to end: recognise with the model, resolve with the context policy.
    t0 = time.perf_counter()
    parsed = resolve(recognised, gazetteer, create_policy("context"))
    row["end-to-end seconds"] = round(time.perf_counter() - t0, 1)
    untyped = [replace(d, toponyms=tuple(replace(t, label=None) for t in d.toponyms))
               for d in gold]
    preds = {p.document.id: p.predictions() for p in parsed}
    sem = score("semeval", untyped, preds, "span").to_json()["overall"]
    row["e2e exact F1"] = sem["exact"]["f1"]
    row["e2e partial F1"] = sem["partial"]["f1"]
    row["e2e"] = score("distance", gold, preds, "span").to_json()["overall"]
    row["_errors_km"] = errors_km
    return row


def _errors_km(gold, parsed) -> list[float]:
    from geoparser.distance import distance_km

    out = []
    for doc, p in zip(gold, parsed, strict=True):
        by_span = {(r.mention.start, r.mention.end): r for r in p.resolutions}
        for t in doc.toponyms:
            r = by_span.get((t.start, t.end))
            if t.has_point and r and r.candidate and r.candidate.has_point:
                out.append(distance_km(t.lat, t.lon, r.candidate.lat, r.candidate.lon))
    return out


def fmt(v) -> str:
    return "—" if v is None else f"{v:.3f}" if isinstance(v, float) else str(v)


def markdown(rows: list[dict], command: str, seconds: float) -> str:
    lines = [
        "# Accuracy on public corpora",
        "",
        f"Produced by `{command}` in {seconds:.0f} s. Offline gazetteer; tolerance 161 km.",
        "",
        "## Resolution from gold mentions",
        "",
        "| corpus | n | candidate recall@161 | population acc@161 | context acc@161 | "
        "population AUC | context AUC | context mean km | context median km | published "
        "acc@161 |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        p, c = r["population"], r["context"]
        lines.append(
            f"| {r['corpus']} | {c['n']} | {fmt(r['candidate recall@161'])} | "
            f"{fmt(p['accuracy_161'])} | {fmt(c['accuracy_161'])} | {fmt(p['auc'])} | "
            f"{fmt(c['auc'])} | {fmt(c['mean_km'] and round(c['mean_km']))} | "
            f"{fmt(c['median_km'] and round(c['median_km'], 1))} | {PUBLISHED[r['corpus']]} |")
    lines += [
        "",
        "n counts gold toponyms with coordinates and offsets; accuracy and AUC are over all of "
        "them, a toponym left unresolved (no candidate) counting as wrong, at 20,039 km for the "
        "AUC; mean and median are over the resolved ones. AUC: area under ln(1 + error km) / "
        "ln(20039) over sorted errors (Gritta et al. 2018), lower is better. Candidate recall is "
        "the ceiling for any policy with this gazetteer.",
        "",
        "## End to end (`en_core_web_sm`, context policy)",
        "",
        "| corpus | documents | exact F1 | partial F1 | matched toponyms | acc@161 over matched |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        e = r["e2e"]
        lines.append(f"| {r['corpus']} | {r['documents']} | {fmt(r['e2e exact F1'])} | "
                     f"{fmt(r['e2e partial F1'])} | {e['n']} | {fmt(e['accuracy_161'])} |")
    lines += [
        "",
        "Exact = SemEval strict without the type test (the corpora's labels are toponym types, "
        "not NER types). Published end-to-end recognition F1 on GeoWebNews (partial): "
        "Edinburgh Geoparser 0.65, spaCy + population 0.54 (Wang & Hu 2019).",
        "",
        "## Where the context policy's errors come from (resolution from gold mentions)",
        "",
        "| corpus | errors | wrong_candidates | multiple_candidates | rare | demonym | metonymy "
        "| partial_name | other |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        e = r["context errors"]
        lines.append(f"| {r['corpus']} | " + " | ".join(str(e[k]) for k in (
            "all", "wrong_candidates", "multiple_candidates", "rare", "demonym", "metonymy",
            "partial_name", "other")) + " |")
    lines += [
        "",
        "`wrong_candidates`: the gold place is not among the candidates (a gazetteer gap); "
        "`multiple_candidates`: it is, and another was chosen; `rare`: the most populous was "
        "chosen but the gold is another (categories can overlap, as in ELEVANT).",
        "",
        "![Error distance](bench-accuracy-errors.png)",
    ]
    return "\n".join(lines) + "\n"


LOCO_INTRO = """## Policies, leave one corpus out

Resolution from gold mentions, context toponyms from `en_core_web_sm`; for each corpus the
`learned` ranker is trained on the other three (`benchmarks/training/train_ranker.py`,
config `benchmarks/training/ranker.json`), the other policies are not trained. Through the
`distance` scheme;
accuracies over all gold toponyms with a point (unresolved = wrong), accuracy by GeoNames id
over those with an id. See docs/resolution.md.
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--out", type=Path, default=ROOT / "results")
    ap.add_argument("--only", help="comma-separated corpus names (default: all found)")
    ap.add_argument("--no-ranker", action="store_true",
                    help="skip the leave-one-corpus-out table of the policies")
    args = ap.parse_args(argv)
    corpora_dir = args.shared / "corpora"
    if not corpora_dir.is_dir():
        print(f"bench-accuracy: skipped: no corpora at {corpora_dir}")
        return 0
    t0 = time.perf_counter()
    gazetteer = create_gazetteer("offline")
    recogniser = create_recogniser("en_core_web_sm")
    rows = []
    wanted = set(args.only.split(",")) if args.only else None
    for name, converter, rel in CORPORA:
        if wanted and name not in wanted:
            continue
        path = corpora_dir / rel
        if not path.exists():
            print(f"bench-accuracy: {name}: skipped, {path} not found")
            continue
        gold = load(converter, path)
        print(f"bench-accuracy: {name}: {len(gold)} documents", flush=True)
        rows.append(run_corpus(name, gold, gazetteer, recogniser))
    loco_rows, loco_table = [], ""
    if not args.no_ranker and not wanted:
        from benchmarks.training.train_ranker import leave_one_corpus_out

        loco_rows, loco_table, _ = leave_one_corpus_out(args.shared, gazetteer)
    seconds = time.perf_counter() - t0
    command = "make bench-accuracy"
    report = markdown(rows, command, seconds)
    if loco_table:
        report += "\n" + LOCO_INTRO + "\n" + loco_table + "\n"
    curves = {f"{r['corpus']} {pol}": r["_errors_km"][pol] for r in rows
              for pol in ("population", "context")}
    totals = {f"{r['corpus']} {pol}": r[pol]["n"] for r in rows
              for pol in ("population", "context")}
    plot = error_distance_plot(curves, None, "Resolution from gold mentions: error distance",
                               n_total=totals)
    clean = [{k: v for k, v in r.items() if not k.startswith("_")} for r in rows]
    if loco_rows:
        clean.append({"leave-one-corpus-out": loco_rows})
    write_files_atomic({
        args.out / "bench-accuracy.md": report,
        args.out / "bench-accuracy.json": json.dumps(clean, indent=2) + "\n",
        args.out / "bench-accuracy-errors.png": plot,
    })
    print(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
