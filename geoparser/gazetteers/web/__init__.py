"""Web gazetteers: GeoNames and Nominatim through geopy, cached on disk with requests-cache."""

from __future__ import annotations

WEB_GAZETTEERS = ("geonames", "nominatim")
