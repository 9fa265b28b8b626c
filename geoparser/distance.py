"""Distances on the Earth: geodesic on the WGS-84 ellipsoid (geopy / Karney's algorithm).

One Earth model for the whole project, so that a figure in a report and a figure in a test
agree to the metre. Coordinates are validated here, once. Evidence that weighs thousands of
candidate pairs per document uses ``haversine_km``, the great-circle distance on the sphere of
the ellipsoid's mean radius (within 0.5% of the geodesic), vectorised.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any


def check_point(lat: float, lon: float) -> None:
    """Raise ``ValueError`` unless (lat, lon) is a finite point with lat in ±90, lon in ±180."""
    if not (isinstance(lat, int | float) and isinstance(lon, int | float)):
        raise ValueError(f"coordinates must be numbers, got lat={lat!r}, lon={lon!r}")
    if not (math.isfinite(lat) and math.isfinite(lon)):
        raise ValueError(f"coordinates must be finite, got lat={lat!r}, lon={lon!r}")
    # Latitude's range, fixed by WGS-84: https://epsg.io/4326
    if not -90.0 <= lat <= 90.0:
        raise ValueError(f"latitude {lat} is outside -90..90")
    # Longitude's range, fixed by WGS-84: https://epsg.io/4326
    if not -180.0 <= lon <= 180.0:
        raise ValueError(f"longitude {lon} is outside -180..180")


def distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Geodesic distance in kilometres between two points given in degrees."""
    from geopy.distance import geodesic  # imported on first use: geopy loads requests & co.

    return geodesic((lat1, lon1), (lat2, lon2)).km


# Source: the length of a degree of latitude at 0°,
# https://en.wikipedia.org/wiki/Latitude#Meridian_distance_on_the_ellipsoid
KM_PER_DEGREE_LATITUDE_MIN = 110.574  # WGS-84 meridian arc per degree, at the equator


def within_km(lat1: float, lon1: float, lat2: float, lon2: float, km: float) -> bool:
    """Whether two points are at most ``km`` apart (geodesic), skipping the geodesic when the
    difference in latitude alone already puts them further apart."""
    if abs(lat1 - lat2) * KM_PER_DEGREE_LATITUDE_MIN > km:
        return False
    return distance_km(lat1, lon1, lat2, lon2) <= km


#: The WGS-84 ellipsoid's mean radius (IUGG R1), the sphere of ``haversine_km``.
#: Source: Moritz, "Geodetic Reference System 1980", Journal of Geodesy 74 (2000).
EARTH_RADIUS_KM = 6371.0088


def haversine_km(lat1: Any, lon1: Any, lat2: Any, lon2: Any) -> Any:
    """Great-circle km between points given in degrees, element-wise over numpy arrays
    (broadcasting): fast enough for every candidate pair, precise enough for evidence."""
    import numpy as np

    p1, p2 = np.radians(lat1), np.radians(lat2)
    dphi, dlmb = p2 - p1, np.radians(lon2) - np.radians(lon1)
    a = np.sin(dphi / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(dlmb / 2) ** 2
    return 2 * EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.clip(a, 0.0, 1.0)))


def spherical_mean(points: Iterable[tuple[float, float]]) -> tuple[float, float]:
    """(lat, lon) in degrees of the normalised mean of the points' unit vectors: the middle of
    places on the sphere, right across the antimeridian where a plain mean of longitudes is
    not."""
    x = y = z = 0.0
    for lat, lon in points:
        la, lo = math.radians(lat), math.radians(lon)
        x += math.cos(la) * math.cos(lo)
        y += math.cos(la) * math.sin(lo)
        z += math.sin(la)
    return (math.degrees(math.atan2(z, math.hypot(x, y))), math.degrees(math.atan2(y, x)))
