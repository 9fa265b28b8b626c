"""The data model the stages exchange: documents, gold toponyms, mentions, candidates, resolutions.

Plain frozen dataclasses only, so that stages depend on this module and never on each other.
The five records that scorers hold by the hundred thousand (``GoldToponym``, ``Document``,
``CandidatePoint``, ``Prediction``, ``PredictedDocument``) use ``__slots__``: smaller
instances than with a ``__dict__``, and faster attribute access. Reading files fast is the
readers' business (``documents_bulk``), not the model's.
Offsets are character offsets into ``Document.text``, end exclusive; constructors check nothing
(the readers do).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from geoparser.model.focus import (
    FOCUS_COLUMNS,
    DocumentFocus,
    FocusPlace,
    focus_columns,
)
from geoparser.model.gold import (
    ENTITY_KINDS,
    Document,
    EntityKind,
    GoldEntity,
    GoldToponym,
    group_of,
)

__all__ = ["ENTITY_KINDS", "FOCUS_COLUMNS", "Candidate", "CandidatePoint", "Document",
           "DocumentFocus", "EntityKind", "FocusPlace", "GoldEntity", "GoldToponym", "Mention",
           "MentionKind", "ParsedDocument", "PredictedDocument", "Prediction", "Rejection",
           "Resolution", "focus_columns", "group_of"]


class MentionKind(StrEnum):
    """How a text uses a toponym (after Gritta et al.'s pragmatic taxonomy, which GeoWebNews
    annotates): the place itself (``literal``), its people or their adjective (``demonym``),
    the place standing for its government, team or people (``metonymy``), a place inside
    another name (``embedded``: an organisation's, a facility's, an event's) or a place at
    street level (``street``: an address, street, road, building or facility). A toponym no
    evidence decides has no kind (``None``), never a guessed one (docs/formats.md)."""

    LITERAL = "literal"
    DEMONYM = "demonym"
    METONYMY = "metonymy"
    EMBEDDED = "embedded"
    STREET = "street"


@dataclass(frozen=True)
class Mention:
    """A toponym candidate found by a recogniser: a span of the document text and its label.

    ``why`` says, for recognisers that combine evidence, which rule kept the mention, in words
    for people. ``proposer`` names what proposed the span, a stable identifier for code to
    read ("tagger", a recognition pass's name: ``recognition.passes``); it is never written
    out, and two mentions that differ only in it are equal. ``score`` is the recogniser's own
    probability that the span is a toponym, where it has one (the transformer tagger's,
    averaged over the span's words): evidence for the span decision (``geoparser.decision``),
    not part of the mention's identity either.
    ``evidence`` is false for a low-precision guess (a gazetteer-matcher hit no model made):
    it is resolved and output like any other, but lends no context to the document's other
    toponyms, so a surname read as a town cannot pull them towards it.
    """

    start: int
    end: int
    text: str
    label: str
    recogniser: str = ""
    why: str = ""
    evidence: bool = True
    proposer: str = field(default="", compare=False)
    score: float | None = field(default=None, compare=False)
    #: The span of the name the mention was read inside ("[Texas] Department of
    #: Transportation": the whole organisation's), where a recogniser read it so.
    within: tuple[int, int] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Candidate:
    """One gazetteer entry a name may refer to.

    ``missing`` lists the fields the source does not provide (e.g. ``("coordinates",)``),
    so a consumer can tell "unknown" from "zero"; ``derived`` lists the fields computed rather
    than given (e.g. a point averaged from member towns). ``licence`` is the licence of the
    record's data, e.g. ``"CC-BY-4.0 (GeoNames)"`` or ``"ODbL-1.0"``. ``importance`` is
    Nominatim's 0..1 ranking score, absent from GeoNames sources. ``scale_rank`` is Natural
    Earth's for its physical features and the airports it labels: the map scale from which
    the feature is labelled, 0 at the scale of the whole world, about 10 for the least; what
    ranks a peninsula, a desert or an airport, which has no population, against the towns of
    its name.
    """

    source: str
    source_id: str
    name: str
    lat: float | None
    lon: float | None
    population: int | None = None
    geonameid: int | None = None
    country_code: str | None = None
    admin1: str | None = None
    feature_class: str | None = None
    feature_code: str | None = None
    missing: tuple[str, ...] = ()
    licence: str | None = None
    derived: tuple[str, ...] = ()
    importance: float | None = None
    #: The first-level area and the country by name ("Texas", "United States"), filled in
    #: when the pipeline looks names up, so every output can say which place this is.
    admin1_name: str | None = None
    country_name: str | None = None
    #: The part of the place a toponym names by a direction ("north" for "North Texas",
    #: ``gazetteers.area_parts``): the point is that part's, while the kind and population,
    #: which rank it against other candidates, are the whole place's.
    part: str | None = None
    scale_rank: float | None = None

    @property
    def has_point(self) -> bool:
        return self.lat is not None and self.lon is not None


class Rejection(StrEnum):
    """Why a span kept only because rejected spans were asked for (``Resolution.rejected``)
    is no toponym of the output: for code to read, where the reason is for people."""

    #: The span decision's probability that the span is a toponym is below its threshold.
    NOT_A_TOPONYM = "not_a_toponym"
    #: A people's adjective in a thing's name or a language ("French toast": the decision's
    #: lexical judgement).
    NOT_THE_PLACE = "not_the_place"
    #: The recogniser read it as a toponym, but no entry of the gazetteer has the name, so it
    #: could not be placed ("Kibera" with the offline gazetteer).
    NOT_IN_GAZETTEER = "not_in_gazetteer"


@dataclass(frozen=True)
class Resolution:
    """The candidate a resolver policy chose for a mention, out of how many, and why.

    ``candidates`` is the list it chose from, when the pipeline keeps it (for error analysis):
    every source's record. ``n_candidates`` counts places (one per GeoNames id, as the reason
    does), and ``ranked`` lists those places best first by the policy's own measure
    (``score_name``: context score, ranker score, population, km from the guide), with
    ``scores`` beside them where the policy has one.
    """

    mention: Mention
    candidate: Candidate | None
    n_candidates: int
    policy: str
    reason: str
    candidates: tuple[Candidate, ...] = ()
    ranked: tuple[Candidate, ...] = ()
    scores: tuple[float | None, ...] = ()
    score_name: str | None = None
    #: The probability that the chosen point lies within 161 km of the right one
    #: (``resolution.confidence``); ``None`` where nothing was placed or no model fits.
    confidence: float | None = None
    #: The span decision's calibrated probabilities (``geoparser.decision``): that the span is
    #: a toponym at all (``span_probability``), and that it is one *and* its point lies within
    #: 161 km of the right one (``marker_confidence``, the marker's own); ``None`` where no
    #: decision was made (gold mentions, a decision switched off). ``rejected``: the decision
    #: dropped the span, kept only because rejected spans were asked for.
    span_probability: float | None = None
    marker_confidence: float | None = None
    rejected: bool = False
    #: Why it was rejected (``None`` unless ``rejected``).
    rejection: Rejection | None = None
    #: The toponym is a people or a people's adjective ("Canadians", "Turkish troops"): it
    #: stands for the place, and a map may leave it off (``--no-demonyms``).
    demonym: bool = False
    #: How the text uses the toponym (``MentionKind``; ``None`` where no evidence decides), and
    #: for an embedded one the span of the name it is inside (``resolution.mention_kinds``).
    kind: MentionKind | None = None
    within: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class CandidatePoint:
    """One candidate a geoparser considered for a prediction, as far as scorers need it."""

    geonameid: int | None = None
    lat: float | None = None
    lon: float | None = None
    population: int | None = None
    name: str | None = None

    @property
    def has_point(self) -> bool:
        return self.lat is not None and self.lon is not None


@dataclass(frozen=True, slots=True)
class Prediction:
    """A predicted toponym as scorers see it: a span and/or surface text, optionally a point.

    Produced by the pipeline from mentions and resolutions, or read from a predictions file.
    ``candidates`` (optional) lists what the resolver chose from, for the ``errors`` scheme.
    """

    text: str = ""
    start: int | None = None
    end: int | None = None
    label: str | None = None
    lat: float | None = None
    lon: float | None = None
    geonameid: int | None = None
    n_candidates: int | None = None
    candidates: tuple[CandidatePoint, ...] = ()
    name: str | None = None  # the chosen place's name, for error listings
    #: The system's probability that its point is within 161 km of the right one.
    confidence: float | None = None
    #: The probability that the marker is right: a toponym placed within 161 km
    #: (``Resolution.marker_confidence``).
    marker_confidence: float | None = None

    @property
    def has_point(self) -> bool:
        return self.lat is not None and self.lon is not None


@dataclass(frozen=True, slots=True)
class PredictedDocument:
    """The predictions for one document id."""

    id: str
    toponyms: tuple[Prediction, ...] = ()


@dataclass
class ParsedDocument:
    """What the pipeline produced for one document: mentions and, if resolved, resolutions,
    with the document's ``focus`` (``resolution.focus``; ``None`` when nothing was placed or
    the document is not resolved)."""

    document: Document
    mentions: list[Mention] = field(default_factory=list)
    resolutions: list[Resolution] = field(default_factory=list)
    focus: DocumentFocus | None = None

    def predictions(self, with_candidates: bool = False) -> PredictedDocument:
        """The document's toponyms in the scorers' format (resolved point where there is one);
        ``with_candidates`` adds the candidates each was chosen from (``errors`` scheme)."""
        by_span = {(r.mention.start, r.mention.end): r for r in self.resolutions}
        out = []
        for m in self.mentions:
            res = by_span.get((m.start, m.end))
            if res is not None and res.rejected:
                continue
            cand = res.candidate if res else None
            out.append(
                Prediction(
                    text=m.text,
                    start=m.start,
                    end=m.end,
                    label=m.label,
                    lat=cand.lat if cand else None,
                    lon=cand.lon if cand else None,
                    geonameid=cand.geonameid if cand else None,
                    n_candidates=res.n_candidates if res else None,
                    name=cand.name if cand else None,
                    confidence=res.confidence if res else None,
                    marker_confidence=res.marker_confidence if res else None,
                    candidates=tuple(
                        CandidatePoint(geonameid=c.geonameid, lat=c.lat, lon=c.lon,
                                       population=c.population, name=c.name)
                        for c in res.candidates
                    ) if res and with_candidates else (),
                )
            )
        return PredictedDocument(self.document.id, tuple(out))

    def to_dict(self, with_candidates: bool = False) -> dict[str, Any]:
        """The document as JSON-ready values: its id and text, and each toponym with the place
        chosen for it (``place`` is ``None`` when unresolved), the policy's reason and, with
        ``with_candidates``, every candidate it chose from. ``json.dumps`` takes the result."""
        by_span = {(r.mention.start, r.mention.end): r for r in self.resolutions}
        toponyms = []
        for m in self.mentions:
            res = by_span.get((m.start, m.end))
            item: dict[str, Any] = {
                "start": m.start, "end": m.end, "text": m.text, "label": m.label,
                "recogniser": m.recogniser,
                "place": _place(res.candidate) if res and res.candidate else None,
                "policy": res.policy if res else None,
                "reason": res.reason if res else None,
                "n_candidates": res.n_candidates if res else None,
                "confidence": res.confidence if res else None,
                "mention_kind": res.kind.value if res and res.kind else "unknown",
                "within_start": res.within[0] if res and res.within else None,
                "within_end": res.within[1] if res and res.within else None,
            }
            if with_candidates:  # the places it chose from, best first (one per place)
                item["candidates"] = [_place(c) for c in res.ranked or res.candidates
                                      ] if res else []
            toponyms.append(item)
        return {"id": self.document.id, "text": self.document.text, "toponyms": toponyms,
                "focus": self.focus.to_dict() if self.focus else None}

    def to_geojson(self) -> dict[str, Any]:
        """The document's toponyms as a GeoJSON FeatureCollection (RFC 7946): one feature per
        toponym, a Point at the chosen place, or ``geometry: null`` when none was placed (the
        RFC allows it), so no toponym goes missing. Coordinates are [longitude, latitude]."""
        features = []
        for t in self.to_dict()["toponyms"]:
            place = t["place"]
            placed = place is not None and place["lat"] is not None and place["lon"] is not None
            features.append({
                "type": "Feature",
                "geometry": {"type": "Point", "coordinates": [place["lon"], place["lat"]]}
                if placed else None,
                "properties": {"doc_id": self.document.id,
                               **{k: v for k, v in t.items() if k != "place"},
                               **{k: v for k, v in (place or {}).items()
                                  if k not in ("lat", "lon")},
                               **focus_columns(self.focus)},
            })
        return {"type": "FeatureCollection", "features": features}


#: ``to_dict``'s names for the candidate fields whose meaning differs from the output records':
#: there, as in CSV, DataFrames and spaCy, ``admin1`` and ``country`` are names in words and
#: the codes are ``admin1_code`` and ``country_code``.
_PLACE_KEYS = {"admin1": "admin1_code", "admin1_name": "admin1", "country_name": "country"}


def _place(c: Candidate) -> dict[str, Any]:
    """A candidate as JSON-ready values (tuples become lists), its first-level area and country
    named as every other output names them."""
    return {_PLACE_KEYS.get(k, k): list(v) if isinstance(v, tuple) else v
            for k, v in asdict(c).items()}
