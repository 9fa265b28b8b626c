"""The span decision's rows with the shipped point confidence against fold-fed ones
(``train_decision`` without and with ``--fold-confidence``, each run's rows saved in its work
folder): how well each corpus's ``confidence`` column tells a right marker (its correlation
with the label "a toponym placed within 161 km", over the rows where that label is known),
and each corpus whose rows differ held out with the decision fitted on the other corpora's
default rows but scored on its fold-fed rows, so the two fits compare on the same rows.

Run, after both ``train_decision`` runs on every document:
``python -m benchmarks.training.confidence_stacking SHIPPED_WORK FOLD_WORK``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from benchmarks.training.decision_data import DecisionRows, rows_path
from benchmarks.training.decision_tables import markdown
from benchmarks.training.train_decision import CONFIG, held_out
from geoparser.decision.features import SPAN_FEATURES


def separation(rows: DecisionRows) -> float | None:
    """The correlation of the rows' ``confidence`` with their "right" label, where both are
    known (``None`` where there are none or no label varies)."""
    c = rows.x[:, SPAN_FEATURES.index("confidence")]
    known = ~np.isnan(c) & ~np.isnan(rows.right)
    if known.sum() < 2 or np.ptp(c[known]) == 0 or np.ptp(rows.right[known]) == 0:
        return None
    return float(np.corrcoef(c[known], rows.right[known])[0, 1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("shipped_work", type=Path, help="--work of the run without the option")
    ap.add_argument("fold_work", type=Path, help="--work of the run with --fold-confidence")
    args = ap.parse_args(argv)
    config = json.loads(CONFIG.read_text(encoding="utf-8"))
    shipped, fold = {}, {}
    for c in config["corpora"]:
        for rows, work, fold_fed in ((shipped, args.shipped_work, False),
                                     (fold, args.fold_work, True)):
            rows[c["name"]] = DecisionRows.load(
                rows_path(work, c["conventions"], c["tagger"], None, fold_fed))
    print("| corpus | confidence–right correlation, shipped | fold-fed |\n|---|---:|---:|")
    for name in shipped:
        cells = [separation(r[name]) for r in (shipped, fold)]
        print(f"| {name} | " + " | ".join("—" if v is None else f"{v:.3f}" for v in cells)
              + " |")
    # corpora whose rows are the same in both runs are in train_decision's own table
    differ = {n: r for n, r in fold.items()
              if not np.array_equal(shipped[n].x, r.x, equal_nan=True)}
    table = held_out(shipped, config, scored_on=differ)
    print("\nFitted on the default rows, scored on the held-out corpus's fold-fed rows:\n")
    print(markdown(table))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
