"""What reading placed names again costs: ``pipeline.resolve`` with and without ``repeat_names``.

The default recogniser's mentions of one public corpus (GeoWebNews unless told), recognised
once; then resolved alternately with and without names read again, after a warm-up. Prints
each run's seconds, the mentions added and the ratio of the medians.
Run: ``python -m benchmarks.speed.repeated_names [--corpus NAME] [--repeat K]``.
"""

from __future__ import annotations

import statistics
import time

from benchmarks.speed.default_resolution import arguments, recognised
from geoparser.pipeline import resolve


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__.splitlines()[0], argv)
    if not args.corpora.is_dir():
        print(f"repeated names: skipped: no corpora at {args.corpora}")
        return 0
    parsed, gazetteer, policy = recognised(args.corpora, args.corpus)
    resolve(parsed, gazetteer, policy, repeat_names=True)  # warm-up: every name looked up
    seconds: dict[bool, list[float]] = {False: [], True: []}
    for run in range(args.repeat):
        for again in (False, True):
            t0 = time.perf_counter()
            out = resolve(parsed, gazetteer, policy, repeat_names=again)
            seconds[again].append(time.perf_counter() - t0)
            added = sum(len(p.mentions) for p in out) - sum(len(p.mentions) for p in parsed)
            print(f"run {run + 1}: repeat_names={again}: {seconds[again][-1]:.2f} s, "
                  f"{added} mentions added")
    ratio = statistics.median(seconds[True]) / statistics.median(seconds[False])
    print(f"{len(parsed)} documents: with / without = {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
