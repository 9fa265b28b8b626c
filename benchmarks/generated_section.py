"""A generated part of a Markdown page, between two markers, written by the command that
measures it: ``<!-- NAME:start -->`` and ``<!-- NAME:end -->`` (the form docs/architecture.md
and docs/numbers.md use). Only what lies between them is replaced; the page is written
atomically, so a failed run leaves it as it was.
"""

from __future__ import annotations

from pathlib import Path

from geoparser.errors import UsageError
from geoparser.io.atomic import write_text_atomic


class MissingMarkers(UsageError):
    """The page has no place (or no single place) for the generated part."""


def markers(name: str) -> tuple[str, str]:
    """The start and end markers of the generated part ``name``."""
    return f"<!-- {name}:start -->", f"<!-- {name}:end -->"


def replaced(page: str, name: str, body: str, where: str = "the page") -> str:
    """``page`` with what lies between the markers of ``name`` replaced by ``body`` (set on
    lines of its own); an error naming ``where`` when the markers are missing, repeated or in
    the wrong order."""
    start, end = markers(name)
    counts = page.count(start), page.count(end)
    if counts != (1, 1):
        raise MissingMarkers(
            f"{where}: needs the lines {start} and {end} once each around the generated "
            f"table (found {counts[0]} and {counts[1]}); add them where the table belongs")
    head, rest = page.split(start)
    if end not in rest:
        raise MissingMarkers(f"{where}: {end} comes before {start}")
    _, tail = rest.split(end)
    return f"{head}{start}\n{body.strip()}\n{end}{tail}"


def write_section(path: Path, name: str, body: str) -> None:
    """Replace the generated part ``name`` of the page at ``path`` (atomically)."""
    page = path.read_text(encoding="utf-8")
    write_text_atomic(path, replaced(page, name, body, str(path)))
