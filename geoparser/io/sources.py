"""Documents to geoparse, read one raw record at a time from JSON Lines, CSV, Parquet, plain
text (a ``.txt`` file, a folder of them) or standard input.

Reading only splits the input into records ``(line or row number, raw payload)``; a picklable
``RowDecoder`` turns a record into a ``Document`` or raises ``InputError`` at its file and line.
Keeping the two apart lets a resumed run skip finished chunks without decoding them, and lets
worker processes do the decoding. Locations are 1-based: the physical line where the record
starts for JSONL and CSV (a quoted CSV field may span lines), the row number for Parquet, the
file's position (in name order) for a folder of texts.

Ids: a record without the id field (``id`` unless ``--id-column`` names another) gets its
location as id, as a string ("3" for line 3); a ``.txt`` file's id is its name without ``.txt``.
Standard input (``-``) holds JSON Lines when its first non-blank character is ``{``, else
one plain-text document with the id ``stdin``; ``--in-format`` overrides the guess.
"""
from __future__ import annotations

import csv
import io
import os
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from geoparser.errors import InputError, UsageError
from geoparser.io.bounded_read import MAX_LINE_BYTES, MAX_TEXT_BYTES, bounded_lines, read_at_most
from geoparser.io.digest import file_sha256
from geoparser.io.documents import GOLD_FILENAME
from geoparser.io.json_lines import json_object
from geoparser.io.source_base import (
    DEFAULT_ID_COLUMN,
    DEFAULT_TEXT_COLUMN,
    MAX_TEXT_CHARS,
    SOURCES,
    STDIN,
    STDIN_ID,
    SUFFIXES,
    Record,
    RowDecoder,
    Source,
)
from geoparser.io.text_sources import TextRowDecoder, TextSource
from geoparser.model import Document, group_of


def input_format(path: Path, given: str | None = None) -> str:
    """The format named by ``given``, else the one the file name says.

    A folder is a dataset (its ``captions.jsonl``) when it has one, else a folder of ``.txt``
    files (format ``text``).
    """
    if given:
        SOURCES.get(given)
        return given
    if path.is_dir():
        return "jsonl" if (path / GOLD_FILENAME).is_file() else "text"
    fmt = SUFFIXES.get(path.suffix.lower())
    if fmt is None:
        raise UsageError(f"cannot tell the format of {path} from its name; give --in-format "
                         f"({', '.join(SOURCES.names())})")
    return fmt


def open_source(path: Path | str, fmt: str | None = None,
                text_column: str = DEFAULT_TEXT_COLUMN, id_column: str = DEFAULT_ID_COLUMN,
                stdin: BinaryIO | None = None, group_column: str | None = None) -> Source:
    """The input at ``path``: a file, a dataset folder (its ``captions.jsonl``), a folder of
    ``.txt`` files, or ``-`` for ``stdin`` (standard input unless another stream is given).
    ``group_column``: the JSONL field or CSV column read as each document's ``source`` (its
    group, a paper), where present."""
    if str(path) == STDIN:
        return _stdin_source(stdin or sys.stdin.buffer, fmt, text_column, id_column)
    path = Path(path)
    if is_pipe(path):
        return _pipe_source(path, fmt, text_column, id_column)
    fmt = input_format(path, fmt)
    if path.is_dir() and fmt != "text":
        path = path / GOLD_FILENAME
    if not path.exists():
        raise InputError("file not found", path)
    if not (path.is_file() or (fmt == "text" and path.is_dir())):
        raise InputError("not a regular file", path)
    extra = {"group_column": group_column} if group_column and fmt in ("jsonl", "csv") else {}
    return SOURCES.create(fmt, path=path, text_column=text_column, id_column=id_column,
                          **extra)


def record_count(source: Source) -> int | None:
    """How many records ``source`` holds: known up front (Parquet, texts) or counted by a cheap
    pass over a file (JSONL, CSV); ``None`` for a stream. For progress bars only."""
    if source.total is not None:
        return source.total
    count = getattr(source, "count", None)
    if count is None:
        return None
    try:
        return count()
    except InputError:
        return None  # the run itself reports it, at its record


