"""The flat results ``parse`` writes -- CSV, Parquet (or GeoParquet) and GeoPackage -- read back
as map toponyms, so ``toposcope map`` draws whatever ``parse`` wrote: one row per toponym,
the columns of ``toponym_records.TOPONYM_COLUMNS`` (``doc_id``, span, place, reason,
confidences, ``rejected``, the document's focus), read with the writer's types
(``io.geo.read_toponyms``). A cell the CSV writer neutralised for spreadsheets (``'=...``) is
read as it was. A table without ``doc_id`` and ``text`` columns is not one ``parse`` wrote:
an ``InputError`` naming the file, as is a row whose point is not a latitude and longitude.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from evaluation.reports.webmap import MapToponym, map_toponym
from geoparser.errors import InputError, UsageError
from geoparser.io.csv_text import FORMULA_STARTS

#: The suffixes read here, and what each is called in an error.
TABLE_SUFFIXES = {".csv": "CSV result", ".parquet": "Parquet result", ".pq": "Parquet result",
                  ".gpkg": "GeoPackage result"}


def read_table(path: Path) -> list[MapToponym]:
    """The toponyms of a flat result ``parse`` wrote (see the module)."""
    from geoparser.io.geo import read_toponyms

    what = TABLE_SUFFIXES[path.suffix.lower()]
    try:
        frame = read_toponyms(path)
    except (InputError, UsageError):
        raise
    except (ImportError, ModuleNotFoundError) as exc:
        raise UsageError(f"reading {path.name} needs {exc.name or 'an extra'}: pip install "
                         "'toposcope[geo]' (GeoPackage) or 'toposcope[parquet]'") from None
    except Exception as exc:  # a damaged file fails in pandas, pyarrow or GDAL code
        first = str(exc).strip().splitlines()[0][:120] if str(exc).strip() else ""
        raise InputError(f"is not a {what} ({type(exc).__name__}: {first})", path) from None
    missing = [c for c in ("doc_id", "text") if c not in frame.columns]
    if missing:
        raise InputError(f"is not a toponym table parse wrote: no {', '.join(missing)} column",
                         path)
    columns = [c for c in frame.columns if c != "geometry"]
    out = []
    for row, values in enumerate(frame[columns].itertuples(index=False, name=None), start=2):
        t = {c: _plain(v) for c, v in zip(columns, values, strict=True)}
        lat, lon = _point(t.get("lat"), t.get("lon"), path, row)
        doc_id = t.get("doc_id")
        out.append(map_toponym("" if doc_id is None else str(doc_id), t, lat, lon))
    return out


def _plain(value: Any) -> Any:
    """A cell as the JSON record holds it: missing values (NaN, NA) as None, NumPy numbers as
    Python ones, a neutralised formula cell as written."""
    if value is None:
        return None
    try:
        if value != value:  # NaN
            return None
    except (TypeError, ValueError):  # pandas' NA has no truth value
        return None
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, str) and value[:1] == "'" and value[1:].startswith(FORMULA_STARTS):
        return value[1:]
    return value


def _point(lat: Any, lon: Any, path: Path, row: int) -> tuple[float | None, float | None]:
    if lat is None and lon is None:
        return None, None
    if not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
               for v in (lat, lon)) or not (-90 <= lat <= 90 and -180 <= lon <= 180):
        raise InputError(f"row {row}: lat/lon {lat!r}, {lon!r} is not a point", path)
    return float(lat), float(lon)
