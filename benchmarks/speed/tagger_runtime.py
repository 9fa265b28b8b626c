"""The transformer tagger on ONNX Runtime (int8, what ships) against the same network in torch
(fp32): documents/s and peak memory, each in a fresh process, alternating.

The torch side builds the tagger from the verified base weights with an untrained head (the
speed of a forward pass does not depend on the weights' values), so it needs the ``train``
extra; without torch it is skipped. Run: ``python -m benchmarks.speed.tagger_runtime [--docs N]
[--repeat K] [--threads T]``.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.speed import corpus

ROOT = Path(__file__).resolve().parents[2]


def run_one(runtime: str, texts_file: Path, threads: int) -> dict[str, float]:
    """Tag every text of ``texts_file`` with ``runtime``; seconds (after loading) and peak RSS."""
    texts = json.loads(texts_file.read_text(encoding="utf-8"))
    from geoparser.recognition.transformer_tagger import TransformerRecogniser

    tagger = TransformerRecogniser(threads=threads)
    if runtime == "torch":
        import torch

        from geoparser.recognition.training.tagger_train import (
            TaggerConfig,
            build_model,
            torch_probabilities,
            verified_base,
        )

        torch.set_num_threads(threads)
        model = build_model(verified_base(), TaggerConfig()).eval()

        class TorchTagger:
            def probabilities(self, windows):  # noqa: ANN001, ANN202
                return torch_probabilities(model, windows)

        tagger.tagger = TorchTagger()  # type: ignore[assignment]
    list(tagger.recognise(texts[:20]))  # warm up
    t0 = time.perf_counter()
    found = sum(len(ms) for ms in tagger.recognise(texts))
    seconds = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"seconds": seconds, "docs": len(texts), "peak_rss_mb": peak, "mentions": found}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=ROOT.parent / "shared" / "corpora")
    ap.add_argument("--docs", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(run_one(args.child[0], Path(args.child[1]), args.threads)))
        return 0
    try:
        import torch  # noqa: F401
    except ImportError:
        print("tagger-runtime: skipped: torch is not installed (pip install -e '.[train]')")
        return 0
    texts_file = Path("build") / "tagger-runtime-texts.json"
    texts_file.parent.mkdir(parents=True, exist_ok=True)
    texts_file.write_text(json.dumps(corpus.sentences(args.corpora, args.docs)),
                          encoding="utf-8")
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.repeat):
        for runtime in ("onnx", "torch"):
            out = subprocess.run([sys.executable, "-m", "benchmarks.speed.tagger_runtime",
                                  "--threads", str(args.threads), "--child", runtime,
                                  str(texts_file)], capture_output=True, text=True, check=True,
                                 cwd=ROOT)
            r = json.loads(out.stdout.strip().splitlines()[-1])
            if runtime not in best or r["seconds"] < best[runtime]["seconds"]:
                best[runtime] = r
    for name, r in best.items():
        print(f"{name}: {r['docs'] / r['seconds']:.0f} documents/s, peak RSS "
              f"{r['peak_rss_mb']:.0f} MB")
    o, t = best["onnx"], best["torch"]
    print(f"onnx int8 / torch fp32: {t['seconds'] / o['seconds']:.2f}x documents/s, "
          f"{o['peak_rss_mb'] / t['peak_rss_mb']:.2f}x peak memory "
          f"({args.docs} sentences, {args.threads} threads, best of {args.repeat})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
