"""The Python API for notebooks and scripts: one object that recognises, looks up and resolves.

>>> from geoparser import Geoparser
>>> gp = Geoparser(ner="en_core_web_sm", gazetteer="offline", policy="population")
>>> doc = gp.parse("We flew from Paris to Tokyo.")
>>> [(r.mention.text, r.candidate.country_code) for r in doc.resolutions]
[('Paris', 'FR'), ('Tokyo', 'JP')]
>>> [d.document.id for d in gp.parse(["Rain in Oslo.", "Snow in Bergen."])]
['0', '1']
>>> import json; _ = json.dumps(doc.to_dict()), json.dumps(doc.to_geojson())
>>> doc.focus.country.name, doc.focus.country.share   # what the text is about (CLIFF's focus)
('France', 0.5)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, overload

import pandas as pd

from geoparser.decision.span_decision import decision_for, without_demonyms
from geoparser.defaults import DEFAULT_MIN_CONFIDENCE, DEFAULT_POINTS, DEFAULT_RECOGNISER
from geoparser.errors import UsageError
from geoparser.gazetteers import Gazetteer, create_gazetteer
from geoparser.io.geo import geodataframe, require_geopandas
from geoparser.io.toponym_records import INTEGER_COLUMNS, TOPONYM_COLUMNS, flat_records
from geoparser.model import Document, ParsedDocument
from geoparser.pipeline import recognise, recognise_with_unknown, resolve
from geoparser.recognition import DEFAULT_LABELS, Recogniser, create_recogniser
from geoparser.resolution import DEFAULT_POLICY, Policy, create_policy
from geoparser.resolution.base import policy_identity
from geoparser.resolution.confidence import check_min_confidence
from geoparser.resolution.mention_kinds import chosen_kinds, only_kinds


class Geoparser:
    """Recogniser, gazetteer and policy, each given by name or as an object; toponyms whose
    marker confidence is below ``min_confidence`` are left unplaced (``None``: the minimum
    chosen on the shared corpora; 0: every toponym placed; with a recogniser the span decision
    was not fitted on, the point's confidence); ``points`` is the point convention of a policy
    given by name (whose point stands for a country or area). ``keep_rejected``: spans the span
    decision (``geoparser.decision``) judges no toponym, and names the recogniser found but no
    gazetteer knows, are kept, marked ``rejected`` with a typed ``rejection``;
    ``demonyms=False`` leaves out peoples and their adjectives; ``kinds`` names the mention
    kinds output ("literal,demonym,embedded,street,metonymy,unknown" or a list; ``None``: all;
    ``resolution.mention_kinds``)."""

    def __init__(
        self,
        ner: str | Recogniser = DEFAULT_RECOGNISER,
        gazetteer: str | Gazetteer = "offline",
        policy: str | Policy = DEFAULT_POLICY,
        labels: Sequence[str] = DEFAULT_LABELS,
        min_confidence: float | None = DEFAULT_MIN_CONFIDENCE,
        points: str = DEFAULT_POINTS,
        keep_rejected: bool = False,
        demonyms: bool = True,
        kinds: str | Iterable[str] | None = None,
    ) -> None:
        check_min_confidence(min_confidence)
        self.min_confidence = min_confidence
        self.demonyms = demonyms
        chosen = chosen_kinds("all" if kinds is None else kinds)
        self.kinds = frozenset(chosen) if chosen is not None else None
        self.keep_rejected = keep_rejected
        self.recogniser = create_recogniser(ner, labels=labels) if isinstance(ner, str) else ner
        self.gazetteer = create_gazetteer(gazetteer) if isinstance(gazetteer, str) else gazetteer
        self.policy = (create_policy(policy, points=points) if isinstance(policy, str)
                       else policy)
        self.decision = decision_for(getattr(self.recogniser, "name", ""),
                                     getattr(self.policy, "name", ""), keep_rejected)
        #: The point convention (``resolution.base.POINT_CONVENTIONS``) of this geoparser's
        #: policy: two geoparsers with different ones live side by side in one process.
        self.points = getattr(self.policy, "points", points)

    def settings(self) -> dict[str, object]:
        """What this geoparser was made with, as JSON values: recogniser, gazetteer, the
        policy's identity (``resolution.base.policy_identity``: its name, point convention,
        weights or model digest) and the minimum confidence. Equal settings, equal answers;
        record them beside what it writes."""
        return {"recogniser": getattr(self.recogniser, "name", type(self.recogniser).__name__),
                "gazetteer": getattr(self.gazetteer, "name", type(self.gazetteer).__name__),
                "policy": policy_identity(self.policy),
                "min_confidence": self.min_confidence,
                "span_decision": self.decision is not None}

    @overload
    def parse(self, texts: str | Document, guide: tuple[float, float] | None = None
              ) -> ParsedDocument: ...

    @overload
    def parse(self, texts: Iterable[str | Document],
              guide: Mapping[str, tuple[float, float]] | None = None, *,
              collection: bool = False) -> list[ParsedDocument]: ...

    def parse(self, texts, guide=None, *, collection=False):
        """Geoparse one text, or many in batches.

        A string (or a ``Document``) gives one ``ParsedDocument``; ``guide`` is then the
        optional ``(lat, lon)`` point some policies use (``nearest``). An iterable of strings
        or ``Document``s gives a list, in order; strings get their position as id ("0", "1",
        ...), and ``guide`` may map document ids to points. ``collection=True``: the texts
        belong together (one album's captions), so a text naming a single place weighs the
        others' toponyms as its context.
        """
        if isinstance(texts, str | Document):
            doc = texts if isinstance(texts, Document) else Document("0", texts)
            return self.parse_documents([doc], {doc.id: guide} if guide else None)[0]
        if isinstance(texts, bytes | Mapping):
            raise TypeError(f"parse takes a string or an iterable of strings or Documents, "
                            f"not {type(texts).__name__}")
        docs = []
        for i, t in enumerate(texts):
            if isinstance(t, Document):
                docs.append(t)
            elif isinstance(t, str):
                docs.append(Document(str(i), t))
            else:
                raise TypeError(f"item {i} is a {type(t).__name__}, not a string or Document")
        return self.parse_documents(docs, guide, collection=collection)

    def parse_many(self, texts: Iterable[str]) -> list[ParsedDocument]:
        """Geoparse many texts in batches; document ids are their positions as strings."""
        return self.parse(list(texts))

    def parse_documents(
        self, documents: Sequence[Document],
        guides: Mapping[str, tuple[float, float]] | None = None, *, collection: bool = False,
    ) -> list[ParsedDocument]:
        """Geoparse ``documents`` (ids given); ``guides`` maps ids to ``(lat, lon)`` points;
        ``collection`` as for ``parse``."""
        if getattr(self.policy, "needs_guide", False) and documents and not guides:
            raise UsageError(f"policy {self.policy.name!r} needs a guide point, and none was "
                             "given (parse(text, guide=(lat, lon)))")
        parsed, unknown = (recognise_with_unknown(self.recogniser, documents)
                           if self.keep_rejected else (recognise(self.recogniser, documents),
                                                       None))
        return self.resolve_documents(parsed, guides, collection=collection, unknown=unknown)

    def resolve_documents(
        self, parsed: Sequence[ParsedDocument],
        guides: Mapping[str, tuple[float, float]] | None = None, *, collection: bool = False,
        unknown: Any = None,
    ) -> list[ParsedDocument]:
        """The second half of ``parse_documents``: documents whose toponyms were recognised
        (``pipeline.recognise``, by this geoparser's recogniser or another of its kind)
        resolved, decided and filtered as set. Documents resolved together share their
        papers' home regions (``resolution.home``), as in one ``parse``; ``unknown``: the
        names ``pipeline.recognise_with_unknown`` found in no gazetteer."""
        out = resolve(parsed, self.gazetteer, self.policy, guides,
                      collection=collection, min_confidence=self.min_confidence,
                      repeat_names=True, decision=self.decision, unknown_names=unknown,
                      hashtags=True)
        out = out if self.demonyms else [without_demonyms(p) for p in out]
        return [only_kinds(p, self.kinds) for p in out]


def to_dataframe(parsed: ParsedDocument | Iterable[ParsedDocument]) -> pd.DataFrame:
    """One row per mention: document id (``doc_id``), span, label, and the place chosen for it
    (name, first-level area, country, kind, GeoNames id), why, out of how many and how sure,
    and the document's focus (``focus_country``, ``focus_admin1``, ``focus_city``, each with
    its GeoNames id and share): the columns of the CSV output (``toponym_records``)."""
    docs = [parsed] if isinstance(parsed, ParsedDocument) else list(parsed)
    rows = [t for doc in docs for t in flat_records(doc)]
    frame = pd.DataFrame(rows, columns=list(TOPONYM_COLUMNS))
    for column in INTEGER_COLUMNS:
        frame[column] = frame[column].astype("Int64")
    return frame





def to_geodataframe(parsed: ParsedDocument | Iterable[ParsedDocument]) -> Any:
    """``to_dataframe`` as a GeoPandas GeoDataFrame in EPSG:4326 (WGS 84, longitude/latitude):
    a Point per placed toponym, and no geometry (``None``) for a toponym left unplaced, which
    keeps its row as it keeps its feature in GeoJSON. Needs the ``geo`` extra
    (``pip install 'toposcope[geo]'``); without it, ``UsageError`` says so."""
    require_geopandas("to_geodataframe")
    return geodataframe(to_dataframe(parsed))
