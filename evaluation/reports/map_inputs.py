"""Reading any geoparsing result into map toponyms: prediction JSON Lines or GeoJSON, or the
CSV, Parquet or GeoPackage ``parse`` writes (``map_tables``).

Predictions (``toposcope parse``/``resolve`` JSONL, or any system's file in that format) give
span, text and point, and where present the place's ``name``, ``admin1``, ``country``,
``kind``, ``geonameid``, ``reason``, ``n_candidates`` and ``candidates``; a GeoJSON
FeatureCollection written by Toposcope gives the same as feature properties, with
``geometry: null`` for a toponym that was not placed. Both become popups through the same
``webmap.map_toponym`` as a fresh run. Errors name the file and line (or feature) and exit 2
like every other bad input.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from evaluation.reports.map_tables import TABLE_SUFFIXES, read_table
from evaluation.reports.webmap import MapToponym, map_toponym
from geoparser.errors import InputError
from geoparser.io.bounded_read import MAX_WHOLE_JSON_BYTES, check_json_values, read_whole_file
from geoparser.io.documents import check_readable_file
from geoparser.io.json_lines import iter_json_lines
from geoparser.model import DocumentFocus, focus_columns
from geoparser.places import describe_focus


def _number(value: Any, what: str, path: Path, where: int | None) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InputError(f"{what} must be a finite number, got {value!r}", path, where)
    return float(value)


def _point(lat: Any, lon: Any, path: Path, where: int | None) -> tuple[float | None, float | None]:
    la, lo = _number(lat, "lat", path, where), _number(lon, "lon", path, where)
    if (la is None) != (lo is None):
        raise InputError("give both lat and lon, or neither", path, where)
    if la is not None and lo is not None and not (-90 <= la <= 90 and -180 <= lo <= 180):
        raise InputError(f"point ({la}, {lo}) is out of range", path, where)
    return la, lo


def _optional_int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _candidates(t: dict[str, Any], path: Path, where: int | None) -> None:
    """Check the candidate fields a popup shows, as the browser will read them: a NaN, a
    number as a string or a list as a code would blank the whole page or break it."""
    cands = t.get("candidates")
    if cands is None:
        return
    if not isinstance(cands, list):
        raise InputError("field 'candidates' must be a list of objects", path, where)
    for k, c in enumerate(cands, start=1):
        if not isinstance(c, dict):
            raise InputError(f"candidate {k} must be an object", path, where)
        try:
            _point(c.get("lat"), c.get("lon"), path, where)
            population = _number(c.get("population"), "population", path, where)
            if population is not None and population < 0:
                raise InputError(f"population must not be negative, got {population:g}",
                                 path, where)
            geonameid = c.get("geonameid")
            if geonameid is not None and _optional_int(geonameid) is None:
                raise InputError(f"geonameid must be a whole number, got {geonameid!r}",
                                 path, where)
            for key in ("name", "country_code", "admin1", "admin1_code", "country", "kind",
                        "match", "score_name"):
                value = c.get(key)
                if value is not None and not isinstance(value, str):
                    raise InputError(f"{key} must be a string, got {value!r}", path, where)
        except InputError as exc:
            raise InputError(f"candidate {k}: {exc.detail}", path, where) from None


def read_jsonl(path: Path) -> list[MapToponym]:
    out = []
    for lineno, obj in iter_json_lines(path):
        doc_id = obj.get("id")
        if isinstance(doc_id, int) and not isinstance(doc_id, bool):
            doc_id = str(doc_id)
        if not isinstance(doc_id, str):
            raise InputError("missing or non-string field 'id'", path, lineno)
        toponyms = obj.get("toponyms", [])
        if not isinstance(toponyms, list) or not all(isinstance(t, dict) for t in toponyms):
            raise InputError("field 'toponyms' must be a list of objects", path, lineno)
        focus = describe_focus(focus_columns(DocumentFocus.from_dict(obj.get("focus"))))
        for t in toponyms:
            lat, lon = _point(t.get("lat"), t.get("lon"), path, lineno)
            _candidates(t, path, lineno)
            out.append(map_toponym(doc_id, t, lat, lon, focus=focus))
    return out


def read_geojson(path: Path) -> list[MapToponym]:
    """The toponyms of a GeoJSON result, read whole with a bound (a pipe is taken, a device
    or an endless pipe refused)."""
    raw = read_whole_file(path, "GeoJSON result", MAX_WHOLE_JSON_BYTES, pipes=True)
    check_json_values(raw, path, "GeoJSON result")
    try:
        data = json.loads(raw.decode("utf-8-sig"))  # a BOM is accepted
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason})", path) from None
    except (json.JSONDecodeError, RecursionError) as exc:
        raise InputError(f"malformed JSON ({getattr(exc, 'msg', 'too deeply nested')})",
                         path) from None
    if not isinstance(data, dict) or data.get("type") != "FeatureCollection" or not isinstance(
            data.get("features"), list):
        raise InputError("expected a GeoJSON FeatureCollection", path)
    out = []
    for i, f in enumerate(data["features"], start=1):
        props = f.get("properties") if isinstance(f, dict) else None
        if not isinstance(props, dict):
            raise InputError(f"feature {i}: expected an object with 'properties'", path)
        geom = f.get("geometry")
        lat = lon = None
        if geom is not None:
            coords = geom.get("coordinates") if isinstance(geom, dict) else None
            if not (isinstance(geom, dict) and geom.get("type") == "Point"
                    and isinstance(coords, list) and len(coords) >= 2):
                raise InputError(f"feature {i}: geometry must be a Point or null", path)
            try:
                lat, lon = _point(coords[1], coords[0], path, None)
            except InputError as exc:
                raise InputError(f"feature {i}: {exc.detail}", path) from None
        try:
            _candidates(props, path, None)
        except InputError as exc:
            raise InputError(f"feature {i}: {exc.detail}", path) from None
        doc_id = props.get("doc_id")
        out.append(map_toponym(str(doc_id) if doc_id is not None else f"feature {i}", props,
                               lat, lon))
    return out


def read_result(path: Path) -> list[MapToponym]:
    """The toponyms of a result file; GeoJSON, or a table ``parse`` wrote (CSV, Parquet,
    GeoPackage: ``map_tables``), by its extension, else prediction JSONL."""
    path = Path(path)
    check_readable_file(path, read_once=True)  # /dev/zero would be read for ever
    if path.is_dir():
        raise InputError("is a folder, not a result file (prediction JSONL or GeoJSON)", path)
    if path.suffix.lower() in (".geojson", ".json") and _looks_like_geojson(path):
        return read_geojson(path)
    if path.suffix.lower() in TABLE_SUFFIXES:
        return read_table(path)
    return read_jsonl(path)


def _looks_like_geojson(path: Path) -> bool:
    """A ``.geojson`` file, or a ``.json`` one that starts as a FeatureCollection (a pipe's
    start is not read: that would take it from the reader)."""
    if path.suffix.lower() == ".geojson":
        return True
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with path.open("rb") as fh:
            return b"FeatureCollection" in fh.read(200)
    except OSError:
        return False


def texts_of(path: Path, ids: set[str], input_format: str | None = None,
             text_column: str = "text", id_column: str = "id") -> dict[str, str]:
    """The texts of the documents ``ids`` in an input file (any format ``parse`` reads)."""
    from geoparser.io.sources import open_source

    source = open_source(Path(path), input_format, text_column, id_column)
    out = {}
    for location, payload in source.records():
        doc = source.decoder.decode(location, payload)
        if doc.id in ids:
            out[doc.id] = doc.text
    return out
