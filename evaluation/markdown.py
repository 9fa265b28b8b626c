"""Small helpers for the harness's Markdown reports (no pandas: ``score`` must start fast)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def cell(value: object, digits: int = 3) -> str:
    """A table cell: ``undefined`` for ``None``, floats to ``digits`` places."""
    if value is None:
        return "undefined"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value).replace("|", "\\|").replace("\n", " ")


def table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A GitHub-flavoured Markdown table."""
    lines = ["| " + " | ".join(headers) + " |",
             "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)
