"""What the gazetteer check costs: ``toponym`` against ``toponym-checked``, recognition only.

Same process, same sentences (make bench's corpus), alternating, each checked run with a fresh
recogniser so every name is looked up again. Prints documents per second and the ratio.
Run: ``python -m benchmarks.speed.gazetteer_check [--docs N] [--repeat K]``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from benchmarks.speed.corpus import sentences
from geoparser.recognition import create_recogniser


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--corpora", type=Path, default=Path("../shared/corpora"))
    args = ap.parse_args(argv)
    texts = sentences(args.corpora, args.docs)
    raw = create_recogniser("toponym")
    list(raw.recognise(texts[:50]))
    for run in range(args.repeat):
        rates = {}
        for name in ("toponym", "toponym-checked"):
            rec = raw if name == "toponym" else create_recogniser(name)
            t0 = time.perf_counter()
            found = sum(len(ms) for ms in rec.recognise(texts))
            rates[name] = len(texts) / (time.perf_counter() - t0)
            print(f"run {run + 1}: {name}: {rates[name]:.0f} docs/s, {found} mentions")
        print(f"run {run + 1}: checked / bare = {rates['toponym-checked'] / rates['toponym']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