def fingerprint(source: Source) -> dict[str, Any]:
    """What identifies an input for ``--resume``: its path, size, modification time, format
    and the SHA-256 of its bytes (for a folder of texts, each file's name, size, time and
    SHA-256): an edit in place that keeps size and time still changes the digest, so a
    resume never joins chunks of the old text to chunks of the new."""
    own = getattr(source, "fingerprint", None)
    if own is not None:
        return own()
    try:
        st = source.path.stat()
        digest = file_sha256(source.path)
    except OSError as err:
        raise InputError(f"cannot read it: {err.strerror or err}", source.path) from None
    return {"path": str(source.path.resolve()), "size": st.st_size, "mtime_ns": st.st_mtime_ns,
            "format": source.format, "sha256": digest}


def document_from_fields(doc_id: Any, text: Any, path: str | Path, location: int,
                         id_column: str, text_column: str, source: Any = None) -> Document:
    """A document from an id and a text value, as any of the formats give them.

    A missing id (``None``) becomes the record's location when the id field is the default
    one; when ``id_column`` names another field, its absence is more likely a typo, and an
    error.
    """
    if doc_id is None and id_column == DEFAULT_ID_COLUMN:
        doc_id = str(location)
    if doc_id is None:
        raise InputError(f"missing field {id_column!r}", path, location)
    if isinstance(doc_id, int) and not isinstance(doc_id, bool):
        doc_id = str(doc_id)
    if not isinstance(doc_id, str):
        raise InputError(f"field {id_column!r} must be a string, got {type(doc_id).__name__}",
                         path, location)
    if not doc_id:
        raise InputError(f"empty {id_column!r}", path, location)
    if text is None:
        raise InputError(f"missing field {text_column!r}", path, location)
    if not isinstance(text, str):
        raise InputError(f"field {text_column!r} must be a string, got {type(text).__name__}",
                         path, location)
    if not text.strip():
        raise InputError(f"document {doc_id!r} has an empty text", path, location)
    if len(text) > MAX_TEXT_CHARS:
        raise InputError(f"document {doc_id!r} has a text of {len(text):,} characters, more "
                         f"than the {MAX_TEXT_CHARS:,} a document may have; split it",
                         path, location)
    return Document(doc_id, text, source=group_of(source))


