"""How much of the resolution error is the convention of a country's point, and what the other
source order would give (docs/resolution.md, "Representative points of countries").

For GeoVirus, GeoWebNews and SemEval-2019: of the gold toponyms with a right candidate (one
within 161 km) that ``context`` placed wrongly, how many are the right country at another
source's point. Then ``context``'s acc@161 / acc@10 on all four corpora with Natural Earth's
points first (shipped) and with the Factbook's (world-countries) first, and for each the
ceiling of any policy: the share of gold toponyms with a choosable place within 161 km.
Run: ``python -m benchmarks.accuracy.country_points [--shared ../shared]`` (needs the corpora).
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from benchmarks.public_corpora import SHARED
from benchmarks.training import ranker_data
from geoparser.distance import distance_km
from geoparser.gazetteers import create_gazetteer
from geoparser.pipeline import resolve
from geoparser.resolution import base
from geoparser.resolution.context import ContextPolicy
from geoparser.resolution.place_facts import is_country_level


def country_point_errors(corpus, parsed) -> tuple[int, int, Counter]:
    by = {(p.document.id, r.mention.start, r.mention.end): r for p in parsed
          for r in p.resolutions}
    fixable, other_point, names = 0, 0, Counter()
    for d in corpus.gold:
        for t in d.toponyms:
            r = by.get((d.id, t.start, t.end))
            if r is None or not t.has_point:
                continue
            c = r.candidate
            if c is not None and c.has_point and distance_km(t.lat, t.lon, c.lat, c.lon) <= 161:
                continue
            ok = [x for x in r.candidates if x.has_point
                  and distance_km(t.lat, t.lon, x.lat, x.lon) <= 161]
            if not ok:
                continue
            fixable += 1
            if c is not None and is_country_level(c) and any(
                    x.geonameid == c.geonameid for x in ok):
                other_point += 1
                names[c.name] += 1
    return fixable, other_point, names


def representative_ceiling(corpus, parsed, order=base.SOURCE_PREFERENCE) -> float:
    """Share of the gold toponyms with a point for which one of the places a policy can
    choose (after merging each place's records into one, ``base.representatives``) lies
    within 161 km: what a perfect policy would reach with these points."""
    by = {(p.document.id, r.mention.start, r.mention.end): r for p in parsed
          for r in p.resolutions}
    n = ok = 0
    for d in corpus.gold:
        for t in d.toponyms:
            if not t.has_point or t.start is None:
                continue
            n += 1
            r = by.get((d.id, t.start, t.end))
            ok += r is not None and any(
                c.has_point and distance_km(t.lat, t.lon, c.lat, c.lon) <= 161
                for c in base.representatives(r.candidates, order))
    return ok / n if n else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    args = ap.parse_args()
    if not (args.shared / "corpora").is_dir():
        print(f"country-points: skipped: no corpora at {args.shared / 'corpora'}")
        return 0
    gazetteer = create_gazetteer("offline")
    corpora = ranker_data.load_corpora(args.shared)
    shipped = base.DEFAULT_POINTS
    conventions = tuple(base.POINT_CONVENTIONS)
    print("| corpus | errors with a right candidate | right country, other source's point "
          "| most | " + " | ".join(f"{c}: acc@161 / acc@10 / by id" for c in conventions)
          + " | ceiling, " + " / ".join(conventions) + " |\n|---|---:|---:|---|"
          + "---|" * (len(conventions) + 1))
    for corpus in corpora:
        cells, ceilings = [], []
        for order in conventions:
            parsed = resolve(corpus.mentions, gazetteer, ContextPolicy(points=order),
                             context_mentions=corpus.context)
            m = ranker_data.metrics(corpus, parsed)
            by_id = "—" if m["acc by id"] is None else f"{m['acc by id']:.3f}"
            cells.append(f"{m['acc@161']:.3f} / {m['acc@10']:.3f} / {by_id}")
            ceiling = representative_ceiling(corpus, parsed, base.point_order(order))
            ceilings.append(f"{ceiling:.3f}")
            if order == shipped:
                fixable, other, names = country_point_errors(corpus, parsed)
        most = ", ".join(f"{n} {k}" for n, k in names.most_common(4))
        print(f"| {corpus.name} | {fixable} | {other} | {most} | {' | '.join(cells)} | "
              f"{' / '.join(ceilings)} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
