"""Output formats for chunked runs: render one chunk's documents as a part file, and join the
parts, in chunk order, into the final output.

A part holds the bytes of its chunk's share of the output (JSON lines, GeoJSON features one per
line, or a Parquet table) plus a little metadata (the GeoJSON ``unresolved`` count), so joining
is a streaming copy and the result is byte for byte what a single pass would have written.
"""

from __future__ import annotations

import io
import json
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from geoparser.errors import UsageError
from geoparser.io.atomic import atomic_path
from geoparser.io.geojson import feature_collection
from geoparser.io.toponym_records import TOPONYM_COLUMNS, document_records
from geoparser.io.writers import (
    GEOJSON_HEADER,
    GEOJSON_SEPARATOR,
    csv_header,
    csv_rows,
    geojson_footer,
    prediction_line,
)
from geoparser.model import ParsedDocument
from geoparser.registry import Registry

#: ``(part file, its metadata)`` for every chunk, in chunk order.
Parts = Sequence[tuple[Path, dict[str, Any]]]


class PartFormat(Protocol):
    suffix: str

    def render(self, docs: Sequence[ParsedDocument]) -> tuple[bytes, dict[str, Any]]:
        """The chunk's output bytes and metadata the join needs."""
        ...

    def join(self, parts: Parts, out: Path) -> None:
        """Write the final output atomically from the parts."""
        ...


PART_FORMATS: Registry[PartFormat] = Registry("output format")


@PART_FORMATS.register("jsonl")
class JsonlParts:
    """The prediction JSONL that ``toposcope score --pred`` reads: parts are concatenated."""

    suffix = ".jsonl"
    #: Write each toponym's candidates too (``parse --with-candidates``).
    with_candidates = False

    def render(self, docs: Sequence[ParsedDocument]) -> tuple[bytes, dict[str, Any]]:
        return "".join(prediction_line(d, self.with_candidates) for d in docs).encode("utf-8"), {}

    def join(self, parts: Parts, out: Path) -> None:
        with atomic_path(out) as tmp, tmp.open("wb") as dst:
            for path, _ in parts:
                with path.open("rb") as src:
                    shutil.copyfileobj(src, dst)


@PART_FORMATS.register("geojson")
class GeoJsonParts:
    """One FeatureCollection (RFC 7946); parts hold one feature per line."""

    suffix = ".features"
    #: Each feature's properties list its candidates too (``parse --with-candidates``).
    with_candidates = False

    def render(self, docs: Sequence[ParsedDocument]) -> tuple[bytes, dict[str, Any]]:
        fc = feature_collection(docs, with_candidates=self.with_candidates)
        lines = "".join(json.dumps(f, ensure_ascii=False) + "\n" for f in fc["features"])
        return lines.encode("utf-8"), {"unresolved": fc["unresolved"]}

    def join(self, parts: Parts, out: Path) -> None:
        first = True
        with atomic_path(out) as tmp, tmp.open("w", encoding="utf-8") as dst:
            dst.write(GEOJSON_HEADER)
            for path, _ in parts:
                with path.open(encoding="utf-8") as src:
                    for line in src:
                        if not first:
                            dst.write(GEOJSON_SEPARATOR)
                        dst.write(line.rstrip("\n"))
                        first = False
            dst.write(geojson_footer(sum(meta["unresolved"] for _, meta in parts)))


@PART_FORMATS.register("csv")
class CsvParts:
    """CSV, one row per toponym: the header, then the parts' rows concatenated."""

    suffix = ".csv"

    def render(self, docs: Sequence[ParsedDocument]) -> tuple[bytes, dict[str, Any]]:
        return csv_rows(docs).encode("utf-8"), {}

    def join(self, parts: Parts, out: Path) -> None:
        with atomic_path(out) as tmp, tmp.open("wb") as dst:
            dst.write(csv_header().encode("utf-8"))
            for path, _ in parts:
                with path.open("rb") as src:
                    shutil.copyfileobj(src, dst)


def parquet_schema() -> Any:
    """Flat, one row per toponym, the CSV's columns (``toponym_records``) with their types:
    ``geonameid`` and the counts are integers, never floats."""
    import pyarrow as pa

    types = {"start": pa.int64(), "end": pa.int64(), "lat": pa.float64(), "lon": pa.float64(),
             "geonameid": pa.int64(), "population": pa.int64(), "n_candidates": pa.int64(),
             "confidence": pa.float64()}
    return pa.schema([(c, types.get(c, pa.string())) for c in TOPONYM_COLUMNS])


@PART_FORMATS.register("parquet")
class ParquetParts:
    """Apache Parquet, flat: one row per toponym (as the CSV); each part becomes one row group."""

    suffix = ".parquet"

    def __init__(self) -> None:
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise UsageError("Parquet output needs pyarrow: pip install 'toposcope[parquet]'"
                             ) from None

    def render(self, docs: Sequence[ParsedDocument]) -> tuple[bytes, dict[str, Any]]:
        import pyarrow as pa
        import pyarrow.parquet as pq

        rows = [t for d in docs for t in document_records(d)]
        buf = io.BytesIO()
        pq.write_table(pa.Table.from_pylist(rows, schema=parquet_schema()), buf)
        return buf.getvalue(), {}

    def join(self, parts: Parts, out: Path) -> None:
        import pyarrow.parquet as pq

        with atomic_path(out) as tmp, pq.ParquetWriter(tmp, parquet_schema()) as writer:
            for path, _ in parts:
                writer.write_table(pq.read_table(path))
