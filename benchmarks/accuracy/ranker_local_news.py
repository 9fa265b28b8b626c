"""Would the ranker place local news better if it learned from it? ``context`` against
``learned`` trained with and without LGL's development half, every mention placed.

Resolution from gold mentions, as in the leave-one-corpus-out table of ``make train-ranker``
(context toponyms from ``en_core_web_sm``), but with no minimum confidence and names said
again chosen as ``parse`` chooses them (``repeat_names``): in ``parse`` the span decision's
marker minimum replaces each policy's own, so a policy's choice is what reaches the map.
For each of the four corpora of ``benchmarks.public_corpora`` the ranker is trained on the
other three (``learned``), and on the other three and every LGL-dev document (``+ local
news``). LGL-dev is cut into the span decision's document parts
(``document_parts.document_part``): each part is scored by rankers trained on the four
corpora and the other parts, while the whole corpus is resolved at once, so that each paper's
home region (its ``source``) counts all its stories, as ``parse`` counts a ``--group-by``
group whole. ``+ home`` also lets the ranker read the home-region features, which only
LGL-dev's papers set. ``--misses`` instead sorts what ``context`` places wrong on LGL-dev by
why (``miss_kind``). Run: ``python -m benchmarks.accuracy.ranker_local_news [--shared
../shared] [--misses]``.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks.public_corpora import SHARED, gold_mentions, load
from benchmarks.training import ranker_data, train_ranker
from benchmarks.training.document_parts import document_part, document_parts_count

LOCAL = ("LGL (development half)", "lgl", "lgl-dev/lgl-dev.xml")
POLICIES = ("context", "learned", "learned + local news", "learned + local news + home")


def pooled(results: Sequence[tuple[int, float, float | None, int]]) -> tuple[float, float | None]:
    """acc@161 and acc by id over several parts' ``(n, acc@161, acc by id, n with id)``,
    each weighed by its toponyms."""
    n = sum(r[0] for r in results)
    with_id = sum(r[3] for r in results)
    acc = sum(r[0] * r[1] for r in results) / n if n else 0.0
    by_id = (sum(r[3] * (r[2] or 0.0) for r in results) / with_id) if with_id else None
    return acc, by_id


def local_news(shared: Path) -> ranker_data.Corpus:
    """LGL-dev with its gold mentions and ``en_core_web_sm``'s context toponyms."""
    gold = load(LOCAL[1], shared / "corpora" / LOCAL[2])
    return ranker_data.Corpus(LOCAL[0], gold, [gold_mentions(d) for d in gold],
                              ranker_data.context_mentions(LOCAL[0], gold))


def placed(corpus: ranker_data.Corpus, gazetteer, policy) -> list:
    """``policy``'s choice for every gold mention, as ``parse`` places it under the span
    decision: no minimum confidence, a name said again chosen as in ``parse``."""
    from geoparser.pipeline import resolve

    return resolve(corpus.mentions, gazetteer, policy, context_mentions=corpus.context,
                   min_confidence=0.0, repeat_names=True)


def scored(corpus: ranker_data.Corpus, gazetteer, policy, keep: Callable[[str], bool] | None
           = None) -> tuple[int, float, float | None, int]:
    """``policy`` over the whole corpus, every mention placed, scored on the documents
    ``keep`` names (all without it)."""
    parsed = placed(corpus, gazetteer, policy)
    idx = [i for i, d in enumerate(corpus.gold) if keep is None or keep(d.id)]
    part = ranker_data.Corpus(corpus.name, [corpus.gold[i] for i in idx], [], corpus.context)
    m = ranker_data.metrics(part, [parsed[i] for i in idx])
    return m["n"], m["acc@161"], m["acc by id"], m["n with id"]


