"""The record of the files a chunked run wrote in its parts folder, so that only those are
ever deleted there.

``OUT.parts`` may be a link to the user's scratch space, where files named like ours
(``chunk-00000001.json``, ``recognised-00000001.json``) can be the user's own: a name says
nothing about who wrote a file. Before writing a file there a run appends its name to
``written.jsonl``; once the file is in place it appends the file's SHA-256. A file of the
folder is ours exactly when its name (or the name its temporary file stands for) is listed.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from pathlib import Path

from geoparser.errors import OutputError

LEDGER = "written.jsonl"
#: ``atomic_path``'s temporary name for ``NAME``: ``.NAME.<random>.tmp``.
_TEMPORARY = re.compile(r"\.(?P<name>.+)\.[A-Za-z0-9_]+\.tmp")


def _final_name(name: str) -> str:
    """The file a temporary name is written for; any other name as it is."""
    match = _TEMPORARY.fullmatch(name)
    return match["name"] if match else name


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
        try:
            text = self.path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return found
        except OSError as exc:
            raise OutputError(f"cannot read {self.path}: {exc.strerror or exc}") from None
        for line in text.splitlines():
            try:
                entry = json.loads(line)
                name, digest = entry["file"], entry.get("sha256")
            except (ValueError, TypeError, KeyError, AttributeError):
                continue
            if isinstance(name, str) and (digest is None or isinstance(digest, str)):
                found[name] = digest if digest is not None else found.get(name)
        return found

    def announce(self, *names: str) -> None:
        """Record that this run is about to write ``names`` (before any byte of them)."""
        self._append({"file": name} for name in names)

    def wrote(self, name: str, digest: str) -> None:
        """Record the SHA-256 of ``name`` once it is in place."""
        self._append([{"file": name, "sha256": digest}])

    def _append(self, entries: Iterable[dict[str, str]]) -> None:
        data = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries).encode()
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, data)  # one write: a kill leaves whole lines and at most one cut
            finally:
                os.close(fd)
        except OSError as exc:
            raise OutputError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def foreign(self, names: Iterable[str]) -> list[str]:
        """Those of ``names`` no run of this folder wrote, sorted."""
        listed = self.listed()
        return sorted(n for n in names if n != LEDGER and _final_name(n) not in listed)

    def owned(self, names: Iterable[str]) -> list[str]:
        """Those of ``names`` a run of this folder wrote (the ledger itself left out)."""
        listed = self.listed()
        return sorted(n for n in names if n != LEDGER and _final_name(n) in listed)
