"""What every command shares: the consoles for output, notes and errors, and the one rule
that turns a ``ToposcopeError`` into ``toposcope: error: ...`` and exit status 2."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

import typer
from rich.console import Console

from geoparser.errors import ToposcopeError

err = Console(stderr=True)
info = Console(stderr=True)  # progress notes; silenced by --quiet, unlike errors
out = Console()

F = TypeVar("F", bound=Callable[..., object])


def user_errors(func: F) -> F:
    """Report ``ToposcopeError`` as ``toposcope: error: ...`` on stderr and exit with 2."""

    @functools.wraps(func)
    def wrapper(*args: object, **kwargs: object) -> object:
        try:
            return func(*args, **kwargs)
        except ToposcopeError as exc:
            err.print(f"toposcope: error: {exc}", markup=False, highlight=False, soft_wrap=True)
            raise typer.Exit(exc.exit_code) from None

    return wrapper  # type: ignore[return-value]