@dataclass(frozen=True)
class JsonRowDecoder:
    """A JSON object per line; the payload is the line's bytes."""

    path: Path
    text_column: str
    id_column: str
    group_column: str | None = None  # the field naming the document's group (``source``)

    def decode(self, location: int, payload: bytes) -> Document:
        try:
            # Decoded here, strictly: json.loads(bytes) would let encoded surrogates through.
            line = payload.decode("utf-8-sig" if location == 1 else "utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"not UTF-8 text ({exc.reason})", self.path, location) from None
        obj = json_object(line, self.path, location)
        return document_from_fields(obj.get(self.id_column), obj.get(self.text_column),
                                    self.path, location, self.id_column, self.text_column,
                                    obj.get(self.group_column) if self.group_column else None)


@SOURCES.register("jsonl")
class JsonlSource:
    """JSON Lines; blank lines are not records."""

    format = "jsonl"
    total = None

    def __init__(self, path: Path, text_column: str, id_column: str,
                 group_column: str | None = None) -> None:
        self.path = path
        self.decoder = JsonRowDecoder(path, text_column, id_column, group_column)

    def records(self) -> Iterator[Record]:
        try:
            fh = self.path.open("rb")
        except OSError as exc:
            raise InputError(f"cannot read the file ({exc.strerror or exc})", self.path) from None
        with fh:
            for lineno, line in bounded_lines(fh, self.path):
                if line.strip():
                    yield lineno, line

    def count(self) -> int:
        """How many records, by a pass over the lines without decoding them (for progress)."""
        return sum(1 for _ in self.records())


@dataclass(frozen=True)
class CsvRowDecoder:
    """A CSV row; the payload is its list of fields."""

    path: Path
    n_fields: int
    text_index: int
    id_index: int | None  # None: no id column, ids are line numbers
    text_column: str
    id_column: str
    group_index: int | None = None  # the column naming the document's group (``source``)

    def decode(self, location: int, payload: list[str]) -> Document:
        if len(payload) != self.n_fields:
            raise InputError(f"expected {self.n_fields} fields as in the header, got "
                             f"{len(payload)}", self.path, location)
        doc_id = payload[self.id_index] if self.id_index is not None else None
        return document_from_fields(
            doc_id, payload[self.text_index], self.path, location, self.id_column,
            self.text_column, payload[self.group_index] if self.group_index is not None
            else None)


@SOURCES.register("csv")
class CsvSource:
    """CSV with a header row (RFC 4180 quoting; a UTF-8 byte-order mark is allowed).

    Read with the standard ``csv`` module rather than pandas chunks: it knows the physical line
    of every record, even one whose quoted text spans lines, and a malformed row is just one
    row to report, not a failed chunk.
    """

    format = "csv"
    total = None

    def __init__(self, path: Path, text_column: str, id_column: str,
                 group_column: str | None = None) -> None:
        self.path = path
        header = next(self._rows(), (0, None))[1]
        if not header:
            raise InputError("no header row", path, 1)
        for column in (id_column, text_column, group_column):
            if column and header.count(column) > 1:
                raise InputError(f"the header names column {column!r} {header.count(column)} "
                                 "times; which one holds it is not clear: rename the others",
                                 path, 1)
        missing = [c for c in (id_column, text_column) if c not in header
                   and not (c == id_column == DEFAULT_ID_COLUMN)]
        if missing:
            raise InputError(f"no column {missing[0]!r} in the header (columns: "
                             f"{', '.join(header)})", path, 1)
        id_index = header.index(id_column) if id_column in header else None
        group_index = header.index(group_column) if group_column in header else None
        self.decoder = CsvRowDecoder(path, len(header), header.index(text_column),
                                     id_index, text_column, id_column, group_index)

    def _rows(self) -> Iterator[tuple[int, list[str]]]:
        # A document may be long (the default is 128 KiB), but a field is bounded like a line:
        # a quote never closed must not take an endless input into memory.
        csv.field_size_limit(MAX_LINE_BYTES)
        try:
            fh = self.path.open(encoding="utf-8-sig", newline="")
        except OSError as exc:
            raise InputError(f"cannot read the file ({exc.strerror or exc})", self.path) from None
        with fh:
            # strict: an unterminated quote is an error, not a field that swallows every
            # following row into one document
            reader = csv.reader((line for _, line in bounded_lines(fh, self.path)),
                                strict=True)
            start = 1
            try:
                for row in reader:
                    if row:
                        yield start, row
                    start = reader.line_num + 1
            except UnicodeDecodeError as exc:
                raise InputError(f"not UTF-8 text ({exc.reason})", self.path, start) from None
            except csv.Error as exc:
                raise InputError(f"unreadable CSV ({_csv_problem(exc)})", self.path,
                                 start) from None

    def records(self) -> Iterator[Record]:
        rows = self._rows()
        next(rows, None)  # the header
        yield from rows

    def count(self) -> int:
        """How many records, by a pass of the CSV reader (for progress)."""
        return sum(1 for _ in self.records())


@dataclass(frozen=True)
class ValueRowDecoder:
    """A row of typed values (Parquet, a data frame); the payload is ``(id, text)``."""

    path: str | Path
    text_column: str
    id_column: str

    def decode(self, location: int, payload: tuple[Any, Any]) -> Document:
        return document_from_fields(payload[0], payload[1], self.path, location,
                                    self.id_column, self.text_column)


@SOURCES.register("parquet")
class ParquetSource:
    """Apache Parquet, read a record batch at a time and only the two columns needed."""

    format = "parquet"
    batch_rows = 4096

    def __init__(self, path: Path, text_column: str, id_column: str) -> None:
        pq = _pyarrow_parquet()
        self.path = path
        try:
            self._file = pq.ParquetFile(path)
        except Exception as exc:  # pyarrow raises several types for a file it cannot read
            raise InputError(f"unreadable Parquet file ({exc})", path) from None
        names = self._file.schema_arrow.names
        missing = [c for c in (id_column, text_column) if c not in names
                   and not (c == id_column == DEFAULT_ID_COLUMN)]
        if missing:
            raise InputError(f"no column {missing[0]!r} (columns: {', '.join(names)})", path)
        self.has_ids = id_column in names
        self.columns = [id_column, text_column] if self.has_ids else [text_column]
        self.total = self._file.metadata.num_rows
        self.decoder = ValueRowDecoder(path, text_column, id_column)

    def records(self) -> Iterator[Record]:
        row = 0
        for batch in self._file.iter_batches(batch_size=self.batch_rows, columns=self.columns):
            texts = batch.column(len(self.columns) - 1).to_pylist()
            ids = batch.column(0).to_pylist() if self.has_ids else [None] * len(texts)
            for pair in zip(ids, texts, strict=True):
                row += 1
                yield row, pair

class StdinJsonlSource(JsonlSource):
    """JSON Lines streamed from standard input (read once: no count for progress)."""

    count = None

    def __init__(self, stream: BinaryIO, text_column: str, id_column: str,
                 name: Path = Path("<stdin>")) -> None:
        super().__init__(name, text_column, id_column)
        self.stream = stream

    def records(self) -> Iterator[Record]:
        for lineno, line in bounded_lines(self.stream, self.path):
            if line.strip():
                yield lineno, line

    def fingerprint(self) -> dict[str, Any]:
        return {"path": str(self.path), "format": self.format}


class StdinTextSource:
    """All of standard input as one plain-text document, id ``stdin``."""

    format = "text"
    total = 1

    def __init__(self, stream: BinaryIO, name: Path = Path("<stdin>")) -> None:
        self.path = name
        self.stream = stream
        self.decoder = TextRowDecoder(self.path)

    def records(self) -> Iterator[Record]:
        data = read_at_most(self.stream, MAX_TEXT_BYTES)  # bounded while read: may be endless
        if data is None:
            raise InputError(f"holds more than the {MAX_TEXT_CHARS:,} characters a document "
                             "may have (read no further); split it", self.path, 1)
        yield 1, (STDIN_ID, data)

    def fingerprint(self) -> dict[str, Any]:
        return {"path": str(self.path), "format": self.format}


def is_pipe(path: Path | str) -> bool:
    """Whether ``path`` is a named pipe (``<(cmd)`` gives ``/dev/fd/63``, one)."""
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except OSError:
        return False


def _pipe_source(path: Path, fmt: str | None, text_column: str, id_column: str) -> Source:
    """A named pipe read once, as standard input is: JSON Lines or plain text, as ``fmt`` or
    the name's suffix says, else as its first character shows."""
    if fmt is None and path.suffix.lower() in SUFFIXES:
        fmt = SUFFIXES[path.suffix.lower()]
    if fmt not in (None, "jsonl", "text"):
        raise UsageError(f"{path} is a pipe, which can hold jsonl or text, not {fmt}: save it "
                         "to a file first")
    try:
        stream = path.open("rb")
    except OSError as exc:
        raise InputError(f"cannot read the pipe ({exc.strerror or exc})", path) from None
    return _stdin_source(stream, fmt, text_column, id_column, path)


def _stdin_source(stream: BinaryIO, fmt: str | None, text_column: str,
                  id_column: str, name: Path = Path("<stdin>")) -> Source:
    """JSON Lines or plain text from a stream, as ``fmt`` says or its first character shows;
    ``name`` is what errors call it."""
    if fmt is None:
        if not hasattr(stream, "peek"):
            stream = io.BufferedReader(stream)  # type: ignore[arg-type]
        head = stream.peek(4096).lstrip()  # type: ignore[attr-defined]
        fmt = "jsonl" if not head or head.startswith((b"{", b"\xef\xbb\xbf{")) else "text"
    SOURCES.get(fmt)
    if fmt == "jsonl":
        return StdinJsonlSource(stream, text_column, id_column, name)
    if fmt == "text":
        return StdinTextSource(stream, name)
    raise UsageError(f"standard input can hold jsonl or text, not {fmt}; give a file for {fmt}")


def _pyarrow_parquet() -> Any:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise UsageError("Parquet needs pyarrow: pip install 'toposcope[parquet]'") from None
    return pq


__all__ = ["DEFAULT_ID_COLUMN", "DEFAULT_TEXT_COLUMN", "MAX_TEXT_CHARS", "SOURCES", "STDIN",
           "STDIN_ID", "CsvSource", "JsonlSource", "ParquetSource", "Record", "RowDecoder",
           "Source", "TextSource", "ValueRowDecoder", "document_from_fields", "fingerprint",
           "input_format", "open_source", "record_count"]


#: The csv module's error messages, in words a user can act on (Python's own texts, which the
#: csv module gives no other way to tell apart).
_CSV_PROBLEMS = (("unexpected end of data", "a quoted field opened here is never closed"),
                 ("field larger than field limit",
                  f"a field longer than {MAX_LINE_BYTES:,} characters"))


def _csv_problem(exc: csv.Error) -> str:
    message = str(exc)
    return next((said for known, said in _CSV_PROBLEMS if message.startswith(known)), message)
