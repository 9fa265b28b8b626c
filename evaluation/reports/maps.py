"""Static maps of geocoding results: small multiples (matplotlib, offline).

Each panel shows one caption: the gold (guide) point, its tolerance circle, and the chosen
place, green when within tolerance (TP) and red otherwise (FP), joined by an error line. The
extent comes from the points; country outlines are Natural Earth (public domain, shipped in
``geoparser/data``) at 1:10m for a regional panel and 1:110m for a world one. Each panel has
degree axes and a scale bar; one legend explains every symbol.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from geopy.distance import geodesic

from evaluation.reports.charting import FuncFormatter, Line2D, MaxNLocator, PolyCollection, plt
from evaluation.reports.outlines import rings_in, scale_for, source
from evaluation.reports.plots import png_bytes
from geoparser.distance import distance_km

TP_COLOUR, FP_COLOUR, GUIDE_COLOUR = "#1a9641", "#d7191c", "#2b83ba"
GOLD_COLOUR, LAND_COLOUR, SEA_COLOUR = "#222222", "#f2efe9", "#dbe9f4"


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


def outline(west: float, east: float, south: float, north: float) -> PolyCollection:
    """The outline rings that meet the box, as one artist (thousands of patches are slow), at
    the scale the box needs (1:10m for a region, 1:110m for continents)."""
    return PolyCollection(rings_in((west, east, south, north)), facecolors=LAND_COLOUR,
                          edgecolors="#8c8c8c", linewidths=0.5)


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


def _deg(axis: str):
    def fmt(v: float, _pos: object) -> str:
        hemi = ("E" if v > 0 else "W" if v < 0 else "") if axis == "lon" else \
            ("N" if v > 0 else "S" if v < 0 else "")
        return f"{abs(v):g}°{hemi}"
    return FuncFormatter(fmt)


def _nice_km(width_km: float) -> float:
    """A round length about a quarter of the panel's width."""
    target = width_km / 4
    for step in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000):
        if step >= target * 0.6:
            return step
    return 5000


def scale_bar(ax, west: float, east: float, south: float, north: float) -> None:
    """A km scale bar in the lower left, measured along the panel's lower latitude."""
    lat = south + (north - south) * 0.08
    km_per_deg = 111.32 * max(0.05, math.cos(math.radians(max(-85.0, min(85.0, lat)))))
    length = _nice_km(min(east - west, 360) * km_per_deg)
    x0 = west + (east - west) * 0.05
    x1 = x0 + length / km_per_deg
    ax.plot([x0, x1], [lat, lat], color="black", linewidth=2, solid_capstyle="butt", zorder=5)
    ax.text((x0 + x1) / 2, lat + (north - south) * 0.03, f"{length:g} km", ha="center",
            va="bottom", fontsize=6.5, zorder=5)


def legend_handles() -> list[Line2D]:
    return [
        Line2D([], [], marker="+", color=GOLD_COLOUR, linestyle="", markersize=9,
               markeredgewidth=1.5, label="gold (guide) point"),
        Line2D([], [], color=GUIDE_COLOUR, linewidth=1, label="tolerance circle"),
        Line2D([], [], marker="o", color=TP_COLOUR, linestyle="", markersize=6,
               label="chosen place, within tolerance (TP)"),
        Line2D([], [], marker="o", color=FP_COLOUR, linestyle="", markersize=6,
               label="chosen place, outside tolerance (FP)"),
        Line2D([], [], color=FP_COLOUR, linewidth=0.8, linestyle="--",
               label="error line, gold → chosen"),
    ]


def small_multiples_png(points: Sequence[MapPoint], title: str) -> bytes:
    """A grid of panels, one per gold toponym, with axes, scale bars and one legend."""
    return png_bytes(small_multiples_figure(points, title))


def small_multiples_figure(points: Sequence[MapPoint], title: str) -> plt.Figure:
    """``small_multiples_png``'s figure (the caller closes it)."""
    n = max(1, len(points))
    cols = min(4, n)
    rows = math.ceil(n / cols)
    fig_h = PANEL_H * rows + 1.0  # an inch for the title and the legend
    fig, axes = plt.subplots(rows, cols, figsize=(PANEL_W * cols, fig_h), squeeze=False)
    for ax in axes.flat[len(points):]:
        ax.axis("off")
    scales = set()
    for ax, p in zip(axes.flat, points, strict=False):
        west, east, south, north = _extent(p)
        mid = (south + north) / 2
        stretch = 1 / max(0.1, math.cos(math.radians(mid)))
        west, east, south, north = _fit_box(west, east, south, north, stretch, PANEL_RATIO)
        south, north = max(-90.0, south), min(90.0, north)
        scale = scale_for((west, east, south, north))
        scales.add(scale)
        ax.set_facecolor(SEA_COLOUR)
        ax.add_collection(outline(west, east, south, north))
        cx, cy = circle(p.guide_lat, p.guide_lon, p.tolerance_km)
        ax.plot(cx, cy, color=GUIDE_COLOUR, linewidth=1)
        ax.plot(p.guide_lon, p.guide_lat, marker="+", color=GOLD_COLOUR, markersize=9,
                markeredgewidth=1.5, zorder=4)
        detail = "not recognised" if p.verdict == "not recognised" else "no place chosen"
        if p.chosen_lat is not None and p.chosen_lon is not None:
            colour = TP_COLOUR if p.correct else FP_COLOUR
            ax.plot([p.guide_lon, p.chosen_lon], [p.guide_lat, p.chosen_lat], color=colour,
                    linewidth=0.8, linestyle="--")
            ax.plot(p.chosen_lon, p.chosen_lat, marker="o", color=colour, markersize=6,
                    zorder=4)
            status = "TP" if p.correct else "FP"
            err = distance_km(p.guide_lat, p.guide_lon, p.chosen_lat, p.chosen_lon)
            detail = f"{p.chosen_name or '?'}; error {err:,.1f} km"
        else:
            status = "FN"
        ax.set_xlim(west, east)
        ax.set_ylim(south, north)
        ax.set_aspect(stretch, adjustable="box")
        for axis, fmt in ((ax.xaxis, "lon"), (ax.yaxis, "lat")):
            axis.set_major_locator(MaxNLocator(3))
            axis.set_major_formatter(_deg(fmt))
        ax.tick_params(labelsize=6, length=2, pad=1)
        if scale == "10m":  # on a world panel the scale varies too much for one bar
            scale_bar(ax, west, east, south, north)
        ax.set_title(f"{p.id} {p.toponym}: {status}", fontsize=8, fontweight="bold",
                     color=TP_COLOUR if status == "TP" else FP_COLOUR if status == "FP"
                     else "black")
        ax.set_xlabel(_wrap(detail, 48), fontsize=6.5, labelpad=2)
    basemap = " and ".join(source(s) for s in sorted(scales, reverse=True)) or source("110m")
    fig.suptitle(title, fontsize=11, fontweight="bold")
    fig.legend(handles=legend_handles(), loc="lower center", ncol=3, fontsize=7.5,
               frameon=False, bbox_to_anchor=(0.5, 0.0),
               title=f"Base map: {basemap} country outlines (public domain). FN: no place "
               "chosen.", title_fontsize=7)
    fig.tight_layout(rect=(0, 0.7 / fig_h, 1, 1 - 0.3 / fig_h), h_pad=2.5)
    return fig


def _wrap(text: str, width: int) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width)[:2])
