"""``toposcope score`` output in each ``--format``: table, json, csv or markdown.

Table cells: "undefined" for a ratio that is 0/0, "n/a" for a measure that does not apply to
the row (an error category ELEVANT reports as a bare number has no rate). ``--scheme all``
prints one table per scheme. JSON is written as it is made: the per-document part is encoded
one document at a time, so memory does not grow with the corpus's output.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Any

import msgspec

from evaluation.reports.html import inert_markdown
from evaluation.schemes import ScoreResult
from geoparser.errors import UsageError
from geoparser.io.csv_text import csv_text

FORMATS = ("csv", "json", "markdown", "table")
SHORT = {"correct": "COR", "incorrect": "INC", "partial": "PAR", "missed": "MIS",
         "spurious": "SPU", "possible": "POS", "actual": "ACT", "precision": "P",
         "recall": "R", "f1": "F1", "accuracy_161": "acc@161", "accuracy_tolerance": "acc@tol",
         "accuracy_10": "acc@10", "accuracy_geonameid": "acc by id", "n_geonameid": "n by id",
         "gold_without_coordinates": "no point", "denominator": "out of"}
TABLE_SKIP = {"possible", "actual"}  # derivable, and in the CSV/JSON: keeps tables in 80 columns


def check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")


NOT_APPLICABLE = "n/a"
_MISSING = object()
_PLACEHOLDER = "@@toposcope-streamed-{}@@"


def _cell(v: object) -> str:
    if v is _MISSING:
        return NOT_APPLICABLE
    if v is None:
        return "undefined"
    return f"{v:.3f}" if isinstance(v, float) else str(v)


def print_table(console: Any, result: ScoreResult, notes: Any = None) -> None:
    """The result's rows as a terminal table ("undefined" for 0/0, "n/a" where a measure does
    not apply), never narrower than its content: a long label widens the table rather than
    folding the cells. ``all``: one table per scheme. ``notes``: a console for the notes."""
    parts = getattr(result, "results", None)
    if parts is not None:
        for part in parts.values():
            print_table(console, part, notes)
        return
    _print_one(console, result)
    for note in getattr(result, "notes", ()) if notes is not None else ():
        notes.print(f"note: {note}", highlight=False)


def _print_one(console: Any, result: ScoreResult) -> None:
    from rich import box
    from rich.measure import Measurement
    from rich.table import Table

    rows = result.to_rows()
    options = getattr(result, "options", {})
    table = Table(title=f"{result.scheme} ({', '.join(f'{k}={v}' for k, v in options.items())})",
                  box=box.SIMPLE_HEAD, pad_edge=False)
    keys: list[str] = []
    for row in rows:
        keys += [k for k in row if k not in keys and k not in TABLE_SKIP]
    cells = [[_cell(row.get(k, _MISSING)) for k in keys] for row in rows]
    widths = [max([len(SHORT.get(k, k))] + [len(c[i]) for c in cells]) for i, k in enumerate(keys)]
    for k, w in zip(keys, widths, strict=True):
        table.add_column(SHORT.get(k, k), min_width=w, no_wrap=True,
                         justify="left" if isinstance(rows[0].get(k), str) else "right")
    for row, line in zip(rows, cells, strict=True):
        if row.get("id") == "overall":
            table.add_section()
        table.add_row(*line)
    # The table's natural width, whatever the terminal's: rich would otherwise squeeze a
    # column, the narrowest first (the one-letter `n` of the distance table) down to nothing.
    # (``print(width=...)`` is capped at the console's width, so the console is widened.)
    natural = Measurement.get(console, console.options.update(width=10**6), table).maximum
    width = console.width
    console.width = max(width, natural)
    try:
        console.print(table, crop=False)
    finally:
        console.width = width


def write_json(result: ScoreResult, write: Callable[[str], Any]) -> None:
    """The result's JSON, indented by two, as ``json.dumps(result.to_json(), indent=2)`` would
    give it, written piece by piece: every lazy list (the per-document part) one item at a
    time. msgspec encodes: ten times faster than ``json`` on 100,000 documents."""
    streams: list[Iterator[Any]] = []

    def skeleton(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: skeleton(v) for k, v in value.items()}
        if isinstance(value, Iterator):
            streams.append(value)
            return _PLACEHOLDER.format(len(streams) - 1)
        return value

    text = _format(skeleton(result.to_json(lazy=True)), 0)
    for k, items in enumerate(streams):
        head, text = text.split(f'"{_PLACEHOLDER.format(k)}"', 1)
        write(head)
        line = head.rsplit("\n", 1)[-1]  # '    "documents": ': the list's indentation
        indent = len(line) - len(line.lstrip(" "))
        first = True
        for item in items:
            write(("[\n" if first else ",\n") + _format(item, indent + 2))
            first = False
        write("[]" if first else "\n" + " " * indent + "]")
    write(text + "\n")


def _format(value: Any, indent: int) -> str:
    """``value`` as indented JSON, every line after the first shifted by ``indent`` spaces;
    the first line too when it is an item of a list (``indent`` > 0)."""
    text = msgspec.json.format(msgspec.json.encode(value), indent=2).decode()
    if not indent:
        return text
    pad = " " * indent
    return pad + text.replace("\n", "\n" + pad)


def render_text(result: ScoreResult, fmt: str) -> str:
    """json, csv or markdown output as text (``table`` is printed with rich instead)."""
    if fmt == "json":
        buf = io.StringIO()
        write_json(result, buf.write)
        return buf.getvalue()
    if fmt == "markdown":
        return inert_markdown(result.to_markdown())
    rows = result.to_rows()
    keys: list[str] = []
    for row in rows:
        keys += [k for k in row if k not in keys]
    return csv_text([keys, *([row.get(k) for k in keys] for row in rows)])
