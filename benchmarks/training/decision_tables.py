"""``make train-decision``'s tables as Markdown: each corpus's runs (no decision, the shipped
decision, the refit, ...) by the figures ``train_decision.outcome`` gives."""

from __future__ import annotations

from typing import Any


def markdown(table: list[dict[str, Any]], first: str = "held-out corpus") -> str:
    """One line a corpus and run of ``table`` (``train_decision.held_out``, ``document_folds``)."""
    def cell(v: Any) -> str:
        return "—" if v is None else f"{v:.3f}" if isinstance(v, float) else str(v)

    keys = ("precision", "fp_per_100", "fp_per_100_annotated", "acc161", "acc_id", "markers",
            "markers_right", "ece", "top80_right", "ece_annotated", "top80_right_annotated")
    lines = [f"| {first} | run | " + " | ".join(keys) + " |",
             "|---|---|" + "---:|" * len(keys)]
    for row in table:
        for run in ("no_decision", "shipped", "decision", "decision_all_placed",
                    "decision_unbounded_minimum", "no_rejection"):
            if run not in row:
                continue
            lines.append(f"| {row['held_out']} | {run} | "
                         + " | ".join(cell(row[run].get(k)) for k in keys) + " |")
    return "\n".join(lines) + "\n"
