"""ONNX Runtime settings for the tagger against the shipped ones (padded batches of 8, two
threads of batches, full graph optimisation): CPU seconds over the windows of a file of
documents, least of the repeats, each setting's session loaded once and run interleaved, and
whether every window's probabilities are bit for bit the shipped settings'.

Run: ``python -m benchmarks.speed.tagger_settings --in DOCS.jsonl [--repeat 3]
[--only NAME ...]`` (lines with ``text``).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from geoparser.recognition.transformer_tagger import OnnxTagger, TransformerRecogniser, model_dir
from geoparser.recognition.wordpieces import sentence_words

#: Each setting as changes to the shipped ones.
SETTINGS: dict[str, dict[str, Any]] = {
    "shipped (batch 8, 2 threads)": {},
    "1 thread": {"threads": 1},
    "batch 4": {"batch": 4},
    "batch 6": {"batch": 6},
    "batch 12": {"batch": 12},
    "batch 16": {"batch": 16},
    "batch 32": {"batch": 32},
    "no spinning": {"spin": "0"},
    "no memory arena": {"arena": False},
    "no memory pattern": {"pattern": False},
    "graph EXTENDED": {"level": "ORT_ENABLE_EXTENDED"},
    "graph BASIC": {"level": "ORT_ENABLE_BASIC"},
}


def tagger(level: str | None = None, spin: str | None = None, arena: bool = True,
           pattern: bool = True, threads: int = 2, batch: int = 8) -> OnnxTagger:
    """An ``OnnxTagger`` on the shipped model with these session settings."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    if level:
        options.graph_optimization_level = getattr(ort.GraphOptimizationLevel, level)
    if spin is not None:
        options.add_session_config_entry("session.intra_op.allow_spinning", spin)
        options.add_session_config_entry("session.inter_op.allow_spinning", spin)
    options.enable_cpu_mem_arena = arena
    options.enable_mem_pattern = pattern
    out = OnnxTagger.__new__(OnnxTagger)
    out.session = ort.InferenceSession(str(model_dir() / "model.onnx"), options,
                                       providers=["CPUExecutionProvider"])
    out.threads, out.batch, out._pool = threads, batch, None
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--in", dest="path", type=Path, required=True)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", nargs="+", default=None)
    args = ap.parse_args(argv)
    texts = [json.loads(line)["text"] for line in
             args.path.read_text(encoding="utf-8").splitlines() if line.strip()]
    recogniser = TransformerRecogniser()
    windows = recogniser.pieces.windows([w for t in texts for w in sentence_words(t)])
    shipped = recogniser.tagger.probabilities(windows)
    chosen = {k: v for k, v in SETTINGS.items()
              if not args.only or k in args.only or not v}
    taggers = {name: tagger(**changes) for name, changes in chosen.items()}
    best: dict[str, float] = {}
    same: dict[str, bool] = {}
    for _ in range(args.repeat):
        for name, t in taggers.items():
            started = time.process_time()
            probs = t.probabilities(windows)
            best[name] = min(best.get(name, float("inf")), time.process_time() - started)
            same[name] = all(np.array_equal(a, b) for a, b in zip(shipped, probs, strict=True))
    print(f"{len(texts)} documents, {len(windows)} windows")
    for name in taggers:
        print(f"{name}: {best[name]:.2f} s CPU, probabilities as shipped: {same[name]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
