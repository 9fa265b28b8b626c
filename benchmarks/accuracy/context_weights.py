"""How much each of the ``context`` policy's weights matters: every weight of ``ContextWeights``
removed (0), halved and doubled in turn, resolution from gold mentions scored on each shared
corpus (acc@161 by ``ranker_data.metrics``), against the shipped weights in the same run.

The weights were set by reasoning about single cases, not fitted; this table is their
measured source (docs/resolution.md, "What each context weight is worth"). It changes no
weight: a corpus the table is read on is not one a weight was then tuned on.

Run: ``python -m benchmarks.accuracy.context_weights [--shared ../shared] [--corpus NAME]``
(``make bench-context-weights``; needs ``../shared/corpora``; context toponyms from
``en_core_web_sm`` are recognised once and cached, as for ``make train-ranker``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import fields, replace
from pathlib import Path

from benchmarks.public_corpora import SHARED
from benchmarks.training import ranker_data
from geoparser.gazetteers import create_gazetteer
from geoparser.pipeline import resolve
from geoparser.resolution.context import ContextPolicy, ContextWeights

#: The factors each numeric weight is tried at; a length scale is never 0 (no distance).
FACTORS = (0.0, 0.5, 2.0)
SCALES = ("population_scale", "near_scale_km", "guide_scale_km", "focus_scale_km")
#: Weights no shared corpus can exercise: the guide (no guide points in parse or resolve)
#: and the home region (no shared document has a source).
UNEXERCISED = ("guide", "guide_scale_km", "home_first_level", "home_country")


def variants() -> dict[str, ContextWeights]:
    """Row name -> weights: the shipped ones, then each weight at each factor, then each
    switch off."""
    w = ContextWeights()
    out = {"shipped": w}
    for f in fields(ContextWeights):
        value = getattr(w, f.name)
        if f.name in UNEXERCISED:
            continue
        if isinstance(value, bool):
            out[f"{f.name} off"] = replace(w, **{f.name: False})
            continue
        for factor in FACTORS:
            if factor == 0.0 and f.name in SCALES:
                continue
            out[f"{f.name} ×{factor:g}"] = replace(w, **{f.name: value * factor})
    return out


def measure(shared: Path, wanted: set[str] | None) -> list[dict]:
    gazetteer = create_gazetteer("offline")
    rows = []
    for corpus in ranker_data.load_corpora(shared, wanted):
        for name, weights in variants().items():
            t0 = time.perf_counter()
            parsed = resolve(corpus.mentions, gazetteer, ContextPolicy(weights),
                             context_mentions=corpus.context)
            m = ranker_data.metrics(corpus, parsed)
            rows.append({"corpus": corpus.name, "variant": name, "n": m["n"],
                         "acc@161": m["acc@161"], "acc by id": m["acc by id"],
                         "seconds": round(time.perf_counter() - t0, 1)})
            print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    return rows


def table(rows: list[dict]) -> str:
    """Markdown: a row per variant, a column per corpus with the change of acc@161 against
    the shipped weights (in points of percent), and their mean."""
    corpora = list(dict.fromkeys(r["corpus"] for r in rows))
    base = {r["corpus"]: r["acc@161"] for r in rows if r["variant"] == "shipped"}
    by = {(r["corpus"], r["variant"]): r["acc@161"] for r in rows}
    lines = ["| variant | " + " | ".join(corpora) + " | mean |",
             "|---|" + "---:|" * (len(corpora) + 1),
             "| shipped (acc@161) | " + " | ".join(f"{base[c]:.3f}" for c in corpora) + " | |"]
    for variant in dict.fromkeys(r["variant"] for r in rows):
        if variant == "shipped":
            continue
        deltas = [100 * (by[(c, variant)] - base[c]) for c in corpora]
        lines.append(f"| {variant} | " + " | ".join(f"{d:+.2f}" for d in deltas)
                     + f" | {sum(deltas) / len(deltas):+.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=SHARED)
    parser.add_argument("--corpus", action="append", help="only these corpora (repeatable)")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args(argv)
    if not (args.shared / "corpora").is_dir():
        print(f"context-weights: skipped, {args.shared / 'corpora'} not found", file=sys.stderr)
        return 0
    rows = measure(args.shared, set(args.corpus) if args.corpus else None)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
