"""What a corpus's entity types become: a toponym, another entity kind (person, organisation,
other), or nothing.

The defaults name the common type sets: CoNLL-2003 and BTC (LOC, PER, ORG, MISC), OntoNotes
(GPE, LOC, FAC, NORP, PERSON, ORG...), WNUT-17 (location, person, group, corporation, product,
creative-work), WNUT-16 (geo-loc, facility, company, sportsteam...), CrossNER (location,
country, politician, university, politicalparty... and its domain types), GUM (place, person,
organization, object, event...) and WoTR (place, person, org). Type names are matched without
regard to case, ``_`` or ``-``. ``--types`` overrides them (``parse_types``). A type the map
does not know is read as ``other`` and reported, so nothing is silently lost or silently
counted as a place.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal, get_args

from geoparser.errors import UsageError
from geoparser.vocabularies import pairs

#: Where an entity type goes: a gold toponym, a gold entity of that kind, or dropped.
Target = Literal["toponym", "person", "organisation", "other", "ignore"]
TARGETS: tuple[str, ...] = get_args(Target)

#: The default map, by normalised type name.
DEFAULT_TYPES: dict[str, Target] = dict(  # type: ignore[arg-type]
    pairs("corpora/entity_types", "target"))


#: An annotation tool's labels that say an entity is not a place (doccano, Label Studio, a
#: DocBin made by other tools): every other label stays a toponym, as these tools' projects
#: label toponyms under names of their own ("TOPONYM", "PLACE", "City").
TOOL_ENTITY_LABELS: dict[str, Target] = {
    "per": "person", "person": "person", "org": "organisation", "organisation": "organisation",
    "organization": "organisation", "misc": "other"}


def tool_labels(overrides: dict[str, str]) -> TypeMap:
    """The type map of an annotation tool's labels: ``TOOL_ENTITY_LABELS`` and the user's
    ``--types``; any other label a toponym."""
    return TypeMap(overrides, defaults=TOOL_ENTITY_LABELS, unknown="toponym")  # type: ignore[arg-type]


def normalise(name: str) -> str:
    """A type name as the map keys it: lower case, without ``-``, ``_`` or spaces."""
    return "".join(ch for ch in name.lower() if ch not in "-_ ")


class TypeMap:
    """The defaults with the user's overrides; counts the types it did not know."""

    def __init__(self, overrides: dict[str, Target] | None = None,
                 defaults: dict[str, Target] | None = None, unknown: Target = "other"):
        self.table = dict(DEFAULT_TYPES if defaults is None else defaults)
        self.table.update({normalise(k): v for k, v in (overrides or {}).items()})
        self.unknown_target = unknown
        self.unknown: Counter[str] = Counter()

    def target(self, type_name: str) -> Target:
        found = self.table.get(normalise(type_name))
        if found is None:
            self.unknown[type_name] += 1
            return self.unknown_target
        return found

    def notes(self) -> list[str]:
        """A warning naming the types the map did not know, if any."""
        if not self.unknown:
            return []
        listed = ", ".join(f"{name} ({n})" for name, n in sorted(self.unknown.items()))
        return [f"entity types not in the type map were read as "
                f"{self.unknown_target}: {listed} (map them with --types TYPE=KIND)"]


def parse_types(spec: str | None) -> dict[str, Target]:
    """``--types`` as a map: ``TYPE=KIND`` pairs separated by commas, KIND one of
    ``TARGETS`` (``organization`` accepted for ``organisation``)."""
    out: dict[str, Target] = {}
    for part in (spec or "").split(","):
        if not part.strip():
            continue
        name, sep, kind = part.partition("=")
        kind = kind.strip().lower().replace("organization", "organisation")
        if not sep or not name.strip() or kind not in TARGETS:
            raise UsageError(f"--types: {part.strip()!r} is not TYPE=KIND with KIND one of "
                             f"{', '.join(TARGETS)}")
        out[name.strip()] = kind  # type: ignore[assignment]
    return out
