"""Toposcope as a spaCy pipeline component: ``nlp.add_pipe("toposcope")`` places the toponyms of
any spaCy pipeline.

>>> import spacy, geoparser.spacy_component  # the import is optional once toposcope is installed
>>> nlp = spacy.load("en_core_web_sm")
>>> _ = nlp.add_pipe("toposcope", config={"policy": "population"})
>>> doc = nlp("We flew from Paris to Tokyo.")
>>> [(ent.text, ent._.country_code) for ent in doc._.toponyms]
[('Paris', 'FR'), ('Tokyo', 'JP')]

The component takes the toponyms of ``recogniser`` (by default Toposcope's default recogniser,
``defaults.DEFAULT_RECOGNISER``; or ``"gazetteer"``, ``"hybrid"``, a plug-in's name), which are
added to ``doc.ents`` where they overlap no entity; with ``recogniser`` set to ``None``, the
entities the pipeline itself found whose label is one of ``labels`` (GPE and LOC by default). Each
toponym is looked up in the gazetteer and placed by the policy, exactly as ``toposcope parse``
does, and the span gets ``._.lat``, ``._.lon``, ``._.geonameid`` (an integer),
``._.place_name``, ``._.admin1`` and ``._.country`` (by name), ``._.country_code``, ``._.kind``
(the feature kind in words), ``._.reason`` (why the policy chose that place, or none),
``._.n_candidates`` (how many places it chose from), ``._.confidence`` (the probability
that the point lies within 161 km of the right one), ``._.place`` (the chosen ``Candidate``),
``._.candidates`` (those places, best first) and ``._.record`` (the toponym's record as every
output writes it, candidates marked chosen / alternate-name match). ``doc._.toponyms`` lists
the toponym spans in text order; ``doc._.guide`` may hold a ``(lat, lon)`` point for the
``nearest`` policy. ``nlp.pipe`` looks up a whole batch at once.

spaCy finds the factory through the ``spacy_factories`` entry point in Toposcope's package
metadata, so ``spacy.load`` of a saved pipeline that uses it needs no import either.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.util import minibatch

from geoparser.defaults import DEFAULT_RECOGNISER
from geoparser.gazetteers import create_gazetteer
from geoparser.io.toponym_records import toponym_record
from geoparser.model import Document, Mention, ParsedDocument
from geoparser.pipeline import resolve
from geoparser.recognition import DEFAULT_LABELS, create_recogniser
from geoparser.resolution import create_policy

#: The span attributes the component sets, and their value when a toponym was not placed.
SPAN_ATTRIBUTES = ("lat", "lon", "geonameid", "country_code", "reason", "place", "candidates",
                   "place_name", "admin1", "country", "kind", "n_candidates", "confidence",
                   "record")


def register_extensions() -> None:
    """Declare ``Span._.lat`` and the others, and ``Doc._.toponyms`` / ``Doc._.guide``, once."""
    for attr in SPAN_ATTRIBUTES:
        if not Span.has_extension(attr):
            Span.set_extension(attr, default=None)
    if not Doc.has_extension("toponyms"):
        Doc.set_extension("toponyms", default=None)
    if not Doc.has_extension("guide"):
        Doc.set_extension("guide", default=None)


class ToposcopeComponent:
    """Resolves a Doc's toponym spans with a gazetteer and a policy (see the module doc)."""

    def __init__(self, nlp: Language, name: str = "toposcope", gazetteer: str = "offline",
                 policy: str = "context", labels: Sequence[str] = DEFAULT_LABELS,
                 recogniser: str | None = DEFAULT_RECOGNISER,
                 gazetteer_config: Mapping[str, Any] | None = None) -> None:
        register_extensions()
        self.name = name
        self.labels = frozenset(labels)
        self.gazetteer = create_gazetteer(gazetteer, **dict(gazetteer_config or {}))
        self.policy = create_policy(policy)
        self.recogniser = (create_recogniser(recogniser, labels=tuple(labels))
                           if recogniser else None)
        self.source = recogniser or f"spacy:{nlp.meta.get('lang', '?')}_" \
                                    f"{nlp.meta.get('name', '?')}"

    def __call__(self, doc: Doc) -> Doc:
        return self._resolve([doc])[0]

    def pipe(self, stream: Iterable[Doc], batch_size: int = 128) -> Iterator[Doc]:
        for batch in minibatch(stream, size=batch_size):
            yield from self._resolve(list(batch))

    def _spans(self, docs: list[Doc]) -> list[list[Span]]:
        if self.recogniser is None:
            return [[e for e in doc.ents if e.label_ in self.labels] for doc in docs]
        found = []
        for doc, mentions in zip(docs, self.recogniser.recognise(d.text for d in docs),
                                 strict=True):
            spans = [s for m in mentions
                     if (s := doc.char_span(m.start, m.end, label=m.label,
                                            alignment_mode="expand")) is not None]
            free = [s for s in spans if not any(s.start < e.end and e.start < s.end
                                                for e in doc.ents)]
            if free:
                doc.set_ents(_no_overlaps(free), default="unmodified")
            found.append(sorted(spans, key=lambda s: (s.start_char, s.end_char)))
        return found

    def _resolve(self, docs: list[Doc]) -> list[Doc]:
        spans = self._spans(docs)
        parsed = [
            ParsedDocument(Document(str(i), doc.text),
                           [Mention(s.start_char, s.end_char, s.text, s.label_, self.source)
                            for s in doc_spans])
            for i, (doc, doc_spans) in enumerate(zip(docs, spans, strict=True))
        ]
        guides = {str(i): doc._.guide for i, doc in enumerate(docs) if doc._.guide}
        for doc, doc_spans, p in zip(docs, spans, resolve(parsed, self.gazetteer, self.policy,
                                                         guides), strict=True):
            for span, r in zip(doc_spans, p.resolutions, strict=True):
                record = toponym_record(p.document.id, r.mention, r, with_candidates=True)
                span._.record = record
                span._.place = r.candidate
                for attr in ("lat", "lon", "geonameid", "country_code", "reason", "admin1",
                             "country", "kind", "n_candidates", "confidence"):
                    setattr(span._, attr, record[attr])
                span._.place_name = record["name"]
                span._.candidates = list(r.ranked)
            doc._.toponyms = doc_spans
        return docs


def _no_overlaps(spans: list[Span]) -> list[Span]:
    """The longest of any overlapping spans, in text order."""
    kept: list[Span] = []
    for s in sorted(spans, key=lambda s: (-(s.end - s.start), s.start)):
        if not any(s.start < k.end and k.start < s.end for k in kept):
            kept.append(s)
    return sorted(kept, key=lambda s: s.start)


@Language.factory(
    "toposcope",
    default_config={"gazetteer": "offline", "policy": "context", "labels": list(DEFAULT_LABELS),
                    "recogniser": DEFAULT_RECOGNISER, "gazetteer_config": {}},
)
def make_toposcope(nlp: Language, name: str, gazetteer: str, policy: str, labels: list[str],
                   recogniser: str | None, gazetteer_config: dict[str, Any]
                   ) -> ToposcopeComponent:
    """The factory spaCy calls for ``nlp.add_pipe("toposcope", config={...})``."""
    return ToposcopeComponent(nlp, name, gazetteer, policy, labels, recogniser, gazetteer_config)
