"""Errors a user can act on. The CLI prints them on one line and exits with status 2."""

from __future__ import annotations

from pathlib import Path


class ToposcopeError(Exception):
    """Base class: a problem with the user's input, setup or a service, not a bug."""

    exit_code = 2


class UsageError(ToposcopeError):
    """A bad option value: unknown scheme, policy, recogniser, gazetteer."""


class InputError(ToposcopeError):
    """Bad input data, located by file and (1-based) line when known."""

    def __init__(self, message: str, path: str | Path | None = None, line: int | None = None):
        self.path = str(path) if path is not None else None
        self.line = line
        self.detail = message
        where = self.path or ""
        if where and line is not None:
            where = f"{where}:{line}"
        super().__init__(f"{where}: {message}" if where else message)


class ModelNotFoundError(ToposcopeError):
    """A named spaCy pipeline is not installed."""


class ServiceError(ToposcopeError):
    """A web service failed, refused or answered something we cannot read."""


class OutputError(ToposcopeError):
    """An output cannot be written where asked: a folder where a file goes, the input itself,
    a read-only folder, a full disk."""
