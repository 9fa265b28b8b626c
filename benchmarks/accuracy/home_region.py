"""The home region on pseudo-papers: news articles grouped by the region they are about.

No shared corpus is a local paper's archive (GeoWebNews' 200 articles come from 200 sites), so
this builds papers: each GeoWebNews article whose gold towns and counties lie mostly (a third
or more, at least two) in one first-level area goes to that area's "paper", and papers of at
least ``MIN_ARTICLES`` articles are kept. The gold decides only the grouping, as a paper's
beat would; the home region itself is read by ``resolution.home`` off the toponyms, as in
``toposcope resolve``. Those articles are resolved from their gold mentions by ``context``
with and without their paper (``source``), context toponyms from ``en_core_web_sm`` as in the
leave-one-corpus-out table, and the changed toponyms counted.

This is optimistic: every article of a pseudo-paper is about its area, while a real paper also
prints national news (where the document's own cues must win, which the regression tests
check). Run: ``python -m benchmarks.accuracy.home_region [--shared ../shared]``.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import replace
from pathlib import Path

from benchmarks.public_corpora import SHARED
from benchmarks.training import ranker_data
from geoparser.distance import distance_km
from geoparser.model import ParsedDocument
from geoparser.resolution.home import is_town_or_county

MIN_ARTICLES = 3
SHARE = 1 / 3


def article_area(doc, gazetteer) -> tuple[str, str] | None:
    """The (country, admin1) holding most of the article's gold towns and counties."""
    votes: Counter = Counter()
    for t in doc.toponyms:
        if t.geonameid is None:
            continue
        for c in gazetteer.lookup(t.text):
            if c.geonameid == t.geonameid and c.country_code and c.admin1 and (
                    is_town_or_county(c)):
                votes[(c.country_code, c.admin1)] += 1
                break
    if not votes:
        return None
    (area, n), = votes.most_common(1)
    return area if n >= 2 and n >= SHARE * sum(votes.values()) else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    args = ap.parse_args(argv)
    if not (args.shared / "corpora").is_dir():
        print(f"home-region: skipped: no corpora at {args.shared / 'corpora'}")
        return 0
    from geoparser.gazetteers import create_gazetteer
    from geoparser.pipeline import resolve
    from geoparser.resolution.context import ContextPolicy

    gazetteer = create_gazetteer("offline")
    (corpus,) = ranker_data.load_corpora(args.shared, {"GeoWebNews"})
    areas = {d.id: article_area(d, gazetteer) for d in corpus.gold}
    sizes = Counter(a for a in areas.values() if a)
    papers = {a for a, n in sizes.items() if n >= MIN_ARTICLES}
    chosen = [p for p in corpus.mentions if areas[p.document.id] in papers]
    grouped = [ParsedDocument(replace(p.document, source="-".join(areas[p.document.id])),
                              p.mentions) for p in chosen]
    right = {}  # setting -> (document, gold span start) -> placed within 161 km
    for name, docs in (("without papers", chosen), ("grouped by paper", grouped)):
        parsed = resolve(docs, gazetteer, ContextPolicy(), context_mentions=corpus.context)
        placed = {(p.document.id, r.mention.start, r.mention.end): r.candidate
                  for p in parsed for r in p.resolutions}
        right[name] = {
            (d.id, t.start): (c := placed.get((d.id, t.start, t.end))) is not None
            and c.has_point and distance_km(t.lat, t.lon, c.lat, c.lon) <= 161
            for d in corpus.gold if areas[d.id] in papers
            for t in d.toponyms if t.has_point and t.start is not None}
        ok, n = sum(right[name].values()), len(right[name])
        print(f"{name}: acc@161 {ok / n:.3f} ({ok} of {n})")
    before, after = right["without papers"], right["grouped by paper"]
    fixed = sum(after[k] and not before[k] for k in before)
    broken = sum(before[k] and not after[k] for k in before)
    print(f"{len(papers)} pseudo-papers of {MIN_ARTICLES}+ articles "
          f"({', '.join(f'{cc}-{a1} {sizes[(cc, a1)]}' for cc, a1 in sorted(papers))}), "
          f"{len(chosen)} articles; the home region fixed {fixed} toponyms, broke {broken}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
