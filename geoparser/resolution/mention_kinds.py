"""How the text uses each toponym (``model.MentionKind``), read off evidence the stages already
hold, and the choice of which kinds are output.

A kind is given only where typed evidence decides it, in this order:

- ``demonym``: the toponym is a people or its adjective (``Resolution.demonym``, set from
  ``gazetteers.demonyms.names_a_people``);
- ``embedded``: a recogniser read it inside another name, an organisation's or a facility's
  ("[Texas] Department of Transportation"; ``Mention.within``, set by the organisation pass
  ``recognition.organisation_places`` and spaCy's embedded spans), whose span it keeps;
- ``street``: the place chosen for it is a street, road, building or facility (GeoNames
  feature class R or S: a gazetteer's airport, a street placed at its town by
  ``resolution.facilities``), or, unplaced, its name says it is one ("Royal Street",
  ``gazetteers.name_forms.facility_code``);
- for the rest, ``literal``, ``metonymy`` or ``embedded`` from the context classifier
  (``resolution.kind_classifier``) where it is sure enough; else no kind (``None``, written
  ``unknown``): a place name alone does not say whether the text means the place or its
  government.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from geoparser.errors import UsageError
from geoparser.gazetteers.name_forms import facility_code
from geoparser.model import MentionKind, ParsedDocument, Resolution

#: The GeoNames feature classes of street-level places: roads and streets (R), spots,
#: buildings and facilities (S).
STREET_CLASSES = frozenset({"R", "S"})
#: The word that stands for "no kind" in ``--kinds`` and every output.
UNKNOWN = "unknown"
#: Every choosable kind, by the name written out, ``unknown`` last.
KIND_NAMES = (*(k.value for k in MentionKind), UNKNOWN)


def kind_of(r: Resolution) -> tuple[MentionKind | None, tuple[int, int] | None]:
    """The kind the evidence gives ``r``'s toponym and, for an embedded one, the span of the
    name it is inside (see the module's docstring); ``(None, None)`` where none decides."""
    if r.demonym:
        return MentionKind.DEMONYM, None
    within = r.mention.within
    if within is not None:
        return MentionKind.EMBEDDED, (int(within[0]), int(within[1]))
    c = r.candidate
    if c is not None and c.feature_class in STREET_CLASSES:
        return MentionKind.STREET, None
    if c is None and facility_code(r.mention.text.strip()) is not None:
        return MentionKind.STREET, None
    return r.kind, None


def with_kind(r: Resolution) -> Resolution:
    """``r`` with the kind and embedding span ``kind_of`` gives it."""
    kind, within = kind_of(r)
    if kind is r.kind and within == r.within:
        return r
    return replace(r, kind=kind, within=within)


def kind_name(kind: MentionKind | None) -> str:
    """The kind as written out: its value, or ``unknown`` for none."""
    return kind.value if kind is not None else UNKNOWN


def parse_kinds(names: str | Iterable[str]) -> frozenset[str]:
    """The kinds named in ``names`` ("street,embedded" or a list), checked against
    ``KIND_NAMES``; ``all`` names every kind. An unknown name is a usage error naming the
    choices."""
    items = names.split(",") if isinstance(names, str) else list(names)
    chosen = {n.strip().lower() for n in items if n.strip()}
    if "all" in chosen:
        chosen = (chosen - {"all"}) | set(KIND_NAMES)
    unknown = sorted(chosen - set(KIND_NAMES))
    if unknown or not chosen:
        raise UsageError(f"unknown mention kind {', '.join(map(repr, unknown)) or '(none)'} "
                         f"(choose from {', '.join(KIND_NAMES)}, or all)")
    return frozenset(chosen)


def chosen_kinds(names: str | Iterable[str]) -> tuple[str, ...] | None:
    """``parse_kinds`` as a pipeline's setting: the sorted names, or ``None`` for every kind
    (so that naming every kind and naming none are one setting)."""
    kinds = parse_kinds(names)
    return None if kinds >= set(KIND_NAMES) else tuple(sorted(kinds))


def only_kinds(parsed: ParsedDocument, kinds: frozenset[str] | None) -> ParsedDocument:
    """``parsed`` with only the toponyms whose kind is among ``kinds`` (``None``: all); a
    mention with no resolution has no kind (``unknown``)."""
    if kinds is None or kinds >= set(KIND_NAMES):
        return parsed
    by_span = {(r.mention.start, r.mention.end): r for r in parsed.resolutions}
    gone = {(m.start, m.end) for m in parsed.mentions
            if kind_name(r.kind if (r := by_span.get((m.start, m.end))) else None) not in kinds}
    if not gone:
        return parsed
    return replace(parsed, mentions=[m for m in parsed.mentions if (m.start, m.end) not in gone],
                   resolutions=[r for r in parsed.resolutions
                                if (r.mention.start, r.mention.end) not in gone])
