"""Place names for the interactive map's offline base map: Natural Earth's countries and
first-level areas, at the label points Toposcope ships (``natural-earth.jsonl.gz`` in the
gazetteer's data, public domain), so the outlines can be read without tiles.

Every country is labelled (the page shows them once zoomed in to a continent); first-level
areas only within the padded box around the data (shown once zoomed in to a region), which
keeps a page of a few places small.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from importlib.resources import files

from evaluation.reports.outlines import Box

#: Zoom levels from which the page shows each kind of label.
COUNTRY_ZOOM, AREA_ZOOM = 3, 6
#: Two areas of one name nearer than this, in degrees, get one label.
TWIN_DEG = 1.0
#: Padding, in degrees, around the data within which first-level areas are labelled.
AREA_PAD_DEG = 5.0


@cache
def _places() -> tuple[tuple[str, str, float, float], ...]:
    """(kind, name, lat, lon) of every Natural Earth country and first-level area."""
    raw = files("geoparser.gazetteers").joinpath("data", "natural-earth.jsonl.gz").read_bytes()
    found = []
    for line in gzip.decompress(raw).decode("utf-8").splitlines():
        rec = json.loads(line)
        kind = {"PCLI": "country", "ADM1": "area"}.get(rec.get("fcode"))
        if kind and isinstance(rec.get("name"), str):
            found.append((kind, rec["name"], round(rec["lat"], 3), round(rec["lon"], 3)))
    out: list[tuple[str, str, float, float]] = []
    for place in sorted(found):  # a city's area beside its county's ("Galway"): one label
        kind, name, lat, lon = place
        if not any(k == kind and n == name and abs(a - lat) < TWIN_DEG and abs(o - lon) < TWIN_DEG
                   for k, n, a, o in out[-5:]):
            out.append(place)
    return tuple(out)


def base_labels(box: Box | None) -> list[dict[str, object]]:
    """The labels a web map's base layer carries: ``{"kind", "name", "lat", "lon"}``, every
    country, and the first-level areas within ``box`` padded (none without data)."""
    out = []
    for kind, name, lat, lon in _places():
        if kind == "area":
            if box is None:
                continue
            west, east, south, north = box
            if not (west - AREA_PAD_DEG <= lon <= east + AREA_PAD_DEG
                    and south - AREA_PAD_DEG <= lat <= north + AREA_PAD_DEG):
                continue
        out.append({"kind": kind, "name": name, "lat": lat, "lon": lon})
    return out
