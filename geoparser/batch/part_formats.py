"""Output formats for chunked runs: render one chunk's documents as a part file, and join the
parts, in chunk order, into the final output.

A part holds the bytes of its chunk's share of the output (JSON lines, GeoJSON features one per
line, or a Parquet table of the flat rows, for Parquet and GeoPackage alike) plus a little
metadata (the GeoJSON ``unresolved`` count), so joining is a streaming copy (or, for GIS
formats, part after part) and the result is what a single pass would have written.
"""

from __future__ import annotations

import io
import json
import os
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from geoparser.errors import UsageError
from geoparser.io.atomic import atomic_path
from geoparser.io.geo import (
    CRS,
    GEOMETRY,
    GPKG_LAYER,
    geoparquet_metadata,
    have_geopandas,
    require_geopandas,
    wkb_points,
)
from geoparser.io.geojson import feature_collection
from geoparser.io.output_path import GPKG_DESCRIPTION
from geoparser.io.toponym_records import INTEGER_COLUMNS, TOPONYM_COLUMNS, flat_records
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


@PART_FORMATS.register("cliff")
class CliffParts(JsonlParts):
    """JSON lines of CLIFF-CLAVIN's answers, one a document with its ``id`` (``corpora.cliff``),
    for users whose code reads CLIFF's ``/parse/text``: parts are concatenated."""

    def render(self, docs: Sequence[ParsedDocument]) -> tuple[bytes, dict[str, Any]]:
        from geoparser.corpora.cliff import cliff_line

        return "".join(cliff_line(d) for d in docs).encode("utf-8"), {}


@PART_FORMATS.register("labelstudio")
class LabelStudioParts:
    """Label Studio's JSON import format: a list of tasks, each document's toponyms a
    prediction to correct (``corpora.labelstudio``); parts hold one task a line."""

    suffix = ".jsonl"

    def render(self, docs: Sequence[ParsedDocument]) -> tuple[bytes, dict[str, Any]]:
        from geoparser.corpora.labelstudio import task_lines

        return task_lines(docs).encode("utf-8"), {}

    def join(self, parts: Parts, out: Path) -> None:
        with atomic_path(out) as tmp, tmp.open("w", encoding="utf-8") as dst:
            dst.write("[")
            first = True
            for path, _ in parts:
                with path.open(encoding="utf-8") as src:
                    for line in src:
                        dst.write(("\n" if first else ",\n") + line.rstrip("\n"))
                        first = False
            dst.write("\n]\n")


@PART_FORMATS.register("csv")
class CsvParts:
    """CSV, one row per toponym: the header, then the parts' rows concatenated."""

    suffix = ".csv"

    def render(self, docs: Sequence[ParsedDocument]) -> tuple[bytes, dict[str, Any]]:
        return csv_rows(docs).encode("utf-8"), {}

    #: What the file starts with, before the header.
    preamble = b""

    def join(self, parts: Parts, out: Path) -> None:
        with atomic_path(out) as tmp, tmp.open("wb") as dst:
            dst.write(self.preamble + csv_header().encode("utf-8"))
            for path, _ in parts:
                with path.open("rb") as src:
                    shutil.copyfileobj(src, dst)


@PART_FORMATS.register("csv-excel")
class ExcelCsvParts(CsvParts):
    """The CSV, starting with a UTF-8 byte order mark: Excel opens a CSV without one in the
    system's code page, so "Genève" or "Kraków" would read as "GenÃ¨ve"; every other reader
    skips the mark."""

    preamble = "\ufeff".encode()


def parquet_schema(geometry: bool = False) -> Any:
    """Flat, one row per toponym, the CSV's columns (``toponym_records``) with their types:
    ``geonameid``, ``population`` and the counts are integers, never floats, and the schema's
    pandas metadata makes them nullable ``Int64`` in ``pandas.read_parquet`` and
    ``geopandas.read_parquet`` (pyarrow alone would turn an integer column with gaps into
    floats). ``geometry``: a WKB ``geometry`` column after them and GeoParquet's ``geo``
    metadata (``io.geo``)."""
    import pyarrow as pa

    types = {c: pa.int64() for c in INTEGER_COLUMNS}
    types.update({c: pa.float64() for c in ("lat", "lon", "confidence", "focus_country_share",
                                           "focus_admin1_share", "focus_city_share")})
    types.update({"marker_confidence": pa.float64(), "span_probability": pa.float64(),
                  "demonym": pa.bool_(), "rejected": pa.bool_()})
    fields = [(c, types.get(c, pa.string())) for c in TOPONYM_COLUMNS]
    if not geometry:
        return pa.schema(fields, metadata=pandas_metadata(fields))
    fields.append((GEOMETRY, pa.binary()))
    return pa.schema(fields, metadata={**pandas_metadata(fields), **geoparquet_metadata()})


