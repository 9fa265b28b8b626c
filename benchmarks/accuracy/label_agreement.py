"""How often each training corpus annotates nationality adjectives as toponyms.

The evidence for leaving GeoWebNews's demonyms and adjectives *missing* when training the
``toponym`` model (docs/recognition-model.md): for 17 common nationality adjectives, how many
occurrences each corpus has and how many fall inside a gold toponym span.
Run: ``python -m benchmarks.accuracy.label_agreement [--corpora DIR]``.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from geoparser.recognition.training.data import SOURCES, load_gold

WORDS = re.compile(r"\b(Chinese|American|British|Russian|French|German|Mexican|African|"
                   r"European|Indian|Japanese|Canadian|Australian|Egyptian|Brazilian|Italian|"
                   r"Spanish)\b")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=Path("../shared/corpora"))
    args = ap.parse_args(argv)
    if not args.corpora.is_dir():
        print(f"label_agreement: skipped: no corpora at {args.corpora}")
        return 0
    for src in SOURCES:
        total = inside = 0
        for doc in load_gold(src, args.corpora):
            spans = [(t["start"], t["end"]) for t in doc["toponyms"]
                     if t.get("start") is not None and t.get("end") is not None]
            for m in WORDS.finditer(doc["text"]):
                total += 1
                inside += any(s <= m.start() < e for s, e in spans)
        print(f"{src.name}: {inside} of {total} nationality adjectives annotated")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
