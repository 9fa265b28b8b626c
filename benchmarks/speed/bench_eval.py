"""``make bench-eval``: whole-process time of ``toposcope score --scheme semeval`` with CSV
output and with JSON output (per-document detail) against a script running nervaluate 1.2.1 on
the same JSONL, in the same run, with the counts of both outputs checked equal to nervaluate's.

    python -m benchmarks.speed.bench_eval [--docs 100000] [--seed 4] [--repeat 3]
        [--workdir build/bench-eval]

Each repetition runs the three commands as fresh processes, the order rotated from one
repetition to the next, and times each from start to exit (wall and CPU time, ``wait4``); the
ratios are given per repetition, as their range and for the medians, with the machine's load.
Every run reads compiled bytecode (``warm_up``), as an installed package would.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import islice
from pathlib import Path

from benchmarks.speed.process import Run, load_average, measure

MEASURES = ("strict", "exact", "partial", "type")
FIELDS = ("correct", "incorrect", "partial", "missed", "spurious")
CASES = ("csv", "json", "nervaluate")


def csv_counts(path: Path) -> dict[str, list[int]]:
    with path.open(encoding="utf-8", newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if r["scope"] == "overall"]
    return {r["measure"]: [int(r[f]) for f in FIELDS] for r in rows}


def json_counts(path: Path) -> dict[str, list[int]]:
    overall = json.loads(path.read_text(encoding="utf-8"))["overall"]
    return {m: [int(overall[m][f]) for f in FIELDS] for m in MEASURES}


def counts_of(case: str, path: Path) -> dict[str, list[int]]:
    if case == "csv":
        return csv_counts(path)
    if case == "json":
        return json_counts(path)
    return json.loads(path.read_text(encoding="utf-8"))


def commands_for(gold: Path, pred: Path) -> dict[str, list[str]]:
    toposcope = str(Path(sys.executable).parent / "toposcope")
    ours = [toposcope, "score", "--scheme", "semeval", "--gold", str(gold), "--pred", str(pred),
            "--format"]
    return {"csv": [*ours, "csv"], "json": [*ours, "json"],
            "nervaluate": [sys.executable, "-m", "benchmarks.speed.nervaluate_score",
                           str(gold), str(pred)]}


def warm_up(tmp: Path, gold: Path, pred: Path) -> None:
    """Make every timed run read compiled bytecode, as an installed package does: a cache
    under ``tmp`` for every module (ours are an editable install, and a development shell
    may set PYTHONDONTWRITEBYTECODE, which made each of our runs compile some 700 modules
    while nervaluate's came compiled from its wheel), filled by one untimed run of each
    command on the first 100 documents."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(tmp / "bytecode")
    small = {}
    for path in (gold, pred):
        with path.open(encoding="utf-8") as fh:
            small[path] = tmp / f"warm-{path.name}"
            small[path].write_text("".join(islice(fh, 100)), encoding="utf-8")
    for command in commands_for(small[gold], small[pred]).values():
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workdir", type=Path, default=Path("build/bench-eval"))
    args = ap.parse_args()
    started = time.perf_counter()
    data = args.workdir / f"docs{args.docs}-seed{args.seed}"
    gold, pred = data / "gold.jsonl", data / "pred.jsonl"
    if not (gold.exists() and pred.exists()):
        print(f"generating {args.docs} synthetic documents into {data}/ ...", flush=True)
        subprocess.run([sys.executable, "-m", "benchmarks.speed.synthetic",
                        "--docs", str(args.docs), "--seed", str(args.seed), "--out", str(data)],
                       check=True)
    commands = commands_for(gold, pred)
    runs: dict[str, list[Run]] = {c: [] for c in CASES}
    counts: dict[str, dict[str, list[int]]] = {}
    with tempfile.TemporaryDirectory(prefix="toposcope-bench-eval-") as tmp:
        warm_up(Path(tmp), gold, pred)
        for k in range(args.repeat):
            order = CASES[k % 3:] + CASES[:k % 3]
            for case in order:
                out = Path(tmp) / f"{case}.out"
                runs[case].append(measure(case, args.docs, commands[case], stdout=out))
                counts[case] = counts_of(case, out)
            r = {c: runs[c][-1] for c in CASES}
            print(f"run {k + 1} (load {r[order[0]].load:.1f}): CSV {r['csv'].seconds:.2f} s, "
                  f"JSON {r['json'].seconds:.2f} s, nervaluate {r['nervaluate'].seconds:.2f} s",
                  flush=True)
    equal = {c: all(counts[c][m] == counts["nervaluate"][m] for m in MEASURES)
             for c in ("csv", "json")}
    print(f"\n{args.docs} documents, {sum(1 for _ in gold.open())} gold lines; "
          f"{platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}; load average now {load_average():.1f}")
    print("| measure | COR | INC | PAR | MIS | SPU |")
    print("|---|---:|---:|---:|---:|---:|")
    for m in MEASURES:
        print(f"| {m} | " + " | ".join(str(v) for v in counts["csv"][m]) + " |")
    for c in ("csv", "json"):
        print(f"counts of --format {c} identical to nervaluate 1.2.1: "
              f"{'yes' if equal[c] else 'NO'}")
    print("\n| run | load | CSV s | JSON s | nervaluate s | ratio CSV | ratio JSON |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    theirs = runs["nervaluate"]
    for k in range(args.repeat):
        c, j, n = runs["csv"][k], runs["json"][k], theirs[k]
        print(f"| {k + 1} | {min(c.load, j.load, n.load):.1f}–{max(c.load, j.load, n.load):.1f}"
              f" | {c.seconds:.2f} | {j.seconds:.2f} | {n.seconds:.2f} "
              f"| {n.seconds / c.seconds:.1f}× | {n.seconds / j.seconds:.1f}× |")
    summary = {}
    for c in ("csv", "json"):
        ratios = [n.seconds / o.seconds for n, o in zip(theirs, runs[c], strict=True)]
        cpu_ratios = [n.cpu_seconds / o.cpu_seconds for n, o in zip(theirs, runs[c], strict=True)]
        med = statistics.median(r.seconds for r in runs[c])
        their_med = statistics.median(r.seconds for r in theirs)
        summary[c] = their_med / med
        print(f"--format {c}: median {med:.2f} s against {their_med:.2f} s, ratio "
              f"{their_med / med:.1f}× (runs {min(ratios):.1f}–{max(ratios):.1f}×; by CPU time "
              f"{min(cpu_ratios):.1f}–{max(cpu_ratios):.1f}×); peak RSS "
              f"{max(r.max_rss_mb for r in runs[c]):.0f} MB against "
              f"{max(r.max_rss_mb for r in theirs):.0f} MB")
    print(f"\nthe whole benchmark took {time.perf_counter() - started:.0f} s")
    if not all(equal.values()):
        print("nervaluate:", counts["nervaluate"])
        sys.exit(1)


if __name__ == "__main__":
    main()
