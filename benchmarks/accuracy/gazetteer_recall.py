"""Candidate recall@161 km of a gazetteer on GeoVirus and GeoWebNews gold toponyms.

    python -m benchmarks.accuracy.gazetteer_recall [--corpora ../shared/corpora]
        [--gazetteer offline]

Reads the corpora where they are (never copies them), through ``geoparser.corpora``; a corpus
that is absent is skipped. Toponyms without coordinates do not count. Prints one line per corpus
and the most frequent misses.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from benchmarks.public_corpora import SHARED
from evaluation.schemes.candidate_recall import candidate_recall
from geoparser.corpora import read_corpus
from geoparser.gazetteers import create_gazetteer

CORPORA_DIR = SHARED / "corpora"

#: (name, converter, path under shared/corpora)
CORPORA = [
    ("GeoVirus", "geovirus", "geovirus/GeoVirus.xml"),
    ("GeoWebNews", "gwn", "geowebnews/brat"),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpora", type=Path, default=CORPORA_DIR)
    ap.add_argument("--gazetteer", default="offline")
    ap.add_argument("--misses", type=int, default=15, help="Most frequent misses to list.")
    args = ap.parse_args()
    gazetteer = create_gazetteer(args.gazetteer)
    print("| corpus | gold toponyms | found within 161 km | recall | unknown name |")
    print("|---|---:|---:|---:|---:|")
    misses = {}
    for name, fmt, rel in CORPORA:
        path = args.corpora / rel
        if not path.is_file():
            print(f"| {name} | absent ({path}) | | | |")
            continue
        r = candidate_recall(read_corpus(fmt, path), gazetteer)
        print(f"| {name} | {r.n} | {r.found} | {r.recall:.1%} | {r.no_candidate} |")
        misses[name] = Counter(r.misses).most_common(args.misses)
    for name, top in misses.items():
        print(f"\n{name} most frequent misses: " + ", ".join(f"{t} ({n})" for t, n in top))


if __name__ == "__main__":
    main()
