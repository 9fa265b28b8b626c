"""The one place CSV text is made: every cell a spreadsheet could read as a formula is
neutralised, whatever the column.

A cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a formula
to Excel, LibreOffice and Google Sheets (``=HYPERLINK(...)``, ``@SUM(...)``, DDE payloads).
As OWASP recommends (https://owasp.org/www-community/attacks/CSV_Injection), such a text
cell is written with a leading apostrophe, which spreadsheets show as text and do not
evaluate, and every cell is quoted as CSV needs. Numbers are written as numbers: ``-0.61``
as a longitude is data, not a formula. Every CSV we write -- ``parse``/``resolve`` output,
``q1.csv``-``q4.csv``, ``compare.csv``, ``score --format csv`` -- goes through here.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

#: First characters that make a spreadsheet evaluate a cell.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """``value`` as a CSV cell: None is empty; a text a spreadsheet would run gets a ``'``."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _breaks(value: Any) -> bool:
    return isinstance(value, str) and "\r" in value


def csv_text(rows: Iterable[Sequence[Any]]) -> str:
    """Rows (the header is a row) as CSV text, ``\\n`` line ends, every cell ``safe_cell``.

    The csv module quotes a cell holding the line terminator (``\\n``) but not a bare
    carriage return, which many readers take for a line end: the row would end early and the
    next could start with a formula. A row with one has every text cell quoted."""
    buf = io.StringIO()
    plain = csv.writer(buf, lineterminator="\n")
    quoted = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
    for row in rows:
        cells = [safe_cell(v) for v in row]
        (quoted if any(map(_breaks, cells)) else plain).writerow(cells)
    return buf.getvalue()


def frame_csv(frame: Any) -> str:
    """A pandas frame as CSV (no index), its column names and cells through ``safe_cell``;
    numeric columns are written exactly as ``DataFrame.to_csv`` writes them, and whole numbers
    in a mixed column stay whole (``4930956``, never ``4930956.0``)."""
    import pandas as pd
    from pandas.api.types import is_numeric_dtype

    safe = frame.rename(columns=lambda c: safe_cell(str(c)))
    text_columns = [c for c in safe.columns if not is_numeric_dtype(safe[c].dtype)]
    if text_columns:
        safe = safe.astype({c: object for c in text_columns})
        for c in text_columns:
            # built as object again: ``Series.map`` would turn a column of whole numbers with
            # gaps (a geonameid, a count) into floats, and the CSV would say 4930956.0
            safe[c] = pd.Series([safe_cell(v) if isinstance(v, str) else v for v in safe[c]],
                                index=safe.index, dtype=object)
    # a bare carriage return in any text cell: quote every text cell (see ``csv_text``)
    breaks = any(safe[c].map(_breaks).any() for c in text_columns) or any(
        map(_breaks, safe.columns))
    return safe.to_csv(index=False, lineterminator="\n",
                       quoting=csv.QUOTE_NONNUMERIC if breaks else csv.QUOTE_MINIMAL)
