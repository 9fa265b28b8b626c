"""What a smaller tagger would cost: the tagger's arithmetic alone for encoders of k layers,
or of k layers narrowed to h attention heads and u feed-forward units each (``KxHxU``).

``build`` (needs the ``train`` extra) writes, for each size, a tagger of the verified base's
first k layers (cut to h heads and u units where asked: ``training.narrowing``; which ones is
immaterial to the cost) with an untrained head, exported exactly as ``make train-ner`` exports
the shipped one (int8, per-window ranges): its cost is that of a trained student of that size,
its answers are noise. ``time`` then runs each folder's ONNX model over the same windows of a
file of documents, interleaved, and prints the least CPU seconds of three repeats (ONNX
Runtime's two threads included), the shipped tagger first if named.

Run: ``python -m benchmarks.speed.tagger_sizes build --out build/tagger-sizes 1 2 3 6 3x4x384``,
then
``python -m benchmarks.speed.tagger_sizes time --in art150.jsonl build/tagger-sizes/k*
geoparser/recognition/models/toponym-transformer``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import time
from pathlib import Path


def size(text: str) -> tuple[int, int, int]:
    """``"3"`` → (3, 0, 0): three whole layers; ``"3x4x384"`` → three layers of 4 heads and
    384 units."""
    parts = [int(p) for p in text.split("x")]
    if len(parts) not in (1, 3) or min(parts) < 1:
        raise argparse.ArgumentTypeError(f"a size is K or KxHxU, got {text!r}")
    return (parts[0], 0, 0) if len(parts) == 1 else (parts[0], parts[1], parts[2])


def folder_name(layers: int, heads: int, units: int) -> str:
    return f"k{layers}" + (f"h{heads}u{units}" if heads else "")


def build(out: Path, sizes: list[tuple[int, int, int]]) -> None:
    """An untrained tagger for each (layers, heads, units) in ``sizes``, under
    ``out/k<layers>[h<heads>u<units>]``."""
    import torch

    from geoparser.recognition.training.narrowing import narrowed
    from geoparser.recognition.training.tagger_train import (
        TaggerConfig,
        build_model,
        export_onnx,
        sha256,
        verified_base,
    )
    from geoparser.recognition.transformer_tagger import MODEL_DIR

    base = verified_base()
    shipped = json.loads((MODEL_DIR / "meta.json").read_text(encoding="utf-8"))
    for k, heads, units in sizes:
        torch.manual_seed(0)
        folder = out / folder_name(k, heads, units)
        shutil.rmtree(folder, ignore_errors=True)
        model = build_model(base, TaggerConfig(layers=k))
        if heads:
            narrowed(model, [], heads=heads, units=units)
        export_onnx(model, folder / "model.onnx")
        shutil.copyfile(base / "vocab.txt", folder / "vocab.txt")
        meta = {key: value for key, value in shipped.items() if key != "training"}
        meta.update(sha256=sha256(folder / "model.onnx"), vocab_sha256=sha256(folder / "vocab.txt"),
                    name=f"untrained tagger {folder.name} (cost only)")
        (folder / "meta.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
        print(f"{folder.name}: {(folder / 'model.onnx').stat().st_size / 1e6:.1f} MB at {folder}")


def least_cpu(docs: Path, folders: list[Path], repeat: int = 3) -> dict[Path, float]:
    """Least CPU seconds of each folder's model over the documents' windows."""
    from geoparser.recognition.transformer_tagger import TransformerRecogniser
    from geoparser.recognition.wordpieces import sentence_words

    texts = [json.loads(line)["text"] for line in docs.read_text(encoding="utf-8").splitlines()
             if line.strip()]
    taggers = {f: TransformerRecogniser(path=f) for f in folders}
    first = next(iter(taggers.values()))
    windows = first.pieces.windows([w for t in texts for w in sentence_words(t)])
    print(f"{len(texts)} documents, {len(windows)} windows")
    best: dict[Path, float] = {}
    for _ in range(repeat):
        for folder, tagger in taggers.items():
            started = time.process_time()
            tagger.tagger.probabilities(windows)
            best[folder] = min(best.get(folder, float("inf")), time.process_time() - started)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build")
    b.add_argument("--out", type=Path, default=Path("build/tagger-sizes"))
    b.add_argument("sizes", type=size, nargs="+")
    t = sub.add_parser("time")
    t.add_argument("--in", dest="docs", type=Path, required=True)
    t.add_argument("--repeat", type=int, default=3)
    t.add_argument("folders", type=Path, nargs="+")
    args = ap.parse_args(argv)
    if args.command == "build":
        build(args.out, args.sizes)
        return 0
    best = least_cpu(args.docs, args.folders, args.repeat)
    reference = best[args.folders[-1]]
    for folder, seconds in best.items():
        print(f"{folder}: {seconds:.2f} s CPU ({seconds / reference:.2f}x the last)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
