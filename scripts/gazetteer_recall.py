"""Candidate recall@161 km of a gazetteer on GeoVirus and GeoWebNews gold toponyms.

    python scripts/gazetteer_recall.py [--corpora ../shared/corpora] [--gazetteer offline]

Reads the corpora where they are (never copies them); a corpus that is absent is skipped.
GeoVirus offsets are 1-based (``text[start-1:end-1] == name``); GeoWebNews toponyms without
coordinates are left out. Prints one line per corpus and the most frequent misses.
"""

from __future__ import annotations

import argparse
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from evaluation.candidate_recall import candidate_recall
from geoparser.gazetteers import create_gazetteer
from geoparser.model import Document, GoldToponym

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ROOT.parent / "shared" / "corpora"


def read_geovirus(path: Path) -> list[Document]:
    docs = []
    for i, art in enumerate(ET.parse(path).getroot().iter("article")):
        text = art.findtext("text") or ""
        tops = []
        for loc in art.iter("location"):
            start = int(loc.findtext("start") or 0) - 1
            end = int(loc.findtext("end") or 0) - 1
            tops.append(GoldToponym(start, end, loc.findtext("name") or "",
                                    float(loc.findtext("lat")), float(loc.findtext("lon"))))
        docs.append(Document(f"gv{i}", text, tuple(tops)))
    return docs


def read_geowebnews(path: Path) -> list[Document]:
    docs = []
    for art in ET.parse(path).getroot().iter("article"):
        tops = []
        for t in art.iter("toponym"):
            lat, lon = t.findtext("latitude"), t.findtext("longitude")
            if not lat or not lon:
                continue
            tops.append(GoldToponym(int(t.findtext("start")), int(t.findtext("end")),
                                    t.findtext("extractedName") or "", float(lat), float(lon)))
        docs.append(Document(f"gwn{art.get('file')}", art.findtext("text") or "", tuple(tops)))
    return docs


CORPUS_FILES = {
    "GeoVirus": ("geovirus/GeoVirus.xml", read_geovirus),
    "GeoWebNews": ("geowebnews/GWN.xml", read_geowebnews),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpora", type=Path, default=CORPORA)
    ap.add_argument("--gazetteer", default="offline")
    ap.add_argument("--misses", type=int, default=15, help="Most frequent misses to list.")
    args = ap.parse_args()
    gazetteer = create_gazetteer(args.gazetteer)
    print("| corpus | gold toponyms | found within 161 km | recall | unknown name |")
    print("|---|---:|---:|---:|---:|")
    misses = {}
    for name, (rel, reader) in CORPUS_FILES.items():
        path = args.corpora / rel
        if not path.is_file():
            print(f"| {name} | absent ({path}) | | | |")
            continue
        r = candidate_recall(reader(path), gazetteer)
        print(f"| {name} | {r.n} | {r.found} | {r.recall:.1%} | {r.no_candidate} |")
        misses[name] = Counter(r.misses).most_common(args.misses)
    for name, top in misses.items():
        print(f"\n{name} most frequent misses: " + ", ".join(f"{t} ({n})" for t, n in top))


if __name__ == "__main__":
    main()
