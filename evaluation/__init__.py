"""Toposcope's evaluation harness: score recognition and resolution under named schemes."""

from __future__ import annotations

from typing import Any

__all__ = ["score", "to_dataframe"]


def __getattr__(name: str) -> Any:
    if name == "score":
        from evaluation.schemes import score

        return score
    if name == "to_dataframe":
        from evaluation.reports.frames import to_dataframe

        return to_dataframe
    raise AttributeError(f"module 'evaluation' has no attribute {name!r}")
