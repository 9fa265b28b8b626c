"""``toposcope score`` output in each ``--format``: table, json, csv or markdown.

Table cells: "undefined" for a ratio that is 0/0, "n/a" for a measure that does not apply to
the row (an error category ELEVANT reports as a bare number has no rate). ``--scheme all``
prints one table per scheme. JSON is written as it is made: the summaries indented, the
per-document part one compact document a line, encoded a block at a time, so memory does not
grow with the corpus's output.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

import msgspec

from evaluation.results import EncodedLines
from evaluation.schemes import ScoreResult
from geoparser.errors import UsageError
from geoparser.io.csv_text import csv_text

FORMATS = ("csv", "json", "markdown", "table")
SHORT = {"correct": "COR", "incorrect": "INC", "partial": "PAR", "missed": "MIS",
         "spurious": "SPU", "possible": "POS", "actual": "ACT", "precision": "P",
         "recall": "R", "f1": "F1", "accuracy_161": "acc@161", "accuracy_tolerance": "acc@tol",
         "accuracy_10": "acc@10", "accuracy_geonameid": "acc by id", "n_geonameid": "n by id",
         "gold_without_coordinates": "no point", "denominator": "out of"}
TABLE_SKIP = {"possible", "actual",  # derivable, and in the CSV/JSON: keeps tables narrow
              "n_geonameid", "matched",
              # the confidence's figures get tables of their own (``_print_confidence``)
              "confidence_n", "ece", "accuracy_161_top80", "brier", "abstained",
              "marker_n", "marker_ece", "marker_right", "marker_right_top80"}
UNDEFINED_NOTE = ("undefined: a ratio of 0/0 — precision when nothing was predicted, recall "
                  "when there was nothing to find, F1 when either is (JSON null, CSV empty); "
                  "n/a: the measure does not apply to the row")


def rules_text(options: dict[str, Any]) -> str:
    """A result's rules in one line: "match auto (used: span); tolerance 10 km; pairing …"."""
    parts = []
    if "match" in options:
        used = options.get("match_used")
        parts.append(f"match {options['match']}" + (f" (used: {used})" if used else ""))
    if "variant" in options:
        parts.append(f"variant {options['variant']}")
    if "tolerance_km" in options:
        tol = options["tolerance_km"]
        parts.append(f"tolerance {tol:g} km" if isinstance(tol, float) else f"tolerance {tol}")
    if "pairing" in options:
        parts.append(f"pairing: {options['pairing']}")
    return "; ".join(parts)


def _is_per_document(row: dict[str, Any]) -> bool:
    return "id" in row and row["id"] != "overall"


def check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")


NOT_APPLICABLE = "n/a"
_MISSING = object()
_PLACEHOLDER = "@@toposcope-streamed-{}@@"


def _cell(v: object, key: str = "") -> str:
    if v is _MISSING:
        return NOT_APPLICABLE
    if v is None:
        return "undefined"
    if isinstance(v, float):
        return f"{v:,.1f}" if key.endswith("_km") else f"{v:.3f}"
    return str(v)


def print_table(console: Any, result: ScoreResult, notes: Any = None,
                per_document: bool = False) -> None:
    """The result's rows as a terminal table ("undefined" for 0/0, "n/a" where a measure does
    not apply), never narrower than its content: a long label widens the table rather than
    folding the cells. Each table's title carries its rules (``rules_text``). Summaries only
    unless ``per_document``; ``all``: one table per scheme. ``notes``: a console for the
    notes (and what "undefined" means, where it appears)."""
    parts = getattr(result, "results", None)
    shown = [*parts.values()] if parts is not None else [result]
    hidden = undefined = 0
    for part in shown:
        n_hidden, n_undefined = _print_one(console, part, per_document)
        hidden, undefined = hidden + n_hidden, undefined + n_undefined
        for note in getattr(part, "notes", ()) if notes is not None else ():
            notes.print(f"note: {note}", highlight=False)
    if notes is not None and undefined:
        notes.print(f"note: {UNDEFINED_NOTE}", highlight=False)
    if notes is not None and hidden:
        notes.print(f"note: {hidden} per-document rows not shown (--per-document shows them; "
                    "the JSON and CSV hold them)", highlight=False)


