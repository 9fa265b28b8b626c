"""Candidate recall@161 km of a gazetteer on the gold toponyms of the shared corpora with points.

    python -m benchmarks.accuracy.gazetteer_recall [--corpora ../shared/corpora]
        [--gazetteer offline]

Reads the corpora where they are (never copies them), through ``geoparser.corpora``; a corpus
that is absent is skipped. Toponyms without coordinates do not count. Prints one line per corpus
and the most frequent misses.
"""

from __future__ import annotations

import argparse
import re
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
    ("SemEval-2019 T12", "semeval2019", "semeval2019_task12/Training/Training_Data_Participant"),
    ("WikToR", "wiktor", "wiktor/WikToR_reconstructed_from_EUPEG.jsonl"),
    ("LGL (development half)", "lgl", "lgl-dev/lgl-dev.xml"),
]


#: Which of the issue's classes a gold name falls in, by its form alone (first match wins).
_CLASSES = (
    ("abbreviation", re.compile(r"^(?:[A-Z]\.){1,3}[A-Z]?\.?$|^[A-Z]{2,4}$|^[A-Z][a-z]{1,4}\.$")),
    ("physical", re.compile(r"\b(?:River|Lake|Island|Islands|Mount|Mountains?|Valley|Sea|"
                            r"Bay|Gulf|Peninsula|Desert|Ocean|Coast|Delta|Falls)\b")),
    ("region", re.compile(r"^(?:North|South|East|West|Northern|Southern|Eastern|Western|"
                          r"Central|Upper|Lower|Middle|Greater)\b|\b(?:Region|Area|East)$")),
    ("facility", re.compile(r"\b(?:Airport|Street|Road|Avenue|Square|Park|Bridge|Stadium|"
                            r"Hospital|University|Station)\b")),
    ("people or joined", re.compile(r"(?:ans|ians|ese|ers)$|^[A-Z][a-z]+[A-Z][a-z]+$")),
)


def name_class(name: str) -> str:
    """The class of a gold name for the by-class table ("other" for towns, countries...)."""
    return next((cls for cls, pattern in _CLASSES if pattern.search(name)), "other")


def class_recall(docs: list, misses: list[str]) -> dict[str, tuple[int, int]]:
    """class -> (gold toponyms with a point, found within 161 km)."""
    total = Counter(name_class(t.text) for d in docs for t in d.toponyms if t.has_point)
    missed = Counter(name_class(m) for m in misses)
    return {cls: (n, n - missed[cls]) for cls, n in total.items()}


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
    by_class: dict[str, dict[str, tuple[int, int]]] = {}
    for name, fmt, rel in CORPORA:
        path = args.corpora / rel
        if not path.exists():
            print(f"| {name} | absent ({path}) | | | |")
            continue
        docs = read_corpus(fmt, path)
        r = candidate_recall(docs, gazetteer)
        by_class[name] = class_recall(docs, r.misses)
        print(f"| {name} | {r.n} | {r.found} | {r.recall:.1%} | {r.no_candidate} |")
        misses[name] = Counter(r.misses).most_common(args.misses)
    print("\n| corpus | class | gold | found | recall |\n|---|---|---:|---:|---:|")
    for name, per_class in by_class.items():
        for cls, (n, found) in sorted(per_class.items()):
            print(f"| {name} | {cls} | {n} | {found} | {found / n:.1%} |")
    for name, top in misses.items():
        print(f"\n{name} most frequent misses: " + ", ".join(f"{t} ({n})" for t, n in top))


if __name__ == "__main__":
    main()
