"""What every command shares: the consoles for output, notes and errors, and the one rule
that turns a ``ToposcopeError`` into ``toposcope: error: ...`` and exit status 2."""

from __future__ import annotations

import errno
import functools
import os
import sys
from collections.abc import Callable
from typing import TypeVar

import typer
from rich.console import Console

from geoparser.errors import OutputError, ToposcopeError

#: The exit status of a command whose reader closed the pipe (``score | head``), as a shell
#: reports a process ended by SIGPIPE.
BROKEN_PIPE_EXIT = 141


class BrokenPipe(Exception):
    """The reader of standard output went away: the command stops quietly."""


class GuardedStdout:
    """Standard output as a file that says when it cannot take what is written: closed at
    start (``>&-``) or under us, or full (``>/dev/full``) is an ``OutputError``; a reader that
    went away is ``BrokenPipe``. rich writes through it, so a table is never lost in silence.
    """

    @staticmethod
    def _stream():
        stream = sys.stdout
        if stream is None or stream.closed:
            raise OutputError("cannot write to standard output: it is closed")
        return stream

    def write(self, text: str) -> int:
        try:
            return self._stream().write(text)
        except (OSError, ValueError) as exc:
            raise _stdout_error(exc) from None

    def flush(self) -> None:
        try:
            self._stream().flush()
        except (OSError, ValueError) as exc:
            raise _stdout_error(exc) from None

    def isatty(self) -> bool:
        stream = sys.stdout
        return bool(stream is not None and not stream.closed and stream.isatty())

    def fileno(self) -> int:
        return self._stream().fileno()

    @property
    def encoding(self) -> str:
        stream = sys.stdout
        return getattr(stream, "encoding", None) or "utf-8"


def _stdout_error(exc: BaseException) -> Exception:
    if isinstance(exc, OSError) and exc.errno == errno.EPIPE:
        return BrokenPipe()
    if isinstance(exc, ValueError):
        return OutputError("cannot write to standard output: it is closed")
    return OutputError(f"cannot write to standard output: {exc.strerror or exc}")


stdout = GuardedStdout()
err = Console(stderr=True)
info = Console(stderr=True)  # progress notes; silenced by --quiet, unlike errors
out = Console(file=stdout)  # type: ignore[arg-type]

F = TypeVar("F", bound=Callable[..., object])


def user_errors(func: F) -> F:
    """Report ``ToposcopeError`` as ``toposcope: error: ...`` on stderr and exit with 2."""

    @functools.wraps(func)
    def wrapper(*args: object, **kwargs: object) -> object:
        try:
            result = func(*args, **kwargs)
            if sys.stdout is not None and not sys.stdout.closed:
                stdout.flush()  # a full disk shows at the flush: said now, not at exit
            return result
        except BrokenPipe:
            _silence_stdout()
            raise typer.Exit(BROKEN_PIPE_EXIT) from None
        except ToposcopeError as exc:
            err.print(f"toposcope: error: {exc}", markup=False, highlight=False, soft_wrap=True)
            raise typer.Exit(exc.exit_code) from None

    return wrapper  # type: ignore[return-value]


def _silence_stdout() -> None:
    """Point standard output at the null device, so the interpreter's last flush on exit
    meets no broken pipe (Python's documented remedy for SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
