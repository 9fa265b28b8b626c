"""Build one gold toponym object, leaving out what the corpus doesn't give."""

from __future__ import annotations

from typing import Any


def toponym(doc_text: str, phrase: str, start: int | None, end: int | None, *,
            lat: Any = None, lon: Any = None, label: str | None = None,
            geonameid: int | str | None = None, name: str | None = None) -> dict[str, Any]:
    """A gold toponym object. The point is kept as the corpus gives it: ``checks.clean``
    drops (and counts) one that is not a valid pair of coordinates."""
    surface = doc_text[start:end] if start is not None and end is not None else phrase
    item = {"start": start, "end": end, "text": surface, "lat": lat, "lon": lon,
            "label": label, "geonameid": geonameid, "name": name}
    return {k: v for k, v in item.items() if v is not None}


def entity(doc_text: str, start: int, end: int, kind: str, *, link: str | None = None,
           label: str | None = None) -> dict[str, Any]:
    """A gold entity object (a person, organisation or other named thing: ``model.GoldEntity``)
    over ``doc_text[start:end]``."""
    item = {"start": start, "end": end, "text": doc_text[start:end], "kind": kind,
            "link": link, "label": label}
    return {k: v for k, v in item.items() if v is not None}
