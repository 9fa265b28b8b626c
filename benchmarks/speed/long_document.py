"""How a long document's cost grows with its length: ``parse_documents`` on one document of a
news sentence repeated N times, then M times, under cProfile, after a warm-up. Prints each
run's seconds and, for the functions that took longest at M, their time at N and at M and the
ratio: a step linear in the length grows M/N times, a quadratic one (M/N)² times.
Run: ``python -m benchmarks.speed.long_document 100 300``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from geoparser.batch.stages import PipelineSpec, parse_documents, stages_for
from geoparser.model import Document

SENTENCE = ("Floods hit Galway and Cork after the storm crossed Ireland, officials in Dublin "
            "said on Monday. ")


def profile(stages, repetitions: int) -> tuple[float, dict[str, float]]:
    """Seconds for one document of ``repetitions`` sentences, and each function's own time."""
    document = Document("d", SENTENCE * repetitions)
    prof = cProfile.Profile()
    started = time.perf_counter()
    prof.enable()
    parse_documents(stages, [document])
    prof.disable()
    seconds = time.perf_counter() - started
    own = {f"{k[0].rsplit('/', 1)[-1]}:{k[1]}({k[2]})": v[2]
           for k, v in pstats.Stats(prof).stats.items()}  # type: ignore[attr-defined]
    return seconds, own


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("short", type=int, help="repetitions of the sentence in the first run")
    ap.add_argument("long", type=int, help="repetitions in the second")
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args(argv)
    stages = stages_for(PipelineSpec())
    parse_documents(stages, [Document("warm", SENTENCE)])
    short_s, short = profile(stages, args.short)
    long_s, long = profile(stages, args.long)
    print(f"{args.short} repetitions: {short_s:.2f} s; {args.long}: {long_s:.2f} s; "
          f"ratio {long_s / short_s:.2f} for {args.long / args.short:.2f} times the text")
    for name, t in sorted(long.items(), key=lambda kv: -kv[1])[:args.top]:
        base = short.get(name, 0.0)
        ratio = f"{t / base:6.2f}" if base else "   new"
        print(f"{t:8.3f} {base:8.3f} {ratio}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
