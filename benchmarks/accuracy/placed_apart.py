"""Which gold toponyms one ``parse`` output places right and another does not: two taggers,
or two models, compared toponym by toponym on the same gold.

Right: the exact gold span output, not rejected, with a point within 161 km of the gold's
(acc@161's definition, as ``kinds_default`` counts it). Printed: how many each places right
that the other does not, by the gold's label and by the names most often.
Run: ``python -m benchmarks.accuracy.placed_apart --gold GOLD --pred A.jsonl B.jsonl``.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.accuracy.kinds_default import jsonl_records, placed_right


def right_in(gold: list[dict[str, Any]], pred: list[dict[str, Any]]
             ) -> set[tuple[str, int, int]]:
    """(document id, start, end) of the gold toponyms with a point that ``pred`` places right."""
    by_id = {d["id"]: {(t["start"], t["end"]): t for t in d.get("toponyms", [])
                       if not t.get("rejected")} for d in pred}
    right = set()
    for g in gold:
        out = by_id.get(g["id"], {})
        for t in g["toponyms"]:
            if placed_right(t, out.get((t["start"], t["end"]))):
                right.add((g["id"], t["start"], t["end"]))
    return right


def apart(gold: list[dict[str, Any]], a: list[dict[str, Any]], b: list[dict[str, Any]]
          ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The gold toponyms ``a`` places right and ``b`` does not, and the other way round."""
    ra, rb = right_in(gold, a), right_in(gold, b)
    toponyms = {(g["id"], t["start"], t["end"]): t for g in gold for t in g["toponyms"]}
    return ([toponyms[k] for k in sorted(ra - rb)], [toponyms[k] for k in sorted(rb - ra)])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--pred", type=Path, nargs=2, required=True, metavar=("A", "B"))
    ap.add_argument("--names", type=int, default=30, help="how many of the names to list")
    args = ap.parse_args(argv)
    gold = jsonl_records(args.gold)
    only = apart(gold, jsonl_records(args.pred[0]), jsonl_records(args.pred[1]))
    for path, toponyms in zip(args.pred, only, strict=True):
        labels = Counter(str(t.get("label")) for t in toponyms)
        names = Counter(t["text"] for t in toponyms)
        print(f"right only in {path}: {len(toponyms)}; by label {labels.most_common()}")
        print(f"  names: {names.most_common(args.names)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
