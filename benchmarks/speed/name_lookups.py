"""The offline gazetteer's lookup time for chosen names: the first lookup in a process, then the
median with the memo emptied each time and memoised.

    python -m benchmarks.speed.name_lookups ["North Texas" "Texas" ...]

The first lookup of a part of a place ("North Texas") queries the area's towns; later ones do
not (docs/gazetteer.md).
"""

from __future__ import annotations

import statistics
import sys
import time

from geoparser.gazetteers.memo import BoundedMemo
from geoparser.gazetteers.offline import OfflineGazetteer

NAMES = ("Texas", "Springfield", "North Texas", "Southern California", "Central American")


def timings(gazetteer: OfflineGazetteer, name: str, repeat: int = 300) -> dict[str, float]:
    """Seconds of the first lookup, and the median unmemoised and memoised lookup."""
    gazetteer.forget()
    t = time.perf_counter()
    gazetteer.lookup(name)
    first = time.perf_counter() - t
    cold, warm = [], []
    for _ in range(repeat):
        gazetteer.memo = BoundedMemo(gazetteer.memo.size)
        t = time.perf_counter()
        gazetteer.lookup(name)
        cold.append(time.perf_counter() - t)
    for _ in range(repeat):
        t = time.perf_counter()
        gazetteer.lookup(name)
        warm.append(time.perf_counter() - t)
    return {"first": first, "unmemoised": statistics.median(cold),
            "memoised": statistics.median(warm)}


def main(argv: list[str] | None = None) -> int:
    names = (argv if argv is not None else sys.argv[1:]) or list(NAMES)
    gazetteer = OfflineGazetteer()
    gazetteer.lookup("warm")
    print("| name | first | unmemoised | memoised | candidates |")
    print("|---|---:|---:|---:|---:|")
    for name in names:
        t = timings(gazetteer, name)
        print(f"| {name} | {t['first'] * 1e3:.1f} ms | {t['unmemoised'] * 1e6:.0f} µs | "
              f"{t['memoised'] * 1e6:.1f} µs | {len(gazetteer.lookup(name))} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
