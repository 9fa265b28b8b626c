"""Progress bars for slow loops (index builds, corpora, web lookups), only where someone sees them.

Shown on an interactive stderr unless ``--quiet``; never in pipes, files or CI logs.
"""

from __future__ import annotations

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
)

T = TypeVar("T")

_enabled = True


def set_enabled(enabled: bool) -> None:
    """Turn progress bars on or off for this process (the CLI's ``--quiet`` turns them off)."""
    global _enabled
    _enabled = enabled


def visible() -> bool:
    return _enabled and sys.stderr.isatty()


def track(items: Iterable[T], description: str, total: int | None = None) -> Iterator[T]:
    """Yield ``items`` while drawing a bar (or a spinner when ``total`` is unknown)."""
    if not visible():
        yield from items
        return
    if total is None and hasattr(items, "__len__"):
        total = len(items)  # type: ignore[arg-type]
    columns = [SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
               MofNCompleteColumn(), TimeElapsedColumn()]
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task(description, total=total)
        for item in items:
            yield item
            bar.advance(task)


@contextmanager
def counter(description: str, total: int | None = None) -> Iterator[Callable[[int], None]]:
    """A bar advanced by hand (``advance(n)``), for work that finishes in batches."""
    if not visible():
        yield lambda n: None
        return
    columns = [SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
               MofNCompleteColumn(), TimeElapsedColumn()]
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task(description, total=total)
        yield lambda n: bar.advance(task, n)
