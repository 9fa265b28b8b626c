"""The tagger's windows each run alone against padded batches of several sizes (``BATCH``
ships), in the same run, interleaved, with how many windows got bit for bit the
probabilities they get alone (all of them, when the model has per-window ranges).

Run: ``python -m benchmarks.speed.tagger_windows [--docs 120] [--repeat 3] [--sizes 8 32]``;
reads GeoVirus from ``../shared/corpora`` (skips when absent). Prints each side's least wall
and CPU time over the repeats and their ratios to windows alone.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from benchmarks.public_corpora import SHARED, load
from geoparser.recognition.transformer_tagger import TransformerRecogniser
from geoparser.recognition.wordpieces import sentence_words


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=120)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sizes", type=int, nargs="+", default=[8, 32])
    args = ap.parse_args(argv)
    path = SHARED / "corpora" / "geovirus" / "GeoVirus.xml"
    if not path.exists():
        print(f"tagger_windows: {path} not found; skipped")
        return 0
    texts = [d.text for d in load("geovirus", path)[:args.docs]]
    tagger = TransformerRecogniser()
    windows = tagger.pieces.windows([w for t in texts for w in sentence_words(t)])
    sizes = [1, *args.sizes]
    best: dict[int, tuple[float, float]] = {}
    probs: dict[int, list] = {}
    for _ in range(args.repeat):
        for size in sizes:
            tagger.tagger.batch = size
            w0, c0 = time.perf_counter(), time.process_time()
            probs[size] = tagger.tagger.probabilities(windows)
            run = (time.perf_counter() - w0, time.process_time() - c0)
            best[size] = min(best.get(size, run), run)
    wall1, cpu1 = best[1]
    print(f"{len(texts)} GeoVirus articles, {len(windows)} windows")
    for size in sizes:
        wall, cpu = best[size]
        same = sum(np.array_equal(a, b) for a, b in zip(probs[1], probs[size], strict=True))
        name = "each window alone" if size == 1 else f"padded batches of {size}"
        print(f"{name}: wall {wall:.2f} s ({wall / wall1:.2f}x), CPU {cpu:.2f} s "
              f"({cpu / cpu1:.2f}x), probabilities as alone {same}/{len(windows)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
