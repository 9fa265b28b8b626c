"""Toponym rows as GIS layers: GeoPandas frames, GeoParquet and GeoPackage (the ``geo`` extra).

Every row is a toponym (``toponym_records.TOPONYM_COLUMNS``) with a Point geometry at its
place, in WGS 84 longitude/latitude (EPSG:4326); a toponym left unplaced keeps its row with no
geometry (``None``), as it keeps its feature in GeoJSON, so no toponym vanishes and every
output has the same rows. GeoParquet is written here with its ``geo`` metadata (GeoParquet
1.0.0: WKB points, CRS EPSG:4326 as PROJJSON, x = longitude) so that a run streams part after
part; GeoPandas reads it back with ``read_parquet``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from geoparser.errors import UsageError

#: The layer a GeoPackage holds the toponyms in.
GPKG_LAYER = "toponyms"
#: The name of the geometry column in every GIS output.
GEOMETRY = "geometry"
#: The CRS of every GIS output: WGS 84, longitude/latitude.
CRS = "EPSG:4326"
#: What to install when the extra is missing, in the one line every such error gives.
INSTALL_HINT = "pip install 'toposcope[geo]'"


def have_geopandas() -> bool:
    """Whether the ``geo`` extra (geopandas, shapely, pyogrio) can be imported."""
    try:
        import geopandas  # noqa: F401
        import pyogrio  # noqa: F401
        import shapely  # noqa: F401
    except ImportError:
        return False
    return True


def require_geopandas(what: str) -> None:
    """``UsageError`` naming the extra to install unless ``have_geopandas()``."""
    if not have_geopandas():
        raise UsageError(f"{what} needs geopandas: {INSTALL_HINT}")


def points(lats: Sequence[float | None], lons: Sequence[float | None]) -> Any:
    """Shapely Points at (lon, lat), ``None`` where either coordinate is missing."""
    import numpy as np
    import shapely

    out = np.full(len(lats), None, dtype=object)
    for i, (lat, lon) in enumerate(zip(lats, lons, strict=True)):
        if lat is not None and lon is not None and lat == lat and lon == lon:  # not NaN
            out[i] = shapely.Point(float(lon), float(lat))
    return out


def geodataframe(frame: Any, lat: str = "lat", lon: str = "lon") -> Any:
    """``frame`` (pandas) as a GeoDataFrame in EPSG:4326 with a Point per placed row."""
    import geopandas as gpd

    geometry = points(frame[lat].astype(object).where(frame[lat].notna(), None).tolist(),
                      frame[lon].astype(object).where(frame[lon].notna(), None).tolist())
    return gpd.GeoDataFrame(frame, geometry=gpd.GeoSeries(geometry, index=frame.index, crs=CRS),
                            crs=CRS)


def geoparquet_metadata() -> dict[bytes, bytes]:
    """The schema metadata that makes a Parquet file GeoParquet 1.0.0 (the ``geo`` key), its
    CRS EPSG:4326 as PROJJSON (coordinates in longitude/latitude order, as GeoParquet's are)."""
    from pyproj import CRS as ProjCRS

    geo = {"version": "1.0.0", "primary_column": GEOMETRY,
           "columns": {GEOMETRY: {"encoding": "WKB", "geometry_types": ["Point"],
                                  "crs": ProjCRS.from_user_input(CRS).to_json_dict()}}}
    return {b"geo": json.dumps(geo).encode("utf-8")}


def wkb_points(lats: Sequence[float | None], lons: Sequence[float | None]) -> list[bytes | None]:
    """Each point as WKB (``None`` where missing), for a GeoParquet geometry column."""
    import shapely

    return [None if p is None else shapely.to_wkb(p) for p in points(lats, lons)]


def read_toponyms(path: str | Path) -> Any:
    """A toponym file Toposcope wrote (CSV, Parquet, GeoParquet, GeoPackage or GeoJSON) as a
    frame with the writer's types: ``geonameid``, ``population``, the counts and the focus
    ids as nullable ``Int64`` (pandas and GeoPandas read an integer column with gaps as
    floats: ``4930956.0``), a GeoDataFrame for the GIS formats. Ids and populations are below
    2**53, so the floats a GIS reader gives convert back exactly."""
    import pandas as pd

    from geoparser.io.toponym_records import INTEGER_COLUMNS

    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return pd.read_csv(path, dtype={c: "Int64" for c in INTEGER_COLUMNS},
                           keep_default_na=False, na_values=[""])
    if suffix in (".parquet", ".pq"):
        import pyarrow.parquet as pq

        if b"geo" in (pq.read_schema(path).metadata or {}) and have_geopandas():
            import geopandas as gpd

            return gpd.read_parquet(path)
        return pd.read_parquet(path)
    require_geopandas(f"reading {path.name}")
    import geopandas as gpd

    frame = gpd.read_file(path, layer=GPKG_LAYER) if suffix == ".gpkg" else gpd.read_file(path)
    for column in INTEGER_COLUMNS:
        if column in frame.columns:
            frame[column] = frame[column].astype("Int64")
    return frame
