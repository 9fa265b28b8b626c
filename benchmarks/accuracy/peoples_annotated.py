"""How each shared corpus annotates peoples and their adjectives ("Canadians", "Turkish"): of
the capitalised words in its texts that name a people or are a place's adjective
(``demonyms.names_a_people``), how many it annotates as toponyms.

Run: ``python -m benchmarks.accuracy.peoples_annotated [--corpora DIR]``.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from geoparser.gazetteers.demonyms import names_a_people
from geoparser.recognition.training.data import SOURCES, load_gold

_CAPITALISED = re.compile(r"\b[A-Z][a-z]+\b")


def counts(docs: list[dict]) -> tuple[int, int]:
    """(peoples and adjectives written, of them annotated with that very span)."""
    written = annotated = 0
    for d in docs:
        spans = {(t["start"], t["end"]) for t in d["toponyms"] if t.get("start") is not None}
        for m in _CAPITALISED.finditer(d["text"]):
            if names_a_people(m.group()):
                written += 1
                annotated += (m.start(), m.end()) in spans
    return written, annotated


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=Path("../shared/corpora"))
    args = ap.parse_args(argv)
    if not args.corpora.is_dir():
        print(f"peoples-annotated: skipped: no corpora at {args.corpora}")
        return 0
    for src in SOURCES:
        written, annotated = counts(load_gold(src, args.corpora))
        print(f"{src.name}: {written} peoples and adjectives written, {annotated} annotated "
              f"({annotated / max(written, 1):.0%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