def pandas_metadata(fields: Sequence[tuple[str, Any]]) -> dict[bytes, bytes]:
    """The ``pandas`` key of a Parquet schema, as pandas writes it, naming each column's
    dtype: ``Int64`` (nullable) for the integer columns, so they are read back as integers."""
    import pyarrow as pa

    def column(name: str, kind: Any) -> dict[str, Any]:
        if pa.types.is_integer(kind):
            return {"name": name, "field_name": name, "pandas_type": "int64",
                    "numpy_type": "Int64", "metadata": None}
        if pa.types.is_floating(kind):
            return {"name": name, "field_name": name, "pandas_type": "float64",
                    "numpy_type": "float64", "metadata": None}
        if pa.types.is_boolean(kind):
            return {"name": name, "field_name": name, "pandas_type": "bool",
                    "numpy_type": "bool", "metadata": None}
        return {"name": name, "field_name": name,
                "pandas_type": "bytes" if pa.types.is_binary(kind) else "unicode",
                "numpy_type": "object", "metadata": None}

    meta = {"index_columns": [], "column_indexes": [],
            "columns": [column(n, k) for n, k in fields], "creator": {"library": "toposcope"}}
    return {b"pandas": json.dumps(meta).encode("utf-8")}


def _with_geometry(table: Any) -> Any:
    """A part's table with the WKB point of each placed row (``None`` for the others)."""
    import pyarrow as pa

    wkb = wkb_points(table.column("lat").to_pylist(), table.column("lon").to_pylist())
    return pa.Table.from_arrays([*table.columns, pa.array(wkb, pa.binary())],
                                schema=parquet_schema(geometry=True))


class _ArrowParts:
    """Parts as plain Parquet tables of the flat rows, the same whatever the final format."""

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

        rows = [t for d in docs for t in flat_records(d)]
        buf = io.BytesIO()
        pq.write_table(pa.Table.from_pylist(rows, schema=parquet_schema()), buf)
        return buf.getvalue(), {}


@PART_FORMATS.register("parquet")
class ParquetParts(_ArrowParts):
    """Apache Parquet, flat: one row per toponym (as the CSV); each part becomes one row group.
    With the ``geo`` extra installed it is GeoParquet: the same columns and a WKB ``geometry``
    (``io.geo``), which ``geopandas.read_parquet`` reads as a GeoDataFrame."""

    def __init__(self) -> None:
        super().__init__()
        self.geometry = have_geopandas()

    def join(self, parts: Parts, out: Path) -> None:
        import pyarrow.parquet as pq

        schema = parquet_schema(geometry=self.geometry)
        with atomic_path(out) as tmp, pq.ParquetWriter(tmp, schema) as writer:
            for path, _ in parts:
                table = pq.read_table(path)
                writer.write_table(_with_geometry(table) if self.geometry else table)


#: The layer's description in ``gpkg_contents``: what tells a GeoPackage Toposcope wrote from a
#: user's own layer of the same name (``output_path.check_geopackage_replaceable``).
GPKG_LAYER_OPTIONS = {"DESCRIPTION": GPKG_DESCRIPTION}


@PART_FORMATS.register("gpkg")
class GeoPackageParts(_ArrowParts):
    """A GeoPackage (OGC), for QGIS and any GIS: layer ``toponyms``, one Point feature per
    toponym in EPSG:4326 (no geometry where unplaced), the CSV's columns as attributes; needs
    the ``geo`` extra."""

    def __init__(self) -> None:
        require_geopandas("GeoPackage output")
        super().__init__()

    def join(self, parts: Parts, out: Path) -> None:
        import pyarrow.parquet as pq
        import pyogrio

        with atomic_path(out) as tmp:
            # GDAL wants the .gpkg extension; the file becomes ``tmp`` once written.
            gpkg = tmp.with_name(tmp.name + ".gpkg")
            try:
                first = True
                for path, _ in parts:
                    table = _with_geometry(pq.read_table(path))
                    if table.num_rows == 0 and not first:
                        continue
                    pyogrio.write_arrow(table, gpkg, layer=GPKG_LAYER, driver="GPKG",
                                        geometry_name=GEOMETRY, geometry_type="Point", crs=CRS,
                                        append=not first, **({} if not first else {
                                            "layer_options": GPKG_LAYER_OPTIONS}))
                    first = False
                if first:  # no parts at all: an empty layer all the same
                    pyogrio.write_arrow(_with_geometry(parquet_schema().empty_table()), gpkg,
                                        layer=GPKG_LAYER, driver="GPKG", geometry_name=GEOMETRY,
                                        geometry_type="Point", crs=CRS,
                                        layer_options=GPKG_LAYER_OPTIONS)
                os.replace(gpkg, tmp)
            finally:
                gpkg.unlink(missing_ok=True)