def _print_one(console: Any, result: ScoreResult, per_document: bool) -> tuple[int, int]:
    """Print one result's table; how many per-document rows it left out, and how many
    cells read "undefined"."""
    from rich import box
    from rich.table import Table

    all_rows = [r for r in result.to_rows() if "lay_on" not in r]  # their own table, below
    rows = all_rows if per_document else [r for r in all_rows if not _is_per_document(r)]
    options = getattr(result, "options", {})
    table = Table(title=f"{result.scheme}: {rules_text(options)}",
                  box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    keys: list[str] = []
    for row in [dict.fromkeys(getattr(result, "columns", ())), *rows]:
        keys += [k for k in row if k not in keys and k not in TABLE_SKIP]
    cells = [[_cell(row.get(k, _MISSING), k) for k in keys] for row in rows]
    widths = [max([len(SHORT.get(k, k))] + [len(c[i]) for c in cells]) for i, k in enumerate(keys)]
    for k, w in zip(keys, widths, strict=True):
        table.add_column(SHORT.get(k, k), min_width=w, no_wrap=True,
                         justify="left" if rows and isinstance(rows[0].get(k), str) else "right")
    for row, line in zip(rows, cells, strict=True):
        if row.get("id") == "overall":
            table.add_section()
        table.add_row(*line)
    print_wide(console, table)
    _print_confidence(console, result)
    _print_false_positives(console, result)
    return len(all_rows) - len(rows), sum(c == "undefined" for line in cells for c in line)


def _print_false_positives(console: Any, result: ScoreResult) -> None:
    """What the false positives lay on (``evaluation.false_positives``), where the gold has
    other entities: one row a kind, with the count per 100 gold toponyms."""
    from rich import box
    from rich.table import Table

    from evaluation.false_positives import DESCRIPTIONS

    found = getattr(result, "false_positives", None)
    if found is None:
        return
    table = Table(title=f"false positives by what they lay on ({found.total}; "
                  f"{found.gold_toponyms} gold toponyms)", box=box.SIMPLE_HEAD, pad_edge=False)
    for k, name in enumerate(("lay on", "", "false positives", "per 100 gold")):
        table.add_column(name, justify="left" if k < 2 else "right", no_wrap=True)
    for kind, n in found.counts.items():
        table.add_row(kind.value, DESCRIPTIONS[kind], str(n), _cell(found.per_100_gold(kind)))
    print_wide(console, table)


def _print_confidence(console: Any, result: ScoreResult) -> None:
    """The distance scheme's confidence figures: one summary line, then the reliability rows
    (ten bins) and the coverage rows as tables; nothing when the predictions state none."""
    from rich import box
    from rich.table import Table

    summary = getattr(result, "confidence", None)
    if summary is None:
        return
    c = summary.as_dict()
    console.print(f"confidence over {c['n']} placed matches: ECE {_cell(c['ece'])}, acc@161 "
                  f"of the 80% most confident {_cell(c['accuracy_161_top80'])}, Brier "
                  f"{_cell(c['brier'])}; {c['abstained']} held back", highlight=False,
                  soft_wrap=True)
    for title, head, rows in (
            ("reliability (right = within 161 km)",
             ("confidence", "n", "mean confidence", "acc@161"),
             [(f"{r['low']:.1f}–{r['high']:.1f}", r["n"], r["mean_confidence"], r["accuracy"])
              for r in c["reliability"]]),
            ("accuracy against coverage", ("most confident", "n", "from confidence", "acc@161"),
             [(f"{r['coverage']:.0%}", r["n"], r["min_confidence"], r["accuracy"])
              for r in c["coverage"]])):
        table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
        for k, name in enumerate(head):
            table.add_column(name, justify="left" if k == 0 else "right", no_wrap=True)
        for row in rows:
            table.add_row(*(v if isinstance(v, str) else _cell(v) for v in row))
        print_wide(console, table)


def print_wide(console: Any, table: Any) -> None:
    """Print a rich table at its natural width, whatever the terminal's: rich would otherwise
    squeeze a column, the narrowest first (the one-letter ``n`` of the distance table, a
    recogniser's name), down to nothing. (``print(width=...)`` is capped at the console's
    width, so the console is widened.)"""
    from rich.measure import Measurement

    natural = Measurement.get(console, console.options.update(width=10**6), table).maximum
    width = console.width
    console.width = max(width, natural)
    try:
        console.print(table, crop=False)
    finally:
        console.width = width


#: Items of a streamed list encoded at once: one encoder call per block, not per document.
STREAM_BLOCK = 2048


def write_json(result: ScoreResult, write: Callable[[str], Any]) -> None:
    """The result's JSON: the summaries indented by two, and every lazy list (the
    per-document part) one compact item a line, written block by block as it is made, so
    memory stays flat whatever the corpus's size. ``json.load`` reads what
    ``result.to_json()`` holds. Compact lines are half the bytes of indented ones and need
    no indenting pass: the per-document part costs about what reading the files does."""
    streams: list[Iterator[Any] | EncodedLines] = []

    def skeleton(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: skeleton(v) for k, v in value.items()}
        if isinstance(value, Iterator | EncodedLines):
            streams.append(value)
            return _PLACEHOLDER.format(len(streams) - 1)
        return value

    text = msgspec.json.format(msgspec.json.encode(skeleton(result.to_json(lazy=True))),
                               indent=2).decode()
    for k, items in enumerate(streams):
        head, text = text.split(f'"{_PLACEHOLDER.format(k)}"', 1)
        write(head)
        line = head.rsplit("\n", 1)[-1]  # '    "documents": ': the list's indentation
        pad = " " * (len(line) - len(line.lstrip(" ")) + 2)
        between = b",\n" + pad.encode()
        opened = False
        blocks = items.blocks if isinstance(items, EncodedLines) else _encoded(items)
        for block in blocks:
            if block:
                write((",\n" if opened else "[\n") + pad
                      + block[:-1].replace(b"\n", between).decode())
                opened = True
        write("\n" + pad[2:] + "]" if opened else "[]")
    write(text + "\n")


def _encoded(items: Iterator[Any]) -> Iterator[bytes]:
    """``items`` as compact JSON lines, ``STREAM_BLOCK`` items an encoder call."""
    encoder = msgspec.json.Encoder()
    while block := list(islice(items, STREAM_BLOCK)):
        yield encoder.encode_lines(block)


def render_text(result: ScoreResult, fmt: str) -> str:
    """json, csv or markdown output as text (``table`` is printed with rich instead)."""
    if fmt == "json":
        buf = io.StringIO()
        write_json(result, buf.write)
        return buf.getvalue()
    parts = getattr(result, "results", None)
    if fmt == "markdown":
        from evaluation.reports.html import inert_markdown  # pandas: only Markdown needs it

        lines = [f"- `{name}`: {rules_text(r.options)}" for name, r in
                 (parts.items() if parts is not None else [(result.scheme, result)])]
        return inert_markdown("Rules:\n\n" + "\n".join(lines) + "\n\n" + result.to_markdown())
    rows = result.to_rows()
    for row in rows:  # every row says the rules it was scored under
        row["rules"] = rules_text((parts[row["scheme"]] if parts is not None else result
                                   ).options)
    keys: list[str] = []
    columns = [c for r in (parts.values() if parts is not None else [result])
               for c in getattr(r, "columns", ())]
    for row in [*(rows[:1] if parts is not None else []), dict.fromkeys(columns), *rows]:
        keys += [k for k in row if k not in keys]
    return csv_text([keys, *([row.get(k) for k in keys] for row in rows)])
