"""A river's point: its mouth, as GeoNames places a stream, from Natural Earth's centre lines.

Read by ``build_gazetteer_extras.py`` (the ``ne-physical`` extract). Natural Earth draws most
rivers downstream, so a river's mouth is the end of its segments that starts none. Some it
draws the other way: the Red River of Vietnam, the Indus, the Ob and the Yenisey run from the
sea up to their sources, and the end they were drawn to is hundreds of km inland. Such a river is
told by its ends: the end it was drawn to lies far from the sea while a free start lies on
the coast (``SeaShore``, the vertices of Natural Earth's marine polygons), and that start is
its mouth. A river that ends inland (the Tarim, the Okavango) or in another river keeps the
end it was drawn to.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable

from geoparser.distance import haversine_km, spherical_mean

Line = list[list[float]]  # [[lon, lat, ...], ...] as GeoJSON writes a line

#: How far (km) the end a river was drawn to must lie from the sea, and how near a free start
#: must lie to it, for the river to be read as drawn upstream. Chosen by hand on Natural
#: Earth's 1,105 river systems, each change read by eye against a map. These move 21: the
#: Amazon, Amur, Copper, Dalälven, Dnieper, George (of Labrador), Indigirka, Indus, Khatanga,
#: Kolyma, Mackenzie, Mahi, Ob, Olenëk, Pechora, Red (of Vietnam), Tocantins, Waikato, Xingu
#: and Yenisey to their mouths, and the St. Lawrence from the Thousand Islands to where its
#: line meets Natural Earth's "St. Lawrence River channel" near Cornwall, Ontario. The next
#: start is the Tietê's source, 19 km from the coast at São Paulo: it flows inland, and its
#: drawn end, the Paraná, is its mouth. Left as drawn (their coastal start lies farther out
#: than this): the Lena (37 km) and the Yangtze (50 km), drawn upstream too.
DRAWN_END_INLAND_KM = 100.0
START_AT_SEA_KM = 15.0


class SeaShore:
    """The vertices of the sea's polygons, by whole degree of latitude and longitude: how far
    a point lies from the sea, to the nearest vertex (at 1:10m scale a coast's vertices lie
    a few km apart, so a river's mouth on the coast reads within a few km)."""

    def __init__(self, polygons: Iterable[dict]) -> None:
        self._cells: dict[tuple[int, int], list[tuple[float, float]]] = defaultdict(list)
        for geometry in polygons:
            parts = ([geometry["coordinates"]] if geometry["type"] == "Polygon"
                     else geometry["coordinates"])
            for polygon in parts:
                for ring in polygon:
                    for lon, lat, *_ in ring:
                        self._cells[(math.floor(lat), math.floor(lon))].append((lat, lon))

    def km_to(self, lat: float, lon: float, reach: int = 3) -> float:
        """Distance (km) to the nearest vertex within ``reach`` degrees; ``inf`` if none."""
        best = math.inf
        for dlat in range(-reach, reach + 1):
            for dlon in range(-reach, reach + 1):
                for vlat, vlon in self._cells.get((math.floor(lat) + dlat,
                                                   math.floor(lon) + dlon), ()):
                    best = min(best, haversine_km(lat, lon, vlat, vlon))
        return best


def line_parts(geometry: dict) -> list[Line]:
    """The lines of a LineString or MultiLineString."""
    return [geometry["coordinates"]] if geometry["type"] == "LineString" else list(
        geometry["coordinates"])


def on_line_point(lines: list[Line]) -> tuple[float, float]:
    """(lat, lon) of the vertex nearest the lines' spherical mean: a point on the river."""
    vertices = [(lat, lon) for line in lines for lon, lat, *_ in line]
    mlat, mlon = spherical_mean(vertices)
    return min(vertices, key=lambda v: (v[0] - mlat) ** 2 + ((v[1] - mlon)
                                                              * math.cos(math.radians(mlat))) ** 2)


def _key(point: list[float]) -> tuple[float, float]:
    return round(point[0], 6), round(point[1], 6)


def drawn_end(lines: list[Line]) -> tuple[float, float]:
    """(lat, lon) of the end the river was drawn to: an end that starts no segment; of several
    such ends (a distributary, a segment drawn the other way), the one farthest from where the
    segments start."""
    starts = {_key(ln[0]) for ln in lines}
    ends = [ln[-1] for ln in lines if _key(ln[-1]) not in starts]
    if not ends:  # a loop: no end is free
        return on_line_point(lines)
    slat, slon = spherical_mean([(ln[0][1], ln[0][0]) for ln in lines])
    lon, lat = max(ends, key=lambda p: (p[1] - slat) ** 2 + (
        (p[0] - slon) * math.cos(math.radians(slat))) ** 2)[:2]
    return lat, lon


def mouth_point(lines: list[Line], shore: SeaShore | None = None) -> tuple[float, float]:
    """(lat, lon) of a river's mouth: the end it was drawn to (``drawn_end``), unless that lies
    inland and a start no segment reaches lies on the sea's shore, where a river drawn
    upstream begins (module docstring). Without ``shore``, the drawn end."""
    lat, lon = drawn_end(lines)
    if shore is None or shore.km_to(lat, lon) < DRAWN_END_INLAND_KM:
        return lat, lon
    reached = {_key(ln[-1]) for ln in lines}
    at_sea = [(shore.km_to(ln[0][1], ln[0][0], reach=1), ln[0][1], ln[0][0]) for ln in lines
              if _key(ln[0]) not in reached]
    at_sea = [s for s in at_sea if s[0] <= START_AT_SEA_KM]
    if not at_sea:
        return lat, lon
    _, lat, lon = min(at_sea)
    return lat, lon


def river_systems(features: list[dict]) -> list[list[dict]]:
    """Segments of one river name joined where their ends meet (within 0.3 degrees): the
    "Verde" of Brazil and the Verde of Arizona stay two rivers."""
    parent = list(range(len(features)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    ends = [[pt for line in line_parts(f["geometry"]) for pt in (line[0], line[-1])]
            for f in features]
    for i in range(len(features)):
        for j in range(i + 1, len(features)):
            if any(abs(a[0] - b[0]) < 0.3 and abs(a[1] - b[1]) < 0.3
                   for a in ends[i] for b in ends[j]):
                parent[find(i)] = find(j)
    systems: dict[int, list[dict]] = defaultdict(list)
    for i, f in enumerate(features):
        systems[find(i)].append(f)
    return list(systems.values())
