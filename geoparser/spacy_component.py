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
entities the pipeline itself found whose label is one of ``labels`` (GPE and LOC by default).
Each toponym is looked up in the gazetteer and placed by the policy, exactly as ``toposcope
parse`` does (a placed name written again elsewhere in the text is a toponym there too, placed
the same: ``repeated_names``; it joins ``doc.ents`` where it overlaps no entity), and the span
gets ``._.lat``, ``._.lon``, ``._.geonameid`` (an integer), ``._.place_name``, ``._.admin1`` and
``._.country`` (by name), ``._.country_code``, ``._.kind`` (the feature kind in words),
``._.reason`` (why the policy chose that place, or none), ``._.n_candidates`` (how many places
it chose from), ``._.confidence`` (the probability that the point lies within 161 km of the
right one), ``._.span_probability`` and ``._.marker_confidence`` (the span decision's,
``geoparser.decision``, with the default recogniser and the ``context`` policy, exactly as
``parse``: a span it judges no toponym is left out, a toponym whose marker is unlikely right is
left unplaced), ``._.demonym`` (a people or its adjective standing for its place),
``._.mention_kind`` (how the text uses it: ``model.MentionKind``'s value, or "unknown"),
``._.place`` (the chosen place's fields as every output writes them, ``places.place_fields``),
``._.candidates`` (the places it chose from, best first, each marked chosen / alternate-name
match) and ``._.record`` (the toponym's record as every output writes it, with those candidates,
less the document ``id``: the doc is the document). A placed toponym's ``kb_id_`` is the place's
GeoNames id as a string (empty when it was not placed or the place has no GeoNames id), and
every toponym is in ``doc.ents`` with it, whatever the pipeline: it replaces any entity it
overlaps (keeping that entity's label where both cover the same tokens and the label is one of
``labels``). ``nlp.evaluate`` scores the toponyms through the registered
``toposcope.toponym_scorer.v1`` (``spacy_scorer``). The toponym spans are the span group
``doc.spans["toponyms"]``, in text order, and ``doc._.toponyms`` lists them; ``doc._.focus`` is
the document's focus country, first-level area and city (``model.DocumentFocus.to_dict()``,
``None`` when nothing was placed); ``doc._.guide`` may hold a ``(lat, lon)`` point for the
``nearest`` policy. ``nlp.pipe`` looks up a whole batch at once, and gives each document what it
would get alone, whatever the batch size.

Every value the component sets is plain data (dicts, lists, strings, numbers, booleans), and the
spans live in a span group rather than in ``doc.user_data``, so a doc travels:
``doc.to_bytes()``, ``pickle``, ``DocBin(store_user_data=True)`` and ``nlp.pipe(texts,
n_process=2)`` all give back the same toponyms.

``displacy_data(doc)`` gives the toponyms as displaCy's manual-mode data, each labelled with
the place chosen ("TOPONYM: Paris, Île-de-France, France"), and ``render_places(doc)`` the
HTML: ``displacy.render(doc, style="ent")`` alone shows only labels.

spaCy finds the factory through the ``spacy_factories`` entry point in Toposcope's package
metadata, so ``spacy.load`` of a saved pipeline that uses it needs no import either.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any
from urllib.parse import quote

from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.training import Example
from spacy.util import minibatch

from geoparser.decision.span_decision import decision_for
from geoparser.defaults import DEFAULT_RECOGNISER
from geoparser.gazetteers import create_gazetteer
from geoparser.io.toponym_records import toponym_record
from geoparser.model import Document, Mention, ParsedDocument, Resolution
from geoparser.pipeline import resolve
from geoparser.places import place_fields
from geoparser.recognition import DEFAULT_LABELS, create_recogniser
from geoparser.resolution import create_policy
from geoparser.spacy_scorer import SCORE_WEIGHTS, SPANS_KEY, score_toponyms

#: The span attributes the component sets, and their value when a toponym was not placed.
SPAN_ATTRIBUTES = ("lat", "lon", "geonameid", "country_code", "reason", "place", "candidates",
                   "place_name", "admin1", "country", "kind", "n_candidates", "confidence",
                   "marker_confidence", "span_probability", "demonym", "mention_kind", "record")
#: The attributes read off the toponym's record as every output writes it.
RECORD_ATTRIBUTES = ("lat", "lon", "geonameid", "country_code", "reason", "admin1", "country",
                     "kind", "n_candidates", "confidence", "marker_confidence",
                     "span_probability", "demonym", "mention_kind")


#: The doc attributes the component reads or sets (``toponyms`` is read off the span group).
DOC_ATTRIBUTES = ("toponyms", "guide", "focus")


def toponym_spans(doc: Doc) -> list[Span] | None:
    """``doc._.toponyms``: the component's toponym spans in text order (the span group
    ``doc.spans["toponyms"]``, which travels with the doc), ``None`` where it did not run."""
    return list(doc.spans[SPANS_KEY]) if SPANS_KEY in doc.spans else None


def register_extensions() -> None:
    """Declare ``Span._.lat`` and the others, and ``Doc._.toponyms`` / ``guide`` / ``focus``,
    once."""
    for attr in SPAN_ATTRIBUTES:
        if not Span.has_extension(attr):
            Span.set_extension(attr, default=None)
    if Doc.get_extension("toponyms") != (None, None, toponym_spans, None):
        Doc.set_extension("toponyms", getter=toponym_spans, force=True)
    for attr in DOC_ATTRIBUTES[1:]:
        if not Doc.has_extension(attr):
            Doc.set_extension(attr, default=None)


def plain(value: Any) -> Any:
    """``value`` as plain data that spaCy's msgpack and JSON keep as it is: tuples become
    lists, mapping keys strings, NumPy scalars Python numbers."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    item = getattr(value, "item", None)  # a NumPy scalar
    if callable(item):
        return plain(item())
    raise TypeError(f"not plain data: {type(value).__name__}")


class ToposcopeComponent:
    """Resolves a Doc's toponym spans with a gazetteer and a policy (see the module doc)."""

    def __init__(self, nlp: Language, name: str = "toposcope", gazetteer: str = "offline",
                 policy: str = "context", labels: Sequence[str] = DEFAULT_LABELS,
                 recogniser: str | None = DEFAULT_RECOGNISER,
                 gazetteer_config: Mapping[str, Any] | None = None,
                 scorer: Callable[..., dict[str, Any]] | None = score_toponyms) -> None:
        register_extensions()
        self.scorer = scorer
        self.name = name
        self.labels = frozenset(labels)
        self.gazetteer = create_gazetteer(gazetteer, **dict(gazetteer_config or {}))
        self.policy = create_policy(policy)
        self.recogniser = (create_recogniser(recogniser, labels=tuple(labels))
                           if recogniser else None)
        self.source = recogniser or f"spacy:{nlp.meta.get('lang', '?')}_" \
                                    f"{nlp.meta.get('name', '?')}"
        self.decision = decision_for(recogniser or "", policy)

    def __call__(self, doc: Doc) -> Doc:
        return self._resolve([doc])[0]

    def score(self, examples: Iterable[Example], **kwargs: Any) -> dict[str, Any]:
        """Toponym P/R/F1 and acc@161 for ``nlp.evaluate`` (``spacy_scorer``)."""
        if self.scorer is None:
            return {}
        return self.scorer(examples, **{**kwargs, "labels": tuple(self.labels)})

    def pipe(self, stream: Iterable[Doc], batch_size: int = 128) -> Iterator[Doc]:
        for batch in minibatch(stream, size=batch_size):
            yield from self._resolve(list(batch))

    def _mentions(self, docs: list[Doc]) -> list[list[Mention]]:
        """Each doc's toponym mentions: the recogniser's own (with the part that proposed each
        and its score, which the span decision reads), on token bounds; or the pipeline's
        entities of a toponym label."""
        if self.recogniser is None:
            return [[Mention(e.start_char, e.end_char, e.text, e.label_, self.source,
                             proposer="doc-spans")
                     for e in doc.ents if e.label_ in self.labels] for doc in docs]
        found = []
        for doc, mentions in zip(docs, self.recogniser.recognise(d.text for d in docs),
                                 strict=True):
            mine = []
            for m in mentions:
                s = doc.char_span(m.start, m.end, label=m.label, alignment_mode="expand")
                if s is not None:
                    mine.append(m if (s.start_char, s.end_char) == (m.start, m.end) else
                                replace(m, start=s.start_char, end=s.end_char, text=s.text))
            found.append(sorted(mine, key=lambda m: (m.start, m.end)))
        return found

    def _resolve(self, docs: list[Doc]) -> list[Doc]:
        parsed = [ParsedDocument(Document(str(i), doc.text), mentions)
                  for i, (doc, mentions) in enumerate(zip(docs, self._mentions(docs),
                                                          strict=True))]
        guides = {str(i): doc._.guide for i, doc in enumerate(docs) if doc._.guide}
        resolved = resolve(parsed, self.gazetteer, self.policy, guides, repeat_names=True,
                           decision=self.decision, hashtags=True)
        for doc, p in zip(docs, resolved, strict=True):
            doc_spans = _with_kb_ids(doc, _spans_of(doc, p.resolutions), p.resolutions,
                                     self.labels)
            for span, r in zip(doc_spans, p.resolutions, strict=True):
                record = plain(toponym_record(p.document.id, r.mention, r,
                                              with_candidates=True))
                del record["id"]  # the doc is the document; its place in a batch is no id
                span._.record = record
                span._.place = plain(place_fields(r.candidate)) if r.candidate else None
                for attr in RECORD_ATTRIBUTES:
                    setattr(span._, attr, record.get(attr))
                span._.place_name = record["name"]
                span._.candidates = record["candidates"]
            doc.spans[SPANS_KEY] = doc_spans
            doc._.focus = plain(p.focus.to_dict()) if p.focus is not None else None
        return docs


def _spans_of(doc: Doc, resolutions: Sequence[Resolution]) -> list[Span]:
    """A span for each resolution, in order: the toponyms the span decision kept (a span it
    rejected never reaches ``doc.ents``) and the names read again elsewhere in the text
    (``repeated_names``)."""
    return [doc.char_span(r.mention.start, r.mention.end, label=r.mention.label,
                          alignment_mode="expand") for r in resolutions]


def _with_kb_ids(doc: Doc, spans: list[Span], resolutions: Sequence[Resolution],
                 labels: frozenset[str]) -> list[Span]:
    """The toponym spans again, each with its place's GeoNames id as ``kb_id`` (``""`` when
    unplaced), and every one of them in ``doc.ents``: a toponym replaces any entity it
    overlaps, keeping that entity's label when both cover the same tokens and the label is a
    toponym label (``labels``). So displaCy's ``kb_url_template`` links every placed toponym,
    whichever recogniser found it. The span attributes are set on the returned spans
    afterwards: spaCy keys them by label and kb_id too."""
    ents = list(doc.ents)
    same = {(e.start, e.end): e for e in ents}
    out = []
    for s, r in zip(spans, resolutions, strict=True):
        gid = r.candidate.geonameid if r.candidate is not None else None
        twin = same.get((s.start, s.end))
        label = twin.label if twin is not None and twin.label_ in labels else s.label
        out.append(Span(doc, s.start, s.end, label=label,
                        kb_id=str(gid) if gid is not None else ""))
    kept = _no_overlaps(out)  # toponyms the pipeline read twice overlap only as repeats
    others = [e for e in ents if not any(e.start < k.end and k.start < e.end for k in kept)]
    doc.set_ents(sorted([*others, *kept], key=lambda e: e.start))
    by_tokens = {(k.start, k.end): k for k in kept}
    return [by_tokens.get((s.start, s.end), s) for s in out]


def place_label(span: Span) -> str:
    """A toponym's label with the place chosen for it: "GPE: Paris, Île-de-France, France";
    just the recogniser's label when it was not placed."""
    place = ", ".join(str(x) for x in (span._.place_name, span._.admin1, span._.country) if x)
    return f"{span.label_}: {place}" if place else span.label_


def displacy_data(doc: Doc) -> dict[str, Any]:
    """The doc's toponyms as displaCy manual-mode data, labelled by ``place_label`` and linked
    to the GeoNames page of each placed one: ``displacy.render(displacy_data(doc), style="ent",
    manual=True)``. displaCy writes labels into its HTML unescaped, so they are escaped here
    (a web gazetteer's place name is data, never markup)."""
    ents = []
    for span in doc._.toponyms or ():
        item: dict[str, Any] = {"start": span.start_char, "end": span.end_char,
                                "label": html.escape(place_label(span))}
        if span.kb_id_:
            item["kb_id"] = html.escape(span.kb_id_)
            item["kb_url"] = f"https://www.geonames.org/{quote(span.kb_id_, safe='')}"
        ents.append(item)
    return {"text": doc.text, "ents": ents, "title": None}


#: displaCy's background colours: placed toponyms green, unplaced ones grey.
PLACED_COLOUR, UNPLACED_COLOUR = "#b7e4c7", "#dddddd"


def render_places(doc: Doc, page: bool = False) -> str:
    """The doc's toponyms as displaCy HTML, each labelled with its place (``displacy_data``);
    ``page``: a whole HTML page rather than a fragment for a notebook."""
    from spacy import displacy

    data = displacy_data(doc)
    colours = {e["label"].upper(): PLACED_COLOUR if "kb_id" in e else UNPLACED_COLOUR
               for e in data["ents"]}
    return displacy.render(data, style="ent", manual=True, page=page, jupyter=False,
                           options={"colors": colours})


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
                    "recogniser": DEFAULT_RECOGNISER, "gazetteer_config": {},
                    "scorer": {"@scorers": "toposcope.toponym_scorer.v1"}},
    default_score_weights=SCORE_WEIGHTS,
)
def make_toposcope(nlp: Language, name: str, gazetteer: str, policy: str, labels: list[str],
                   recogniser: str | None, gazetteer_config: dict[str, Any],
                   scorer: Callable[..., dict[str, Any]] | None) -> ToposcopeComponent:
    """The factory spaCy calls for ``nlp.add_pipe("toposcope", config={...})``."""
    return ToposcopeComponent(nlp, name, gazetteer, policy, labels, recogniser, gazetteer_config,
                              scorer)
