"""Scheme results as pandas DataFrames, for notebooks: one tidy long frame for every scheme.

Columns ``scheme``, ``measure``, ``document``, ``value``: one row per figure. ``document`` is a
document id for per-document figures and ``"overall"`` for the corpus's; ``measure`` is the
figure's path in the result's JSON joined by dots (``"strict.f1"``, ``"macro.exact.recall"``,
``"by_label.LOC.type.precision"``, ``"disambiguation.rare"``). ``value`` is a float: NaN for
an undefined figure (0/0). A figure that does not apply (an error category without a
denominator) has no row. ``all`` stacks every scheme's rows.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pandas as pd

from evaluation.schemes import ScoreResult

COLUMNS = ("scheme", "measure", "document", "value")
SKIPPED = ("scheme", "options", "notes", "examples")


def to_dataframe(result: ScoreResult) -> pd.DataFrame:
    """The result as a tidy long frame (see the module's docstring)."""
    parts = getattr(result, "results", None) or {result.scheme: result}
    rows = [row for name, part in parts.items() for row in _rows(name, part.to_json())]
    frame = pd.DataFrame(rows, columns=list(COLUMNS))
    frame["value"] = frame["value"].astype(float)
    return frame


def _rows(scheme: str, data: dict[str, Any]) -> Iterator[tuple[str, str, str, float | None]]:
    for key, value in data.items():
        if key in SKIPPED:
            continue
        if key == "documents":
            for doc in value:
                for measure, v in _leaves(doc, ()):
                    if measure != "id":
                        yield scheme, measure, doc["id"], v
            continue
        prefix = () if key == "overall" else (key,)
        for measure, v in _leaves(value, prefix):
            if not (key == "denominators" and v is None):  # None there: does not apply
                yield scheme, measure, "overall", v


def _leaves(value: Any, path: tuple[str, ...]) -> Iterator[tuple[str, float | None]]:
    """(dotted path, number) of every numeric leaf; lists and strings are not figures."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, str(k)))
    elif value is None or (isinstance(value, int | float) and not isinstance(value, bool)):
        yield ".".join(path), value
