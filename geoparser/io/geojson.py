"""Resolved toponyms as a GeoJSON FeatureCollection (RFC 7946), for opening in a GIS.

One feature per recognised mention: a Point in [longitude, latitude] order (WGS 84, no ``crs``
member, as RFC 7946 requires) where a place was chosen, and ``"geometry": null`` (an unlocated
feature, RFC 7946 section 3.2) where none was, so no toponym vanishes from the file. Their count
is also the foreign member ``unresolved`` (section 6.1).

A collection holds many documents, so each document's focus travels with its features as flat
``focus_*`` properties (the columns of the CSV): what GIS programs read (QGIS's attribute
table, GeoPandas' columns), where a foreign member would be ignored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from geoparser.distance import distance_km
from geoparser.io.toponym_records import flat_records
from geoparser.model import ParsedDocument


def feature_collection(
    parsed: Iterable[ParsedDocument],
    guides: Mapping[str, tuple[float, float]] | None = None,
    with_candidates: bool = False,
) -> dict[str, Any]:
    """The collection; each feature's properties are the toponym's flat record
    (``toponym_records``: which place, why, out of how many, with ``with_candidates`` the
    places it was chosen from, and its document's focus as ``focus_*`` properties) with the
    document id as ``doc_id``, and ``distance_km`` to the document's guide point when
    guided."""
    features = []
    unresolved = 0
    for doc in parsed:
        guide = (guides or {}).get(doc.document.id)
        for t in flat_records(doc, with_candidates):
            lat, lon = t.pop("lat"), t.pop("lon")
            props = t
            if lat is None or lon is None:
                unresolved += 1
                features.append({"type": "Feature", "geometry": None, "properties": props})
                continue
            props["distance_km"] = (None if guide is None
                                    else round(distance_km(guide[0], guide[1], lat, lon), 3))
            features.append({
                "type": "Feature",
                "geometry": {"type": "Point", "coordinates": [lon, lat]},
                "properties": props,
            })
    return {"type": "FeatureCollection", "features": features, "unresolved": unresolved}