def table(shared: Path) -> list[dict]:
    from geoparser.gazetteers import create_gazetteer
    from geoparser.resolution.context import ContextPolicy
    from geoparser.resolution.learned import HOME_FEATURES, MODEL_FEATURES, LearnedPolicy

    gazetteer = create_gazetteer("offline")
    config = json.loads(train_ranker.CONFIG.read_text(encoding="utf-8"))
    corpora = ranker_data.load_corpora(shared)
    local = local_news(shared)
    groups = {c.name: ranker_data.groups(c, gazetteer) for c in corpora}
    every_local = ranker_data.groups(local, gazetteer)
    with_home = (*MODEL_FEATURES, *HOME_FEATURES)

    def ranker(others, features=MODEL_FEATURES):
        return LearnedPolicy(model=train_ranker.train(others, config, features))

    rows = []
    for c, others in zip(corpora, train_ranker.without_each(groups).values(), strict=True):
        policies = (ContextPolicy(), ranker(others), ranker([*others, every_local]),
                    ranker([*others, every_local], with_home))
        rows.append({"corpus": c.name, **{name: pooled([scored(c, gazetteer, p)])
                                          for name, p in zip(POLICIES, policies, strict=True)}})
    parts = document_parts_count()
    part = document_part([d.id for d in local.gold], parts)
    row: dict = {"corpus": LOCAL[0],
                 "context": pooled([scored(local, gazetteer, ContextPolicy())]),
                 "learned": pooled([scored(local, gazetteer, ranker(list(groups.values())))])}
    seen = {k: ranker_data.groups(local, gazetteer, lambda d, k=k: part[d] != k)
            for k in range(parts)}  # each part's groups built once, read by both rankers
    for name, features in ((POLICIES[2], MODEL_FEATURES), (POLICIES[3], with_home)):
        results = []
        for k in range(parts):
            policy = ranker([*groups.values(), seen[k]], features)
            results.append(scored(local, gazetteer, policy, lambda d, k=k: part[d] == k))
        row[name] = pooled(results)
    rows.append(row)
    return rows


def miss_kind(gold, resolution) -> str | None:
    """Why a gold toponym with a point is not placed within 161 km of it (``None``: it is):
    no place of its name in the gazetteer, the chosen place without a point, the gold's own
    GeoNames id chosen at a point far from the gold's, the gold among the candidates but
    another chosen, a candidate near the gold but of another id, or none near it."""
    from geoparser.distance import distance_km
    from geoparser.resolution.confidence import RIGHT_KM

    c = resolution.candidate if resolution else None
    if c is None:
        return "no candidate"
    if not c.has_point:
        return "chosen place has no point"
    if distance_km(gold.lat, gold.lon, c.lat, c.lon) <= RIGHT_KM:
        return None
    if gold.geonameid is not None and c.geonameid == gold.geonameid:
        return "its own id, at a point far from the gold's"
    if gold.geonameid is not None and any(x.geonameid == gold.geonameid for x in resolution.ranked):
        return "the gold place among the candidates, another chosen"
    if any(x.has_point and distance_km(gold.lat, gold.lon, x.lat, x.lon) <= RIGHT_KM
           for x in resolution.ranked):
        return "a candidate near the gold, of another id"
    return "no candidate near the gold"


def misses(shared: Path) -> str:
    """What ``context`` places wrong on LGL-dev from gold mentions, every mention placed, by
    ``miss_kind``, with the names most often so."""
    from geoparser.gazetteers import create_gazetteer
    from geoparser.resolution.context import ContextPolicy

    local = local_news(shared)
    parsed = placed(local, create_gazetteer("offline"), ContextPolicy())
    kinds: Counter = Counter()
    names: dict[str, Counter] = {}
    n = 0
    for doc, p in zip(local.gold, parsed, strict=True):
        by_span = {(r.mention.start, r.mention.end): r for r in p.resolutions}
        for t in doc.toponyms:
            if not t.has_point or t.start is None:
                continue
            n += 1
            kind = miss_kind(t, by_span.get((t.start, t.end)))
            if kind is not None:
                kinds[kind] += 1
                names.setdefault(kind, Counter())[t.text] += 1
    lines = [f"{sum(kinds.values())} of {n} gold toponyms with a point placed wrong", "",
             "| why | toponyms | most often |", "|---|---:|---|"]
    lines += [f"| {k} | {v} | " + ", ".join(f"{name} {c}" for name, c in
                                             names[k].most_common(6)) + " |"
              for k, v in kinds.most_common()]
    return "\n".join(lines)


def markdown(rows: Sequence[dict]) -> str:
    def cell(v: tuple[float, float | None]) -> str:
        return f"{v[0]:.3f}" + (f" / {v[1]:.3f}" if v[1] is not None else "")

    lines = ["| held out | " + " | ".join(POLICIES) + " |", "|---|" + "---|" * len(POLICIES)]
    lines += [f"| {r['corpus']} | " + " | ".join(cell(r[p]) for p in POLICIES) + " |"
              for r in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    ap.add_argument("--misses", action="store_true",
                    help="what context places wrong on LGL-dev, by why, instead of the table")
    args = ap.parse_args(argv)
    if not (args.shared / "corpora" / LOCAL[2]).exists():
        print(f"ranker_local_news: skipped: no {LOCAL[2]} under {args.shared / 'corpora'}")
        return 0
    print(misses(args.shared) if args.misses else markdown(table(args.shared)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
