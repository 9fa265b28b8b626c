"""The record of the files a chunked run wrote in its parts folder, so that only those are
ever deleted there.

``OUT.parts`` may be a link to the user's scratch space, where files named like ours
(``chunk-00000001.json``, ``recognised-00000001.json``) can be the user's own: a name says
nothing about who wrote a file. Before writing a file there a run appends its name to
``written.jsonl``, and the name of the temporary file it is written under (a name the run
chose: ``temporary_name``); once the file is in place it appends the file's SHA-256. A file of
the folder is ours exactly when its very name is listed: a user's ``.chunk-00000001.json.mine
.tmp`` is not, though it looks like a temporary file of ours. The lock is listed before it is
made. The ledger is ours only if it begins with ``LEDGER_HEADER``: a user's own
``written.jsonl`` is a file we did not write like any other.
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import stat
from collections.abc import Iterable
from pathlib import Path

from geoparser.errors import OutputError

LEDGER = "written.jsonl"
#: The first line of every ledger a run writes.
LEDGER_HEADER = '{"toposcope_ledger": 1}\n'


def temporary_name(name: str) -> str:
    """A fresh name to write ``name`` under before it is renamed into place."""
    return f".{name}.{secrets.token_hex(8)}.tmp"


class PartLedger:
    """``written.jsonl`` of one parts folder: the names (and checksums) of what a run wrote."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @property
    def path(self) -> Path:
        return self.folder / LEDGER

    def listed(self) -> dict[str, str | None]:
        """Every file the runs of this folder wrote, with its last recorded SHA-256 (None
        while only announced). A line cut short by a kill is skipped: it names no file whose
        write began."""
        found: dict[str, str | None] = {}
        text = self._text()
        if text is None or not text.startswith(LEDGER_HEADER):
            return found
        for line in text.splitlines()[1:]:
            try:
                entry = json.loads(line)
                name, digest = entry["file"], entry.get("sha256")
            except (ValueError, TypeError, KeyError, AttributeError):
                continue
            if isinstance(name, str) and (digest is None or isinstance(digest, str)):
                found[name] = digest if digest is not None else found.get(name)
        return found

    def _text(self) -> str | None:
        """The ledger's text; ``None`` if there is none. Only a regular file is read (a link
        to a device or a named pipe there is the user's)."""
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except FileNotFoundError:
            return None
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENXIO):  # a link, or a pipe without writer
                return ""
            raise OutputError(f"cannot read {self.path}: {exc.strerror or exc}") from None
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                return ""
            return fh.read().decode("utf-8", errors="replace")

    def is_ours(self) -> bool:
        """Whether the folder has no ledger or one a run wrote (``LEDGER_HEADER``)."""
        text = self._text()
        return text is None or text.startswith(LEDGER_HEADER)

    def announce(self, *names: str) -> None:
        """Record that this run is about to write ``names`` (before any byte of them)."""
        self._append({"file": name} for name in names)

    def wrote(self, name: str, digest: str) -> None:
        """Record the SHA-256 of ``name`` once it is in place."""
        self._append([{"file": name, "sha256": digest}])

    def _append(self, entries: Iterable[dict[str, str]]) -> None:
        data = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries).encode()
        try:
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_EXCL
                             | os.O_NOFOLLOW, 0o644)
                data = LEDGER_HEADER.encode() + data
            except FileExistsError:
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW)
            try:
                os.write(fd, data)  # one write: a kill leaves whole lines and at most one cut
            finally:
                os.close(fd)
        except OSError as exc:
            raise OutputError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def foreign(self, names: Iterable[str]) -> list[str]:
        """Those of ``names`` no run of this folder wrote, sorted."""
        listed = self.listed()
        ours = self.is_ours()
        return sorted(n for n in names if (n != LEDGER or not ours)
                      and (n == LEDGER or n not in listed))

    def owned(self, names: Iterable[str]) -> list[str]:
        """Those of ``names`` a run of this folder wrote (the ledger itself left out)."""
        listed = self.listed()
        return sorted(n for n in names if n != LEDGER and n in listed)
