"""One rule for numbers in the tables people read (CSV and JSON keep full precision).

Ratios (precision, recall, F1, shares) with 3 decimals; counts as integers; throughput
(docs/s) with one decimal; distances in km with one decimal; coordinates with 4 decimals
(about 10 m). A ratio whose denominator is 0 is "undefined"; any other missing value is "—".
"""

from __future__ import annotations

import math

import pandas as pd

UNDEFINED = "undefined"


def kind(column: str) -> str:
    c = column.lower()
    if c == "docs/s" or c.endswith("per second"):
        return "rate"
    if "km" in c.split() or c.endswith(" km"):
        return "km"
    if c in ("lat", "lon") or c.endswith((" lat", " lon")):
        return "coordinate"
    if c in ("precision", "recall", "accuracy", "p", "r") or "f1" in c or c.startswith("share"):
        return "ratio"
    return "other"


def cell(value: object, column: str) -> object:
    """``value`` as shown in column ``column``."""
    k = kind(column)
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return UNDEFINED if k == "ratio" else "—"
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    if k == "ratio":
        return f"{value:.3f}"
    if k == "rate":
        return f"{value:,.1f}"
    if k == "km":
        return f"{value:,.1f}"
    if k == "coordinate":
        return f"{value:.4f}"
    if isinstance(value, int) or value.is_integer():
        return f"{int(value):d}"  # a count (or a whole number such as a tolerance)
    return f"{value:.3f}"


def frame(df: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``df`` with every cell formatted by its column's kind, as text."""
    out = df.astype(object).copy()
    for col in out.columns:
        out[col] = [cell(v, str(col)) for v in out[col]]
    return out
