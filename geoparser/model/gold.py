"""What gold corpora hold: documents, their annotated toponyms and their other named entities
(``geoparser.model``)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal, get_args


@dataclass(frozen=True, slots=True)
class GoldToponym:
    """A toponym annotated in a gold document, with the place it refers to when known.

    ``name`` is the referent's canonical name when the corpus gives one (e.g. "Santa Maria,
    California" for the mention "Santa Maria"); the ``errors`` scheme uses it.
    """

    start: int | None = None
    end: int | None = None
    text: str = ""
    lat: float | None = None
    lon: float | None = None
    tolerance_km: float | None = None
    label: str | None = None
    geonameid: int | None = None
    name: str | None = None

    @property
    def has_point(self) -> bool:
        return self.lat is not None and self.lon is not None


#: What a gold entity that is not a toponym is: the kinds a false positive can be named by.
EntityKind = Literal["person", "organisation", "other"]
ENTITY_KINDS: tuple[str, ...] = get_args(EntityKind)


@dataclass(frozen=True, slots=True)
class GoldEntity:
    """A named entity annotated in a gold document that is not a toponym (a person, an
    organisation, another named thing), kept so that a false positive can be named by what it
    lay on. ``link`` is the corpus's identity for it (a Wikipedia title), ``label`` the corpus's
    own type name ("politician", "B-ORG"'s "ORG")."""

    start: int
    end: int
    text: str
    kind: EntityKind
    link: str | None = None
    label: str | None = None


@dataclass(frozen=True, slots=True)
class Document:
    """A text with an identifier; gold documents also carry their annotated toponyms.

    ``source`` groups documents that belong together (the paper an article appeared in: the
    ``domain`` of LGL-style corpora); resolution reads a group's home region from it.
    ``entities`` are the other named entities the gold annotates (people, organisations...),
    empty for corpora that annotate toponyms only."""

    id: str
    text: str
    toponyms: tuple[GoldToponym, ...] = ()
    source: str | None = None
    entities: tuple[GoldEntity, ...] = ()


def group_of(value: Any) -> str | None:
    """The group a document's ``source`` field names: a string as it is; a number as text; an
    object's ``name`` or else its ``id`` (NewsAPI gives ``{"id": ..., "name": ...}``); anything
    else, or an empty value, no group. An optional field is never a reason to refuse a
    document."""
    if isinstance(value, dict):
        value = next((value[k] for k in ("name", "id") if isinstance(value.get(k), str | int)
                      and not isinstance(value.get(k), bool) and str(value[k]).strip()), None)
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return None
    if isinstance(value, float):
        value = format(value, "g") if math.isfinite(value) else ""
    text = str(value).strip()
    return text or None
