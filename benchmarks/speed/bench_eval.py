"""``make bench-eval``: whole-process time of ``toposcope score --scheme semeval`` against a
script running nervaluate 1.2.1 on the same JSONL, in the same run, with the counts checked
equal.

    python -m benchmarks.speed.bench_eval [--docs 100000] [--seed 4] [--repeat 3]
        [--workdir build/bench-eval]

Each repetition runs both commands as fresh processes (toposcope first on odd repetitions,
nervaluate first on even ones) and times them with a wall clock; the medians are compared.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

MEASURES = ("strict", "exact", "partial", "type")
FIELDS = ("correct", "incorrect", "partial", "missed", "spurious")


def timed(cmd: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if proc.returncode:
        sys.exit(f"failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr}")
    return elapsed, proc.stdout


def toposcope_counts(out: str) -> dict[str, list[int]]:
    rows = [r for r in csv.DictReader(io.StringIO(out)) if r["scope"] == "overall"]
    return {r["measure"]: [int(r[f]) for f in FIELDS] for r in rows}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workdir", type=Path, default=Path("build/bench-eval"))
    args = ap.parse_args()
    data = args.workdir / f"docs{args.docs}-seed{args.seed}"
    gold, pred = data / "gold.jsonl", data / "pred.jsonl"
    if not (gold.exists() and pred.exists()):
        print(f"generating {args.docs} synthetic documents into {data}/ ...", flush=True)
        subprocess.run([sys.executable, "-m", "benchmarks.speed.synthetic",
                        "--docs", str(args.docs), "--seed", str(args.seed), "--out", str(data)],
                       check=True)
    toposcope = str(Path(sys.executable).parent / "toposcope")
    ours_cmd = [toposcope, "score", "--scheme", "semeval", "--gold", str(gold), "--pred",
                str(pred), "--format", "csv"]
    theirs_cmd = [sys.executable, "-m", "benchmarks.speed.nervaluate_score", str(gold), str(pred)]
    ours_t, theirs_t = [], []
    for k in range(args.repeat):
        pair = [(ours_cmd, ours_t), (theirs_cmd, theirs_t)]
        for cmd, times in pair if k % 2 == 0 else reversed(pair):
            elapsed, out = timed(cmd)
            times.append(elapsed)
            counts = toposcope_counts(out) if cmd is ours_cmd else json.loads(out)
            if cmd is ours_cmd:
                ours_counts = counts
            else:
                theirs_counts = counts
        print(f"run {k + 1}: toposcope {ours_t[-1]:.2f} s, nervaluate {theirs_t[-1]:.2f} s",
              flush=True)
    equal = all(ours_counts[m] == theirs_counts[m] for m in MEASURES)
    ours_m, theirs_m = statistics.median(ours_t), statistics.median(theirs_t)
    print(f"\n{args.docs} documents, {sum(1 for _ in gold.open())} gold lines; "
          f"{platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}")
    print("| measure | COR | INC | PAR | MIS | SPU |")
    print("|---|---:|---:|---:|---:|---:|")
    for m in MEASURES:
        print(f"| {m} | " + " | ".join(str(v) for v in ours_counts[m]) + " |")
    print(f"\ncounts identical to nervaluate 1.2.1: {'yes' if equal else 'NO'}")
    print(f"toposcope score (median of {args.repeat}): {ours_m:.2f} s; "
          f"nervaluate script: {theirs_m:.2f} s; ratio {theirs_m / ours_m:.1f}x")
    if not equal:
        print("nervaluate:", theirs_counts)
        sys.exit(1)


if __name__ == "__main__":
    main()
