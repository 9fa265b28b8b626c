"""``make train-decision``'s figures and tables: what a user gets from a corpus's rows at
given thresholds (``outcome``), and each corpus's runs (no decision, the shipped decision, the
refit, ...) as Markdown."""

from __future__ import annotations

from typing import Any

import numpy as np

from benchmarks.training.decision_data import DecisionRows
from evaluation.calibration import TOP_SHARE, expected_calibration_error, most_confident


def outcome(rows: DecisionRows, keep: np.ndarray, placed: np.ndarray,
            marker: np.ndarray | None) -> dict[str, Any]:
    """What a user gets when ``keep`` spans are output and ``placed`` of them drawn; the rows
    the corpus's convention masks (a kind it leaves out: their false positives, and the
    calibration of the markers without them) are also given apart, as ``*_annotated``, and
    the false positives without the street-level outputs (``MentionKind.STREET``: what
    ``--kinds`` without ``street`` leaves off) as ``fp_per_100_no_street``."""
    silent = rows.masked
    kept_gold = keep & (rows.toponym == 1)
    right = np.nan_to_num(rows.right) == 1
    drawn = keep & placed
    judged = drawn & ~np.isnan(rows.right)
    out: dict[str, Any] = {
        "precision": float(kept_gold.sum() / max(keep.sum(), 1)),
        "fp_per_100": float(100 * (keep & (rows.toponym == 0)).sum() / max(rows.gold, 1)),
        "acc161": (float((drawn & right).sum() / rows.gold_with_point)
                   if rows.gold_with_point else None),
        "acc_id": (float((keep & (np.nan_to_num(rows.same_id) == 1)).sum()
                         / rows.gold_with_id) if rows.gold_with_id else None),
        "fp_per_100_annotated": float(100 * (keep & (rows.toponym == 0) & ~silent).sum()
                                      / max(rows.gold, 1)),
        "fp_per_100_no_street": float(100 * (keep & (rows.toponym == 0) & ~rows.street).sum()
                                      / max(rows.gold, 1)),
        "markers": int(drawn.sum()),
        "markers_right": float(right[judged].mean()) if judged.any() else None,
    }
    if not rows.gold_with_point:  # no marker can be judged right
        out["markers_right"] = None
    elif marker is not None and judged.any():
        p, y = marker[judged], right[judged].astype(float)
        out["ece"] = expected_calibration_error(p, y)
        out["top80_right"] = float(y[most_confident(p, TOP_SHARE)].mean())
        annotated = judged & ~silent
        if annotated.any() and annotated.sum() < judged.sum():
            p, y = marker[annotated], right[annotated].astype(float)
            out["ece_annotated"] = expected_calibration_error(p, y)
            out["top80_right_annotated"] = float(y[most_confident(p, TOP_SHARE)].mean())
    return out


def markdown(table: list[dict[str, Any]], first: str = "held-out corpus") -> str:
    """One line a corpus and run of ``table`` (``train_decision.held_out``, ``document_folds``)."""
    def cell(v: Any) -> str:
        return "—" if v is None else f"{v:.3f}" if isinstance(v, float) else str(v)

    keys = ("precision", "fp_per_100", "fp_per_100_annotated", "fp_per_100_no_street", "acc161",
            "acc_id", "markers", "markers_right", "ece", "top80_right", "ece_annotated",
            "top80_right_annotated")
    lines = [f"| {first} | run | " + " | ".join(keys) + " |",
             "|---|---|" + "---:|" * len(keys)]
    for row in table:
        for run in ("no_decision", "shipped", "decision", "decision_every_unplaced",
                    "decision_all_placed", "decision_unbounded_minimum", "no_rejection"):
            if run not in row:
                continue
            lines.append(f"| {row['held_out']} | {run} | "
                         + " | ".join(cell(row[run].get(k)) for k in keys) + " |")
    return "\n".join(lines) + "\n"
