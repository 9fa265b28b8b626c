"""The captions figure: how many of the 12 captions each policy places within tolerance,
resolving the gold mentions: each caption alone, the captions as one collection (a lone
toponym borrows the others' as context, ``toposcope resolve --collection``), and each caption
with its guide point.

Run: ``python -m benchmarks.accuracy.captions_resolution`` (no corpora needed; the offline
gazetteer).
"""

from __future__ import annotations

from benchmarks.public_corpora import ROOT
from evaluation.reports.coursework_answer import caption_guides
from geoparser.distance import distance_km
from geoparser.gazetteers import create_gazetteer
from geoparser.io.documents import read_gold
from geoparser.model import Mention, ParsedDocument
from geoparser.pipeline import resolve
from geoparser.resolution import DEFAULT_POLICY, create_policy

POLICIES = ("population", "context", "learned")


def main() -> int:
    gold = read_gold(ROOT / "data" / "captions")
    gazetteer = create_gazetteer("offline")
    docs = [ParsedDocument(d, [Mention(t.start, t.end, t.text, t.label or "GPE", "gold")
                               for t in d.toponyms]) for d in gold]
    print("| policy | context | within tolerance | wrong |\n|---|---|---:|---|")
    settings = (("each caption alone", None, False), ("as one collection", None, True),
                ("guide points", caption_guides(gold), False))
    for policy in POLICIES:
        for setting, guides, collection in settings:
            parsed = resolve(docs, gazetteer, create_policy(policy), guides,
                             collection=collection)
            ok, wrong = 0, []
            for d, p in zip(gold, parsed, strict=True):
                t, r = d.toponyms[0], p.resolutions[0]
                c = r.candidate
                if c is not None and c.has_point and distance_km(
                        t.lat, t.lon, c.lat, c.lon) <= t.tolerance_km:
                    ok += 1
                else:
                    wrong.append(f"{t.text} → {c.name if c else None}, "
                                 f"{c.country_code if c else ''}")
            name = f"{policy} (default)" if policy == DEFAULT_POLICY else policy
            print(f"| {name} | {setting} | {ok}/{len(gold)} | "
                  f"{'; '.join(wrong) or '—'} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
