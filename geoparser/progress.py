"""Progress bars for slow loops (index builds, corpora, web lookups), only where someone sees them.

Shown on an interactive stderr unless ``--quiet``; never in pipes, files or CI logs.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

T = TypeVar("T")

_enabled = True
_notes: Callable[[str], None] | None = None
log = logging.getLogger(__name__)


def set_enabled(enabled: bool) -> None:
    """Turn progress bars on or off for this process (the CLI's ``--quiet`` turns them off)."""
    global _enabled
    _enabled = enabled


def set_notes(sink: Callable[[str], None] | None) -> None:
    """Where ``note`` writes: the CLI's stderr (not under ``--quiet``); ``None``, the log."""
    global _notes
    _notes = sink


def note(message: str) -> None:
    """One line for the person waiting (a first-use index build), in a pipe or CI log too,
    where no bar is drawn; a library caller gets it in the log at INFO."""
    if _notes is not None:
        _notes(message)
    else:
        log.info(message)


def visible() -> bool:
    return _enabled and sys.stderr.isatty()


def track(items: Iterable[T], description: str, total: int | None = None) -> Iterator[T]:
    """Yield ``items`` while drawing a bar (or a spinner when ``total`` is unknown)."""
    if not visible():
        yield from items
        return
    if total is None and hasattr(items, "__len__"):
        total = len(items)  # type: ignore[arg-type]
    with Progress(*columns(total), transient=True) as bar:
        task = bar.add_task(description, total=total)
        for item in items:
            yield item
            bar.advance(task)


def columns(total: int | None) -> list:
    """The bar's columns: done of total, time spent, and time left when the total is known."""
    cols = [SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
            MofNCompleteColumn(), TimeElapsedColumn()]
    if total is not None:
        cols += [TextColumn("eta"), TimeRemainingColumn()]
    return cols


@contextmanager
def counter(description: str, total: int | Callable[[], int | None] | None = None
            ) -> Iterator[Callable[[int], None]]:
    """A bar advanced by hand (``advance(n)``), for work that finishes in batches.

    ``total`` may be a function, called only when the bar is shown (counting may cost a pass
    over the input).
    """
    if not visible():
        yield lambda n: None
        return
    if callable(total):
        total = total()
    with Progress(*columns(total), transient=True) as bar:
        task = bar.add_task(description, total=total)
        yield lambda n: bar.advance(task, n)
