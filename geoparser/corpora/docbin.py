"""Gold documents as spaCy DocBin files (``.spacy``), both ways: ``toposcope convert --from
docbin`` reads one, ``--to docbin`` writes one.

A DocBin is msgpack (no pickle), so reading one runs no code. Each toponym is a span in the
doc's ``toponyms`` span group and, where toponyms do not overlap, an entity in ``doc.ents`` (so
spaCy's own NER scores see them); its GeoNames id is the span's ``kb_id_``, its gold point
and tolerance the extensions ``._.lat``, ``._.lon`` and ``._.tolerance_km`` and its
referent's name ``._.place_name``, kept in the DocBin's user data; the document's id is
``doc.user_data["toposcope.id"]``. Reading a DocBin that has no ``toponyms`` group (one made
by other tools) takes its entities labelled GPE, LOC or TOPONYM as toponyms and the others
(PERSON, ORG, ...) as gold entities. A gold document's other entities travel in the
``entities`` span group (label the kind, ``kb_id_`` the link). Tokens are spaCy's for
``lang``, split further where a toponym starts or ends inside a token, so every gold offset
survives the trip exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from geoparser.corpora.base import Conversion, ReadOptions
from geoparser.corpora.entity_types import TypeMap, tool_labels
from geoparser.corpora.toponym_record import entity, toponym
from geoparser.errors import InputError, UsageError
from geoparser.io.bounded_read import check_unpacked_size, read_whole_file

#: The user-data key a document's id is kept under.
ID_KEY = "toposcope.id"
#: The span group of the toponyms (the scorer reads the same, ``spacy_scorer.SPANS_KEY``).
SPANS_KEY = "toponyms"
#: Entity labels read as toponyms from a DocBin without a ``toponyms`` group.
TOPONYM_LABELS = ("GPE", "LOC", "TOPONYM")
#: The span group of the other gold entities (label: the kind; ``kb_id_``: the link; the
#: corpus's own type in ``._.entity_label``).
ENTITIES_KEY = "entities"
#: The label of a gold toponym that has none.
DEFAULT_LABEL = "TOPONYM"
#: The span extensions a gold toponym's fields travel in (the component's names where it has
#: them: ``place_name`` is the place's name), by gold field.
GOLD_EXTENSIONS = {"lat": "lat", "lon": "lon", "tolerance_km": "tolerance_km",
                   "name": "place_name"}


def _register_extensions() -> None:
    from spacy.tokens import Span

    for attr in (*GOLD_EXTENSIONS.values(), "entity_label"):
        if not Span.has_extension(attr):
            Span.set_extension(attr, default=None)


def _other_entity_kinds(overrides: dict[str, str]) -> TypeMap:
    """What a DocBin made by other tools holds beside its places: spaCy's PERSON and ORG and
    the like, by the annotation tools' map (``tool_labels``) widened to spaCy's own labels."""
    types = tool_labels(overrides)
    for label, kind in (("norp", "organisation"), ("fac", "other"), ("product", "other"),
                        ("event", "other"), ("workofart", "other"), ("law", "other"),
                        ("language", "other")):
        types.table.setdefault(label, kind)  # type: ignore[arg-type]
    return types


def _entities(doc: Any) -> list[dict[str, Any]]:
    """The gold entities of a DocBin this module wrote (its ``entities`` group)."""
    out = []
    for s in doc.spans[ENTITIES_KEY]:
        label = s._.entity_label if isinstance(s._.entity_label, str) else None
        out.append(entity(doc.text, s.start_char, s.end_char, s.label_,
                          link=s.kb_id_ or None, label=label))
    return out


def convert(path: Path, options: ReadOptions | None = None) -> Conversion:
    """The gold documents of the DocBin at ``path``."""
    from spacy.tokens import DocBin
    from spacy.vocab import Vocab

    _register_extensions()
    try:
        data = read_whole_file(path, "spaCy DocBin file")
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path) from None
    check_unpacked_size(data, path, "spaCy DocBin file")
    try:
        docs = list(DocBin(store_user_data=True).from_bytes(data).get_docs(Vocab()))
    except Exception as exc:  # msgpack, zlib and spaCy each raise their own
        raise InputError(f"not a spaCy DocBin (.spacy) file: {type(exc).__name__}",
                         path) from None
    out = Conversion()
    types = _other_entity_kinds((options or ReadOptions()).types)
    others = 0
    for n, doc in enumerate(docs, 1):
        doc_id = doc.user_data.get(ID_KEY)
        if not isinstance(doc_id, str) or not doc_id:
            doc_id = f"doc-{n}"
        entities: list[dict[str, Any]] = []
        if SPANS_KEY in doc.spans:
            spans = list(doc.spans[SPANS_KEY])
            if ENTITIES_KEY in doc.spans:
                entities = _entities(doc)
        else:
            spans = [e for e in doc.ents if e.label_ in TOPONYM_LABELS]
            for e in doc.ents:
                kind = "toponym" if e.label_ in TOPONYM_LABELS else types.target(e.label_)
                if kind in ("toponym", "ignore"):
                    others += kind == "ignore"
                    continue
                entities.append(entity(doc.text, e.start_char, e.end_char, kind,
                                       link=e.kb_id_ or None, label=e.label_))
        toponyms = []
        for s in sorted(spans, key=lambda s: (s.start_char, s.end_char)):
            item = toponym(doc.text, s.text, s.start_char, s.end_char, lat=s._.lat,
                           lon=s._.lon, label=s.label_ or None,
                           geonameid=int(s.kb_id_) if s.kb_id_.isdigit() else None)
            tolerance = s._.tolerance_km
            if isinstance(tolerance, int | float) and not isinstance(tolerance, bool):
                item["tolerance_km"] = tolerance
            if isinstance(s._.place_name, str):
                item["name"] = s._.place_name
            toponyms.append(item)
        record = {"id": doc_id, "text": doc.text, "toponyms": toponyms}
        if entities:
            record["entities"] = entities
        out.documents.append(record)
    if others:
        out.notes.append(f"{others} entities whose label --types maps to ignore were left out")
    return out


def _words(doc: Any, cuts: set[int]) -> tuple[list[str], list[bool]]:
    """The doc's tokens as words and trailing spaces, each token split at ``cuts`` inside it."""
    words: list[str] = []
    spaces: list[bool] = []
    for token in doc:
        start, end = token.idx, token.idx + len(token.text)
        inner = sorted(c for c in cuts if start < c < end)
        edges = [start, *inner, end]
        for a, b in zip(edges, edges[1:], strict=False):
            words.append(doc.text[a:b])
            spaces.append(False)
        spaces[-1] = bool(token.whitespace_)
    return words, spaces


