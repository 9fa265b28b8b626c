"""Streaming output writers, chosen by format name; each writes to a temporary file and renames
it into place only when the whole output is written, so an interrupted run leaves no partial
file behind."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager, suppress
from pathlib import Path
from types import TracebackType
from typing import IO, Protocol

from geoparser.io.atomic import atomic_path
from geoparser.io.csv_text import csv_text
from geoparser.io.geojson import feature_collection
from geoparser.io.toponym_records import TOPONYM_COLUMNS, document_records, flat_records
from geoparser.model import ParsedDocument
from geoparser.registry import Registry


class Writer(Protocol):
    """Context manager taking parsed documents one at a time."""

    def __enter__(self) -> Writer: ...

    def write(self, doc: ParsedDocument) -> None: ...

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None: ...


WRITERS: Registry[Writer] = Registry("output format")

GEOJSON_HEADER = '{"type": "FeatureCollection", "features": [\n'
GEOJSON_SEPARATOR = ",\n"


def geojson_footer(unresolved: int) -> str:
    return f'\n], "unresolved": {unresolved}}}\n'


def prediction_line(doc: ParsedDocument, with_candidates: bool = False) -> str:
    """A parsed document as one line of the prediction JSONL format: each toponym's record
    (``toponym_records``; unknown fields left out) and, ``with_candidates``, the places it was
    chosen from; then the document's ``focus`` (``null`` when nothing was placed)."""
    toponyms = [{k: _without_none(v) for k, v in t.items() if k != "id" and v is not None}
                for t in document_records(doc, with_candidates)]
    return json.dumps({"id": doc.document.id, "toponyms": toponyms,
                       "focus": doc.focus.to_dict() if doc.focus else None},
                      ensure_ascii=False) + "\n"


def _without_none(value: object) -> object:
    if isinstance(value, list):
        return [{k: v for k, v in c.items() if v is not None} for c in value]
    return value


class _AtomicFile:
    """A text file written under a temporary name and renamed on a clean exit (or, for
    standard output and devices, copied there once complete: see ``atomic_path``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fh: IO[str] | None = None
        self._cm: AbstractContextManager[Path] | None = None

    def open(self) -> IO[str]:
        self._cm = atomic_path(self.path)
        tmp = self._cm.__enter__()
        self.fh = tmp.open("w", encoding="utf-8", newline="")
        return self.fh

    def close(self, exc: BaseException | None = None) -> None:
        """Rename the file into place, or with ``exc`` (what stopped the writing) remove it;
        a write failure such as a full disk becomes ``OutputError``."""
        assert self.fh is not None and self._cm is not None
        try:
            if exc is None:
                self.fh.flush()
                os.fsync(self.fh.fileno())  # on disk before the rename makes it the output
            self.fh.close()
        except OSError as close_exc:
            exc = close_exc
            with suppress(OSError):
                self.fh.close()
        if exc is None:
            self._cm.__exit__(None, None, None)
        elif not self._cm.__exit__(type(exc), exc, exc.__traceback__):
            raise exc


@WRITERS.register("jsonl")
class JsonlWriter:
    """One prediction document per line (the format ``toposcope score --pred`` reads)."""

    def __init__(self, path: Path, guides: Mapping[str, tuple[float, float]] | None = None):
        self._file = _AtomicFile(path)

    def __enter__(self) -> JsonlWriter:
        self.fh = self._file.open()
        return self

    def write(self, doc: ParsedDocument) -> None:
        self.fh.write(prediction_line(doc))

    def __exit__(self, exc_type, exc, tb) -> None:
        self._file.close(exc)


@WRITERS.register("geojson")
class GeoJsonWriter:
    """A FeatureCollection, written feature by feature (RFC 7946)."""

    def __init__(self, path: Path, guides: Mapping[str, tuple[float, float]] | None = None):
        self._file = _AtomicFile(path)
        self.guides = guides
        self.unresolved = 0
        self._first = True

    def __enter__(self) -> GeoJsonWriter:
        self.fh = self._file.open()
        self.fh.write(GEOJSON_HEADER)
        return self

    def write(self, doc: ParsedDocument) -> None:
        fc = feature_collection([doc], self.guides)
        self.unresolved += fc["unresolved"]
        for feature in fc["features"]:
            if not self._first:
                self.fh.write(GEOJSON_SEPARATOR)
            self.fh.write(json.dumps(feature, ensure_ascii=False))
            self._first = False

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.fh.write(geojson_footer(self.unresolved))
        self._file.close(exc)


#: The columns of the CSV output: one row per toponym (``toponym_records``).
CSV_COLUMNS = TOPONYM_COLUMNS


def csv_header() -> str:
    return _csv_text([CSV_COLUMNS])


def csv_rows(docs: Sequence[ParsedDocument]) -> str:
    """The CSV rows of ``docs``: one per toponym, its document's focus repeated on each, empty
    cells for what is unknown."""
    rows = [[t[c] for c in CSV_COLUMNS] for doc in docs for t in flat_records(doc)]
    return _csv_text(rows)


def csv_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A whole CSV (header, then rows) written the way every CSV output of ours is."""
    return _csv_text([header, *rows])


def _csv_text(rows: Sequence[Sequence[object]]) -> str:
    """Every CSV row we write passes here: ``csv_text`` neutralises formula cells."""
    return csv_text(rows)


@WRITERS.register("csv")
class CsvWriter:
    """CSV with a header, one row per toponym (documents without toponyms have no row)."""

    def __init__(self, path: Path, guides: Mapping[str, tuple[float, float]] | None = None):
        self._file = _AtomicFile(path)

    def __enter__(self) -> CsvWriter:
        self.fh = self._file.open()
        self.fh.write(csv_header())
        return self

    def write(self, doc: ParsedDocument) -> None:
        self.fh.write(csv_rows([doc]))

    def __exit__(self, exc_type, exc, tb) -> None:
        self._file.close(exc)


def create_writer(fmt: str, path: Path, guides=None) -> Writer:
    return WRITERS.create(fmt, path=path, guides=guides)
