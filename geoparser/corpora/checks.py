"""What a conversion must never emit: what ``read_gold`` would reject. Applied to every
converter's output in one place, each fix counted and described so nothing is dropped silently.

- A point that is not a pair of finite numbers in range (latitude 954, ``NaN``, a string, a
  latitude without its longitude) is dropped from its toponym, which is kept without one.
- A GeoNames id that is not a whole positive number (``"2965140x"``, as an annotator may type
  it) is dropped from its toponym likewise.
- A document whose text is empty (or only white space) is skipped: there is nothing to find
  toponyms in.
- A document id seen before gets a suffix (``id~2``, ``id~3``, ...) so that every document is
  kept and ids stay unique.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Dropped:
    """Counts and descriptions of what the checks changed."""

    points: int = 0
    empty_texts: int = 0
    renamed_ids: int = 0
    geonameids: int = 0
    details: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.points + self.empty_texts + self.renamed_ids + self.geonameids


def geonameid_problem(value: Any) -> str | None:
    """Why ``value`` is not a GeoNames id, or ``None`` when it is one (or absent)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        return f"geonameid {value!r} is not a whole positive number"
    return None


def point_problem(lat: Any, lon: Any) -> str | None:
    """Why ``(lat, lon)`` is not a valid point, or ``None`` when it is (or both are absent)."""
    if lat is None and lon is None:
        return None
    if lat is None or lon is None:
        return "a latitude without a longitude" if lon is None else "a longitude without a latitude"
    for value in (lat, lon):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"coordinates are not numbers ({lat!r}, {lon!r})"
        if not math.isfinite(value):
            return f"coordinates are not finite ({lat!r}, {lon!r})"
    if not -90 <= lat <= 90:
        return f"latitude {lat} is outside -90..90"
    if not -180 <= lon <= 180:
        return f"longitude {lon} is outside -180..180"
    return None


def clean(documents: list[dict[str, Any]], dropped: Dropped) -> list[dict[str, Any]]:
    """``documents`` with bad points dropped, empty texts skipped and repeated ids renamed."""
    kept = []
    seen: set[str] = {str(d.get("id")) for d in documents}
    used: set[str] = set()
    for doc in documents:
        doc_id = str(doc.get("id"))
        text = doc.get("text")
        if not isinstance(text, str) or not text.strip():
            dropped.empty_texts += 1
            dropped.details.append(f"{doc_id}: empty text; document skipped")
            continue
        if doc_id in used:
            n = 2
            while f"{doc_id}~{n}" in seen:
                n += 1
            new_id = f"{doc_id}~{n}"
            seen.add(new_id)
            dropped.renamed_ids += 1
            dropped.details.append(f"{doc_id}: repeated id; this one renamed {new_id}")
            doc = {**doc, "id": new_id}
            doc_id = new_id
        used.add(doc_id)
        for k, t in enumerate(doc.get("toponyms", [])):
            why = point_problem(t.get("lat"), t.get("lon"))
            if why is not None:
                t.pop("lat", None)
                t.pop("lon", None)
                dropped.points += 1
                dropped.details.append(f"{doc_id} toponym {k + 1} ({t.get('text')!r}): {why}; "
                                       "point dropped")
            why = geonameid_problem(t.get("geonameid"))
            if why is not None:
                t.pop("geonameid")
                dropped.geonameids += 1
                dropped.details.append(f"{doc_id} toponym {k + 1} ({t.get('text')!r}): {why}; "
                                       "id dropped")
        kept.append(doc)
    return kept