def _no_overlaps(spans: list[Any]) -> list[Any]:
    kept: list[Any] = []
    for s in sorted(spans, key=lambda s: (-(s.end - s.start), s.start)):
        if not any(s.start < k.end and k.start < s.end for k in kept):
            kept.append(s)
    return sorted(kept, key=lambda s: s.start)


def _entity_spans(doc: Any, entities: list[dict[str, Any]]) -> list[Any]:
    spans = []
    for e in entities:
        span = doc.char_span(e["start"], e["end"], label=e["kind"], kb_id=e.get("link") or "")
        if span is not None:
            span._.entity_label = e.get("label")
            spans.append(span)
    return spans


def to_docbin(documents: Sequence[dict[str, Any]], lang: str = "en") -> tuple[bytes, int]:
    """Gold JSONL objects as DocBin bytes, and how many toponyms without offsets were left
    out (a span needs them)."""
    import spacy
    from spacy.tokens import Doc, DocBin

    _register_extensions()
    try:
        nlp = spacy.blank(lang)
    except Exception:
        raise UsageError(f"--lang: spaCy has no language {lang!r}") from None
    db = DocBin(store_user_data=True)
    no_offsets = 0
    for obj in documents:
        text, items = obj["text"], obj.get("toponyms", [])
        placed = [t for t in items if t.get("start") is not None and t.get("end") is not None]
        no_offsets += len(items) - len(placed)
        others = obj.get("entities", [])
        cuts = {c for t in [*placed, *others] for c in (t["start"], t["end"])}
        words, spaces = _words(nlp.make_doc(text), cuts)
        doc = Doc(nlp.vocab, words=words, spaces=spaces)
        spans = []
        for t in placed:
            gid = t.get("geonameid")
            span = doc.char_span(t["start"], t["end"], label=t.get("label") or DEFAULT_LABEL,
                                 kb_id=str(gid) if gid is not None else "")
            if span is None:  # only whitespace or an empty span: no token to hold it
                no_offsets += 1
                continue
            for field, attr in GOLD_EXTENSIONS.items():
                setattr(span._, attr, t.get(field))
            spans.append(span)
        doc.spans[SPANS_KEY] = spans
        if others:
            doc.spans[ENTITIES_KEY] = _entity_spans(doc, others)
        doc.set_ents(_no_overlaps(spans))
        doc.user_data[ID_KEY] = obj["id"]
        db.add(doc)
    return db.to_bytes(), no_offsets
