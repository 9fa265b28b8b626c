"""Gold documents as spaCy DocBin files (``.spacy``), both ways: ``toposcope convert --from
docbin`` reads one, ``--to docbin`` writes one.

A DocBin is msgpack (no pickle), so reading one runs no code. Each toponym is a span in the
doc's ``toponyms`` span group and, where toponyms do not overlap, an entity in ``doc.ents`` (so
spaCy's own NER scores see them); its GeoNames id is the span's ``kb_id_``, its gold point
and tolerance the extensions ``._.lat``, ``._.lon`` and ``._.tolerance_km`` and its
referent's name ``._.place_name``, kept in the DocBin's user data; the document's id is
``doc.user_data["toposcope.id"]``. Reading a DocBin that has no ``toponyms`` group (one made
by other tools) takes its entities labelled GPE, LOC or TOPONYM. Tokens are spaCy's for
``lang``, split further where a toponym starts or ends inside a token, so every gold offset
survives the trip exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from geoparser.corpora.base import Conversion
from geoparser.corpora.toponym_record import toponym
from geoparser.errors import InputError, UsageError
from geoparser.io.bounded_read import check_unpacked_size, read_whole_file

#: The user-data key a document's id is kept under.
ID_KEY = "toposcope.id"
#: The span group of the toponyms (the scorer reads the same, ``spacy_scorer.SPANS_KEY``).
SPANS_KEY = "toponyms"
#: Entity labels read as toponyms from a DocBin without a ``toponyms`` group.
TOPONYM_LABELS = ("GPE", "LOC", "TOPONYM")
#: The label of a gold toponym that has none.
DEFAULT_LABEL = "TOPONYM"
#: The span extensions a gold toponym's fields travel in (the component's names where it has
#: them: ``place_name`` is the place's name), by gold field.
GOLD_EXTENSIONS = {"lat": "lat", "lon": "lon", "tolerance_km": "tolerance_km",
                   "name": "place_name"}


def _register_extensions() -> None:
    from spacy.tokens import Span

    for attr in GOLD_EXTENSIONS.values():
        if not Span.has_extension(attr):
            Span.set_extension(attr, default=None)


def convert(path: Path) -> Conversion:
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
    others = 0
    for n, doc in enumerate(docs, 1):
        doc_id = doc.user_data.get(ID_KEY)
        if not isinstance(doc_id, str) or not doc_id:
            doc_id = f"doc-{n}"
        if SPANS_KEY in doc.spans:
            spans = list(doc.spans[SPANS_KEY])
        else:
            spans = [e for e in doc.ents if e.label_ in TOPONYM_LABELS]
            others += len(doc.ents) - len(spans)
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
        out.documents.append({"id": doc_id, "text": doc.text, "toponyms": toponyms})
    if others:
        out.notes.append(f"{others} entities with other labels than "
                         f"{', '.join(TOPONYM_LABELS)} were left out")
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
        cuts = {c for t in placed for c in (t["start"], t["end"])}
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
        doc.set_ents(_no_overlaps(spans))
        doc.user_data[ID_KEY] = obj["id"]
        db.add(doc)
    return db.to_bytes(), no_offsets
