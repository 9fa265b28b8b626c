"""What every input source shares: a record ``(location, payload)``, the ``RowDecoder`` and
``Source`` protocols, the registry of input formats, and the input limits and defaults."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

from geoparser.model import Document
from geoparser.registry import Registry

#: ``(location, payload)``: where the record is, and what decoding it needs.
Record = tuple[int, Any]

DEFAULT_TEXT_COLUMN = "text"
DEFAULT_ID_COLUMN = "id"
#: The longest text a document may have: what a spaCy pipeline reads at once (its default
#: ``nlp.max_length``). A longer one is a bad row -- skipped and listed under --on-error skip.
MAX_TEXT_CHARS = 1_000_000

#: The input format a file extension names.
SUFFIXES = {".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl", ".csv": "csv",
             ".parquet": "parquet", ".pq": "parquet", ".txt": "text", ".text": "text"}

#: ``--in -``: read standard input.
STDIN = "-"
#: The id of the one document plain text on standard input makes.
STDIN_ID = "stdin"


class RowDecoder(Protocol):
    """Turns one raw record into a validated document."""

    def decode(self, location: int, payload: Any) -> Document:
        ...


class Source(Protocol):
    """An input file: its records in order, and how to decode them."""

    path: Path
    format: str
    decoder: RowDecoder
    total: int | None  # records, when known without reading the file

    def records(self) -> Iterator[Record]:
        ...


SOURCES: Registry[Source] = Registry("input format")
