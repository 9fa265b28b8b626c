"""The tagger's windows run alone (batch-invariant, as shipped) against padded batches of 32
(the way it ran before, whose results depended on the batch), in the same run.

Run: ``python -m benchmarks.speed.tagger_windows [--docs 120] [--repeat 3]``; reads GeoVirus
from ``../shared/corpora`` (skips when absent). Prints each side's least wall and CPU time over
the repeats, their ratio, and how many toponyms each found.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from benchmarks.public_corpora import SHARED, load
from geoparser.recognition.transformer_tagger import TransformerRecogniser
from geoparser.recognition.wordpieces import batches


def padded_probabilities(tagger: Any, windows: list, size: int = 32) -> list:
    """Windows padded into batches of ``size``: the baseline (batch-dependent) way."""
    out: list = [None] * len(windows)
    for group in batches(windows, size):
        width = max(len(windows[i].ids) for i in group)
        ids = np.zeros((len(group), width), dtype=np.int64)
        mask, case = np.zeros_like(ids), np.zeros_like(ids)
        for row, i in enumerate(group):
            w = windows[i]
            ids[row, :len(w.ids)], mask[row, :len(w.ids)], case[row, :len(w.ids)] = (
                w.ids, 1, w.case)
        logits = tagger.session.run(["logits"], {"input_ids": ids, "attention_mask": mask,
                                                 "case_ids": case})[0]
        probs = np.exp(logits - logits.max(axis=-1, keepdims=True))
        probs /= probs.sum(axis=-1, keepdims=True)
        for row, i in enumerate(group):
            out[i] = probs[row, :len(windows[i].ids)]
    return out


def baseline_session() -> Any:
    """The shipped model on a session that spreads each batch over two threads, as the
    padded runs did."""
    import os

    import onnxruntime as ort

    from geoparser.recognition.transformer_tagger import model_dir

    options = ort.SessionOptions()
    options.intra_op_num_threads = min(2, os.cpu_count() or 1)
    options.inter_op_num_threads = 1
    return ort.InferenceSession(str(model_dir() / "model.onnx"), options,
                                providers=["CPUExecutionProvider"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=120)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    path = SHARED / "corpora" / "geovirus" / "GeoVirus.xml"
    if not path.exists():
        print(f"tagger_windows: {path} not found; skipped")
        return 0
    texts = [d.text for d in load("geovirus", path)[:args.docs]]
    alone = TransformerRecogniser()
    padded = TransformerRecogniser()
    padded.tagger.session = baseline_session()
    padded.tagger.probabilities = lambda ws: padded_probabilities(padded.tagger, ws)
    best: dict[str, tuple[float, float, int]] = {}
    for _ in range(args.repeat):
        for name, rec in (("windows alone", alone), ("padded batches of 32", padded)):
            w0, c0 = time.perf_counter(), time.process_time()
            found = sum(len(ms) for ms in rec.recognise(texts))
            run = (time.perf_counter() - w0, time.process_time() - c0, found)
            best[name] = min(best.get(name, run), run)
    base = best["padded batches of 32"]
    for name, (wall, cpu, found) in best.items():
        print(f"{name}: wall {wall:.2f} s ({wall / base[0]:.2f}x), CPU {cpu:.2f} s "
              f"({cpu / base[1]:.2f}x), {found} toponyms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
