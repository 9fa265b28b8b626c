"""Which mention kinds ``parse`` outputs by default: end-to-end acc@161 and false positives per
100 gold toponyms of one ``parse`` output with each candidate ``--kinds`` choice.

``--kinds`` only leaves toponyms out after the whole pipeline (``mention_kinds.only_kinds``), so
each choice's output is the full output without the toponyms of the other kinds: one run
scores them all. acc@161: gold toponyms with a point found with the exact span and placed
within 161 km; FP/100: predicted spans that are no gold span, per 100 gold toponyms
(``evaluation.reports.cross_corpus.end_to_end_scores``' definitions).
Run: ``toposcope parse --in GOLD --out PRED`` then
``python -m benchmarks.accuracy.kinds_default --gold GOLD --pred PRED``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from evaluation.schemes.distance import ACCURACY_KM
from geoparser.distance import distance_km
from geoparser.resolution.mention_kinds import KIND_NAMES

#: The choices measured: every kind, and every kind but the ones named.
CHOICES = {"all": (), "no street": ("street",), "no embedded": ("embedded",),
           "no street, no embedded": ("street", "embedded"), "no demonym": ("demonym",),
           "no metonymy": ("metonymy",), "no street, no metonymy": ("street", "metonymy")}


def jsonl_records(path: Path) -> list[dict[str, Any]]:
    """The JSON object of each non-blank line of a gold or ``parse`` output file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n")
            if line.strip()]


def placed_right(gold: dict[str, Any], output: dict[str, Any] | None) -> bool:
    """Whether ``output``, the toponym output on a gold toponym's exact span (None: nothing
    there), places it right: both have a point, at most acc@161's distance apart."""
    return (output is not None and gold.get("lat") is not None and gold.get("lon") is not None
            and output.get("lat") is not None and output.get("lon") is not None
            and distance_km(gold["lat"], gold["lon"], output["lat"], output["lon"])
            <= ACCURACY_KM)


def scores(gold: list[dict[str, Any]], pred: list[dict[str, Any]], left_out: tuple[str, ...]
           ) -> dict[str, float]:
    """acc@161 and FP/100 of ``pred`` without the toponyms of the kinds ``left_out``."""
    by_id = {d["id"]: d for d in pred}
    n_gold = with_point = right = false_pos = 0
    for g in gold:
        spans = {(t["start"], t["end"]): t for t in g["toponyms"]}
        n_gold += len(spans)
        kept = {(t["start"], t["end"]): t for t in by_id.get(g["id"], {}).get("toponyms", [])
                if t.get("mention_kind", "unknown") not in left_out}
        false_pos += sum(1 for span in kept if span not in spans)
        for span, t in spans.items():
            if t.get("lat") is None or t.get("lon") is None:
                continue
            with_point += 1
            right += placed_right(t, kept.get(span))
    return {"acc161": right / with_point if with_point else 0.0,
            "fp_per_100": 100.0 * false_pos / n_gold if n_gold else 0.0,
            "kinds": ",".join(k for k in KIND_NAMES if k not in left_out)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, required=True)
    ap.add_argument("--pred", type=Path, required=True)
    args = ap.parse_args(argv)
    gold, pred = jsonl_records(args.gold), jsonl_records(args.pred)
    counts: dict[str, int] = {}
    for d in pred:
        for t in d["toponyms"]:
            counts[t.get("mention_kind", "unknown")] = counts.get(
                t.get("mention_kind", "unknown"), 0) + 1
    print(f"output toponyms by kind: {dict(sorted(counts.items()))}")
    print("| choice | acc@161 | FP/100 |")
    print("|---|---|---|")
    for name, left_out in CHOICES.items():
        s = scores(gold, pred, left_out)
        print(f"| {name} | {s['acc161']:.4f} | {s['fp_per_100']:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
