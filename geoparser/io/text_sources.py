"""Plain UTF-8 text as input: a ``.txt`` file is one document, a folder one per ``.txt`` file
in name order (the ``text`` input format)."""

from __future__ import annotations

import errno
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from geoparser.errors import InputError
from geoparser.io.bounded_read import MAX_TEXT_BYTES, read_at_most
from geoparser.io.digest import file_sha256
from geoparser.io.source_base import (
    DEFAULT_ID_COLUMN,
    DEFAULT_TEXT_COLUMN,
    MAX_TEXT_CHARS,
    SOURCES,
    Record,
)
from geoparser.model import Document


@dataclass(frozen=True)
class TextRowDecoder:
    """A plain-text document; the payload is ``(id, file path)`` or ``(id, bytes)``."""

    path: Path

    def decode(self, location: int, payload: tuple[str, str | bytes]) -> Document:
        doc_id, data = payload
        where = ""
        if isinstance(data, str):
            where = f"{Path(data).name}: " if self.path.is_dir() else ""
            try:
                with Path(data).open("rb") as fh:
                    data = read_at_most(fh, MAX_TEXT_BYTES)
            except OSError as exc:
                raise InputError(f"{where}cannot read ({exc.strerror})", self.path,
                                 location) from None
            if data is None:
                raise InputError(f"{where}document {doc_id!r} has a text of more than "
                                 f"{MAX_TEXT_CHARS:,} characters, the most a document may "
                                 "have; split it", self.path, location)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputError(f"{where}not UTF-8 text ({exc.reason})", self.path,
                             location) from None
        if not text.strip():
            raise InputError(f"{where}document {doc_id!r} has an empty text", self.path,
                             location)
        if len(text) > MAX_TEXT_CHARS:
            raise InputError(f"{where}document {doc_id!r} has a text of {len(text):,} "
                             f"characters, more than the {MAX_TEXT_CHARS:,} a document may "
                             "have; split it", self.path, location)
        return Document(doc_id, text)


def _text_file(entry: Path, folder: Path) -> bool:
    """Whether a ``.txt`` entry of a folder is a document: a regular file (through links) is;
    a sub-folder is left out; anything else -- a dangling link, a link loop, a link to a
    device such as ``/dev/zero``, a named pipe -- is an ``InputError`` naming it, never
    skipped in silence (nor read: a device or pipe could block for ever)."""
    try:
        mode = entry.stat().st_mode
    except OSError as exc:
        what = "a link loop" if exc.errno == errno.ELOOP else (
            "a dangling link" if entry.is_symlink() else f"unreadable ({exc.strerror})")
        raise InputError(f"{entry.name} is {what}; remove it or fix it", folder) from None
    if stat.S_ISDIR(mode):
        return False
    if not stat.S_ISREG(mode):
        kind = "a named pipe" if stat.S_ISFIFO(mode) else "a device or other special file"
        raise InputError(f"{entry.name} is {kind}, not a text file; remove it or move it out "
                         "of the folder", folder)
    return True


@SOURCES.register("text")
class TextSource:
    """Plain UTF-8 text: a ``.txt`` file is one document whose id is the file name without
    ``.txt``; a folder holds one document per ``.txt`` file, in name order (hidden files and
    sub-folders are left out), so ids and output order do not depend on the file system."""

    format = "text"

    def __init__(self, path: Path, text_column: str = DEFAULT_TEXT_COLUMN,
                 id_column: str = DEFAULT_ID_COLUMN) -> None:
        self.path = path
        if path.is_dir():
            self.files = sorted(f for f in path.iterdir() if f.suffix.lower() in (".txt", ".text")
                                and not f.name.startswith(".") and _text_file(f, path))
            if not self.files:
                raise InputError("no .txt files in the folder", path)
            stems: dict[str, str] = {}
            for f in self.files:
                if f.stem in stems:
                    raise InputError(f"{stems[f.stem]} and {f.name} would both have the id "
                                     f"{f.stem!r}; rename one", path)
                stems[f.stem] = f.name
        else:
            self.files = [path]
        self.total = len(self.files)
        self.decoder = TextRowDecoder(path)

    def records(self) -> Iterator[Record]:
        for i, f in enumerate(self.files, start=1):
            yield i, (f.stem, str(f))

    def fingerprint(self) -> dict[str, Any]:
        stats = [(f.name, f.stat()) for f in self.files]
        return {"path": str(self.path.resolve()), "format": self.format,
                "files": [[name, st.st_size, st.st_mtime_ns, file_sha256(f)]
                          for (name, st), f in zip(stats, self.files, strict=True)]}
