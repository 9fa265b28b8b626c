"""Natural Earth country outlines at two scales, for the base maps of static and web maps.

1:110m (``world_outline_110m.json``) for world and continent views; 1:10m
(``world_outline_10m.json.gz``, simplified to about 300 m) where a map shows a region a few
hundred km across, where the 1:110m shapes are meaningless. Both public domain, shipped in
``geoparser/data`` (see ``scripts/extract_world_outline*.py``).
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from importlib.resources import files

Box = tuple[float, float, float, float]  # west, east, south, north
DETAIL_MAX_SPAN_DEG = 30.0  # a view narrower than this gets 1:10m outlines


@cache
def _rings(scale: str) -> tuple[tuple[Box, list[list[float]]], ...]:
    data_dir = files("geoparser").joinpath("data")
    if scale == "10m":
        raw = gzip.decompress(data_dir.joinpath("world_outline_10m.json.gz").read_bytes())
        data = json.loads(raw)
    else:
        data = json.loads(data_dir.joinpath("world_outline_110m.json").read_text())
    out = []
    for ring in data["rings"]:
        xs = [x for x, _ in ring]
        ys = [y for _, y in ring]
        out.append(((min(xs), max(xs), min(ys), max(ys)), ring))
    return tuple(out)


def scale_for(box: Box) -> str:
    west, east, south, north = box
    return "10m" if max(east - west, north - south) <= DETAIL_MAX_SPAN_DEG else "110m"


def rings_in(box: Box, scale: str | None = None) -> list[list[list[float]]]:
    """The outline rings that meet ``box``, at ``scale`` (by default, the one for its size)."""
    west, east, south, north = box
    return [r for (w, e, s, n), r in _rings(scale or scale_for(box))
            if w <= east and e >= west and s <= north and n >= south]


def source(scale: str) -> str:
    return {"10m": "Natural Earth 1:10m", "110m": "Natural Earth 1:110m"}[scale]


def web_base(box: Box | None) -> tuple[dict, str]:
    """A GeoJSON feature for a web map: the world at 1:110m, and where ``box`` is small enough,
    1:10m outlines inside it (padded) in place of the 1:110m ones; and the source's name."""
    world = [r for _, r in _rings("110m")]
    label = source("110m")
    if box is not None:
        west, east, south, north = box
        pad = max(2.0, (east - west) / 2, (north - south) / 2)
        big = (west - pad, east + pad, south - pad, north + pad)
        if scale_for(big) == "10m":
            w, e, s, n = big
            world = [r for (rw, re_, rs, rn), r in _rings("110m")
                     if not (rw <= e and re_ >= w and rs <= n and rn >= s)]
            world += rings_in(big, "10m")
            label = "Natural Earth 1:10m near the data, 1:110m elsewhere"
    feature = {"type": "Feature", "properties": {"source": label},
               "geometry": {"type": "MultiPolygon", "coordinates": [[r] for r in world]}}
    return feature, label
