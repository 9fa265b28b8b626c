"""Static maps of geocoding results: small multiples (matplotlib, offline).

Each panel shows one caption: the guide point, its tolerance circle, and the chosen instance,
green when within tolerance (TP) and red otherwise (FP). Country outlines come from Natural
Earth 1:110m (public domain), shipped in ``geoparser/data``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from geopy.distance import geodesic  # noqa: E402
from matplotlib.collections import PolyCollection  # noqa: E402

from evaluation.reports.plots import png_bytes  # noqa: E402

TP_COLOUR, FP_COLOUR, GUIDE_COLOUR = "#1a9641", "#d7191c", "#2b83ba"


@dataclass(frozen=True)
class MapPoint:
    """One gold toponym's guide point, tolerance, and the instance chosen for it (if any)."""

    id: str
    toponym: str
    guide_lat: float
    guide_lon: float
    tolerance_km: float
    chosen_lat: float | None = None
    chosen_lon: float | None = None
    chosen_name: str | None = None
    verdict: str = ""

    @property
    def correct(self) -> bool:
        return self.verdict == "within tolerance"


@cache
def world_rings() -> list[tuple[tuple[float, float, float, float], list[list[float]]]]:
    """Country outline rings, each with its (west, east, south, north) bounding box."""
    data = json.loads(files("geoparser").joinpath("data/world_outline_110m.json").read_text())
    out = []
    for ring in data["rings"]:
        xs = [x for x, _ in ring]
        ys = [y for _, y in ring]
        out.append(((min(xs), max(xs), min(ys), max(ys)), ring))
    return out


def outline(west: float, east: float, south: float, north: float) -> PolyCollection:
    """The outline rings that meet the box, as one artist (thousands of patches are slow)."""
    rings = [r for (w, e, s, n), r in world_rings()
             if w <= east and e >= west and s <= north and n >= south]
    return PolyCollection(rings, facecolors="#eeeeee", edgecolors="#999999", linewidths=0.4)


def circle(lat: float, lon: float, radius_km: float, n: int = 72) -> tuple[list, list]:
    """A geodesic circle as (lons, lats)."""
    ring = geodesic(kilometers=radius_km)
    pts = [ring.destination((lat, lon), 360 * i / n) for i in range(n + 1)]
    return [p.longitude for p in pts], [p.latitude for p in pts]


def _extent(p: MapPoint) -> tuple[float, float, float, float]:
    lats = [p.guide_lat]
    lons = [p.guide_lon]
    if p.chosen_lat is not None and p.chosen_lon is not None:
        lats.append(p.chosen_lat)
        lons.append(p.chosen_lon)
    pad_deg = max(4 * p.tolerance_km / 111.0, 1.0)
    south, north = min(lats) - pad_deg, max(lats) + pad_deg
    west, east = min(lons) - pad_deg, max(lons) + pad_deg
    if north - south > 40 or east - west > 60:  # far apart: show (most of) the world
        south, north, west, east = max(-60, south - 10), min(85, north + 10), -180, 180
    return west, east, max(-90, south), min(90, north)


PANEL_W, PANEL_H = 3.2, 2.8
PANEL_RATIO = 2.4 / 3.0  # height / width of a panel's drawing box, titles aside


def _fit_box(west: float, east: float, south: float, north: float, stretch: float,
             ratio: float) -> tuple[float, float, float, float]:
    """Widen the lon or lat range about its centre so the panel's box is filled."""
    width, height = east - west, (north - south) * stretch
    if height < ratio * width:
        grow = (ratio * width - height) / stretch / 2
        south, north = south - grow, north + grow
    else:
        grow = (height / ratio - width) / 2
        west, east = west - grow, east + grow
    return west, east, south, north


def small_multiples_png(points: Sequence[MapPoint], title: str) -> bytes:
    """A grid of panels, one per gold toponym."""
    n = max(1, len(points))
    cols = min(4, n)
    rows = math.ceil(n / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(PANEL_W * cols, PANEL_H * rows), squeeze=False)
    for ax in axes.flat[len(points):]:
        ax.axis("off")
    for ax, p in zip(axes.flat, points, strict=False):
        west, east, south, north = _extent(p)
        mid = (south + north) / 2
        stretch = 1 / max(0.1, math.cos(math.radians(mid)))
        west, east, south, north = _fit_box(west, east, south, north, stretch, PANEL_RATIO)
        ax.add_collection(outline(west, east, south, north))
        cx, cy = circle(p.guide_lat, p.guide_lon, p.tolerance_km)
        ax.plot(cx, cy, color=GUIDE_COLOUR, linewidth=1)
        ax.plot(p.guide_lon, p.guide_lat, marker="+", color=GUIDE_COLOUR, markersize=9)
        if p.chosen_lat is not None and p.chosen_lon is not None:
            colour = TP_COLOUR if p.correct else FP_COLOUR
            ax.plot([p.guide_lon, p.chosen_lon], [p.guide_lat, p.chosen_lat], color=colour,
                    linewidth=0.6, linestyle="--")
            ax.plot(p.chosen_lon, p.chosen_lat, marker="o", color=colour, markersize=6)
            status = "TP" if p.correct else "FP"
        else:
            status = p.verdict or "no instance"
        ax.set_xlim(west, east)
        ax.set_ylim(south, north)
        ax.set_aspect(stretch)
        ax.set_xticks([])
        ax.set_yticks([])
        ax.set_title(f"{p.id} {p.toponym}: {status}", fontsize=8,
                     color=TP_COLOUR if p.correct else FP_COLOUR if status == "FP" else "black")
    fig.suptitle(f"{title}  (+ guide, circle = tolerance, o = chosen: green TP, red FP)",
                 fontsize=9)
    return png_bytes(fig)
