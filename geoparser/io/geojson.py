"""Resolved toponyms as a GeoJSON FeatureCollection (RFC 7946), for opening in a GIS.

One feature per resolved mention: a Point in [longitude, latitude] order (WGS 84, no ``crs``
member, as RFC 7946 requires) where a place was chosen, and ``"geometry": null`` (an unlocated
feature, RFC 7946 section 3.2) where none was, so no toponym vanishes from the file. Their count
is also the foreign member ``unresolved`` (section 6.1).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from geoparser.distance import distance_km
from geoparser.model import ParsedDocument


def feature_collection(
    parsed: Iterable[ParsedDocument],
    guides: Mapping[str, tuple[float, float]] | None = None,
) -> dict[str, Any]:
    """The collection; ``distance_km`` (to the document's guide point) is set when guided."""
    features = []
    unresolved = 0
    for doc in parsed:
        guide = (guides or {}).get(doc.document.id)
        for r in doc.resolutions:
            c = r.candidate
            if c is None or not c.has_point:
                unresolved += 1
                features.append({
                    "type": "Feature",
                    "geometry": None,
                    "properties": {
                        "doc_id": doc.document.id, "text": r.mention.text,
                        "start": r.mention.start, "end": r.mention.end,
                        "label": r.mention.label, "name": c.name if c else None,
                        "policy": r.policy, "n_candidates": r.n_candidates, "reason": r.reason,
                    },
                })
                continue
            props = {
                "doc_id": doc.document.id,
                "text": r.mention.text,
                "start": r.mention.start,
                "end": r.mention.end,
                "label": r.mention.label,
                "name": c.name,
                "geonameid": c.geonameid,
                "source": c.source,
                "source_id": c.source_id,
                "country_code": c.country_code,
                "population": c.population,
                "policy": r.policy,
                "n_candidates": r.n_candidates,
                "reason": r.reason,
                "distance_km": None if guide is None
                else round(distance_km(guide[0], guide[1], c.lat, c.lon), 3),  # type: ignore[arg-type]
            }
            features.append({
                "type": "Feature",
                "geometry": {"type": "Point", "coordinates": [c.lon, c.lat]},
                "properties": props,
            })
    return {"type": "FeatureCollection", "features": features, "unresolved": unresolved}
