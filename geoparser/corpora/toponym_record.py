"""Build one gold toponym object, leaving out what the corpus doesn't give."""

from __future__ import annotations

from typing import Any

from geoparser.distance import check_point


def toponym(doc_text: str, phrase: str, start: int | None, end: int | None, *,
            lat: float | None = None, lon: float | None = None, label: str | None = None,
            geonameid: int | None = None, name: str | None = None) -> dict[str, Any]:
    """A gold toponym object; a point outside the valid ranges is left out rather than kept."""
    if lat is not None and lon is not None:
        try:
            check_point(lat, lon)
        except ValueError:
            lat = lon = None
    else:
        lat = lon = None
    surface = doc_text[start:end] if start is not None and end is not None else phrase
    item = {"start": start, "end": end, "text": surface, "lat": lat, "lon": lon,
            "label": label, "geonameid": geonameid, "name": name}
    return {k: v for k, v in item.items() if v is not None}
