"""A document's focus: the country, first-level area and city most of its placed toponyms lie
in, and the flat columns every output writes for it (``geoparser.model``)."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class FocusPlace:
    """One of a document's focus places: the country, first-level area or city where most of
    its placed toponyms lie (``count`` of them, ``share`` = count / all placed toponyms).

    ``geonameid`` and ``name`` are those of the country, area or city itself (``None`` where
    the gazetteer has no GeoNames id for it); ``country_code`` is its country's ISO code and
    ``admin1`` its GeoNames first-level code, where they apply."""

    name: str | None
    geonameid: int | None
    country_code: str | None
    admin1: str | None
    count: int
    share: float


@dataclass(frozen=True)
class DocumentFocus:
    """What a document is about, as CLIFF-CLAVIN's focus: the country, first-level area and
    city that most of its placed toponyms fall in (``resolution.focus``). ``placed`` counts the
    toponyms placed on the map, the shares' denominator. A part is ``None`` when no placed
    toponym lies in any country, first-level area or city respectively."""

    country: FocusPlace | None
    admin1: FocusPlace | None
    city: FocusPlace | None
    placed: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values: ``{"country": {...} or None, "admin1": ..., "city": ...,
        "placed": n}``."""
        return {"country": asdict(self.country) if self.country else None,
                "admin1": asdict(self.admin1) if self.admin1 else None,
                "city": asdict(self.city) if self.city else None,
                "placed": self.placed}

    @staticmethod
    def from_dict(value: Any) -> DocumentFocus | None:
        """The focus a JSON object describes (``to_dict``), or ``None`` for anything else: an
        optional field read back is never a reason to refuse a document."""
        if not isinstance(value, dict):
            return None
        parts = {}
        for key in ("country", "admin1", "city"):
            part = value.get(key)
            parts[key] = _focus_place(part) if isinstance(part, dict) else None
        placed = value.get("placed")
        return DocumentFocus(**parts, placed=placed if type(placed) is int else 0)


#: The focus as flat columns, the same on every row of a document's toponyms (CSV, Parquet,
#: GeoJSON properties, data frames); all empty when the document has no focus.
FOCUS_COLUMNS = ("focus_country", "focus_country_code", "focus_country_geonameid",
                 "focus_country_share", "focus_admin1", "focus_admin1_geonameid",
                 "focus_admin1_share", "focus_city", "focus_city_geonameid", "focus_city_share")


def focus_columns(focus: DocumentFocus | None) -> dict[str, Any]:
    """``FOCUS_COLUMNS`` for ``focus``: each part's name, GeoNames id and share (and the focus
    country's ISO code); ``None`` where a part, or the whole focus, is missing."""
    out: dict[str, Any] = dict.fromkeys(FOCUS_COLUMNS)
    if focus is None:
        return out
    for key, part in (("country", focus.country), ("admin1", focus.admin1),
                      ("city", focus.city)):
        if part is not None:
            out[f"focus_{key}"] = part.name
            out[f"focus_{key}_geonameid"] = part.geonameid
            out[f"focus_{key}_share"] = part.share
    if focus.country is not None:
        out["focus_country_code"] = focus.country.country_code
    return out


def _focus_place(part: dict[str, Any]) -> FocusPlace:
    def text(key: str) -> str | None:
        return part[key] if isinstance(part.get(key), str) else None

    gid, count, share = part.get("geonameid"), part.get("count"), part.get("share")
    return FocusPlace(
        name=text("name"), geonameid=gid if type(gid) is int else None,
        country_code=text("country_code"), admin1=text("admin1"),
        count=count if type(count) is int else 0,
        share=float(share) if type(share) in (int, float) and math.isfinite(share) else 0.0)
