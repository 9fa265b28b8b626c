"""Scheme results as pandas DataFrames, for notebooks."""

from __future__ import annotations

import pandas as pd

from evaluation.results import SchemeResult


def to_dataframe(result: SchemeResult) -> pd.DataFrame:
    """One row per document (index: document id) plus a final ``overall`` row."""
    data = result.to_json()
    rows = [*data["documents"], {"id": "overall", **data["overall"]}]
    return pd.DataFrame(rows).set_index("id")
