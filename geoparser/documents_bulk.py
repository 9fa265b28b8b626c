"""Whole JSONL files of documents checked and turned into columns: the fast path of
``documents_io``.

A file is decoded by msgspec a chunk of lines at a time (about a megabyte) into private structs,
whose value ranges the decoder checks; the rest is checked column by column (offsets inside the
text and matching the name, points complete, ids unique), and what scorers need is kept as
numpy columns (``Columns``: document, offsets, label). The structs are then dropped: a chunk's
records stay in the processor's cache while they are checked, and their memory is reused by the
next chunk, which on 100,000 documents is a third faster than decoding the file at once.

``GoldRecords`` and ``PredictionRecords`` hold the columns and build the model's dataclasses
only when asked (``documents()``, ``predictions()``: msgspec decodes the kept bytes straight into
them). They also wrap documents that already are dataclasses (``of_documents``), so scorers have
one kind of input whatever its origin.

A reader here answers only "all good" or ``None``; on ``None`` the caller reads the file line by
line, which accepts what this path is too strict for and gives the precise error for the rest.
Line numbers are therefore never needed here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import chain
from operator import attrgetter
from typing import Annotated, Any

import msgspec
import numpy as np

from geoparser.model import Document, PredictedDocument

CHUNK_BYTES = 1 << 20

Latitude = Annotated[float, msgspec.Meta(ge=-90.0, le=90.0)]
Longitude = Annotated[float, msgspec.Meta(ge=-180.0, le=180.0)]
Offset = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]  # they go into int64 columns
Tolerance = Annotated[float, msgspec.Meta(gt=0.0)]

# (starts, ends, has offsets): -1 in both where a toponym lacks an offset.
Spans = tuple[np.ndarray, np.ndarray, np.ndarray]


class _Gold(msgspec.Struct, frozen=True, gc=False):
    start: Offset | None = None
    end: Offset | None = None
    text: str = ""
    lat: Latitude | None = None
    lon: Longitude | None = None
    tolerance_km: Tolerance | None = None
    label: str | None = None
    geonameid: int | None = None
    name: str | None = None


class _GoldDoc(msgspec.Struct, frozen=True, gc=False):
    id: str
    text: str
    toponyms: tuple[_Gold, ...] = ()


class _Candidate(msgspec.Struct, frozen=True, gc=False):
    geonameid: int | None = None
    lat: Latitude | None = None
    lon: Longitude | None = None
    population: int | None = None
    name: str | None = None


class _Prediction(msgspec.Struct, frozen=True, gc=False):
    text: str = ""
    start: Offset | None = None
    end: Offset | None = None
    label: str | None = None
    lat: Latitude | None = None
    lon: Longitude | None = None
    geonameid: int | None = None
    n_candidates: int | None = None
    candidates: tuple[_Candidate, ...] = ()


class _PredictedDoc(msgspec.Struct, frozen=True, gc=False):
    id: str
    toponyms: tuple[_Prediction, ...] = ()


_GOLD = msgspec.json.Decoder(_GoldDoc)
_PRED = msgspec.json.Decoder(_PredictedDoc)


class _Refused(Exception):
    """The fast path does not take this file; the line-by-line reader will."""


@dataclass(frozen=True)
class Columns:
    """One side's toponyms, document after document, as columns."""

    doc: np.ndarray  # index of each toponym's document
    spans: Spans
    label_codes: np.ndarray  # index into ``labels``; -1 for no label
    labels: tuple[str, ...]  # in order of first use

    @staticmethod
    def of(toponyms: Sequence[Any], doc: np.ndarray) -> Columns:
        """Columns of toponym records (the model's dataclasses or the private structs)."""
        return _ColumnsBuilder().add(toponyms, doc, span_columns(toponyms)[0]).columns()

    def __len__(self) -> int:
        return len(self.doc)


class _ColumnsBuilder:
    """Columns built chunk by chunk, with label codes shared across chunks."""

    def __init__(self) -> None:
        self.parts: list[tuple[np.ndarray, Spans, np.ndarray]] = []
        self.codes: dict[str | None, int] = {None: -1}

    def add(self, toponyms: Sequence[Any], doc: np.ndarray, spans: Spans) -> _ColumnsBuilder:
        labels = list(map(attrgetter("label"), toponyms))
        for lab in dict.fromkeys(labels):
            self.codes.setdefault(lab, len(self.codes) - 1)
        codes = np.fromiter(map(self.codes.__getitem__, labels), np.int64, len(labels))
        self.parts.append((doc, spans, codes))
        return self

    def columns(self) -> Columns:
        labels = tuple(lab for lab in self.codes if lab is not None)
        parts = self.parts

        def joined(column: Callable[[tuple], np.ndarray], dtype: type = np.int64) -> np.ndarray:
            return np.concatenate([column(p) for p in parts]) if parts else np.zeros(0, dtype)

        return Columns(joined(lambda p: p[0]),
                       (joined(lambda p: p[1][0]), joined(lambda p: p[1][1]),
                        joined(lambda p: p[1][2], bool)),
                       joined(lambda p: p[2]), labels)


def _flatten(docs: Sequence[Any], first: int = 0) -> tuple[list[Any], np.ndarray]:
    """The toponyms of ``docs`` one document after the other, and each one's document index
    (counting from ``first``)."""
    per_doc = list(map(attrgetter("toponyms"), docs))
    n = len(per_doc)
    counts = np.fromiter(map(len, per_doc), np.int64, n)
    return list(chain.from_iterable(per_doc)), np.repeat(np.arange(first, first + n), counts)


def span_columns(toponyms: Sequence[Any]) -> tuple[Spans, bool]:
    """The offsets of toponym records as columns (a record with one offset but not the other
    counts as having none), and whether every record has both or neither."""
    n = len(toponyms)
    try:  # the usual case, every toponym with offsets: no intermediate lists
        starts = np.fromiter(map(attrgetter("start"), toponyms), np.int64, n)
        ends = np.fromiter(map(attrgetter("end"), toponyms), np.int64, n)
        return (starts, ends, np.ones(n, bool)), True
    except TypeError:  # some are None
        pass
    has_start = [t.start is not None for t in toponyms]
    has_end = [t.end is not None for t in toponyms]
    has = np.logical_and(has_start, has_end)
    s = np.array([t.start if ok else -1 for t, ok in zip(toponyms, has.tolist(), strict=True)],
                 np.int64)
    e = np.array([t.end if ok else -1 for t, ok in zip(toponyms, has.tolist(), strict=True)],
                 np.int64)
    return (s, e, has), has_start == has_end


@dataclass(frozen=True)
class GoldRecords:
    """Gold documents: ids, texts and toponym columns; the model's documents on request."""

    ids: list[str]
    texts: list[str]  # the documents' texts
    toponyms: Columns
    _documents: Callable[[], list[Document]]

    @staticmethod
    def of_documents(docs: Sequence[Document]) -> GoldRecords:
        toponyms, doc = _flatten(docs)
        return GoldRecords([d.id for d in docs], [d.text for d in docs],
                           Columns.of(toponyms, doc), partial(list, docs))

    def documents(self) -> list[Document]:
        return self._documents()


@dataclass(frozen=True)
class PredictionRecords:
    """Predicted documents: ids, where they are among the gold documents, toponym columns; the
    model's documents on request."""

    ids: list[str]
    gold_index: np.ndarray  # each document's position among the gold documents
    toponyms: Columns  # ``doc`` indexes ``ids``
    _predictions: Callable[[], dict[str, PredictedDocument]]

    @staticmethod
    def of_documents(predictions: Mapping[str, PredictedDocument], gold_ids: Sequence[str]
                     ) -> PredictionRecords:
        """The predictions for documents among ``gold_ids`` (others are left out)."""
        where = {doc_id: k for k, doc_id in enumerate(gold_ids)}
        ids = [i for i in predictions if i in where]
        docs = {i: predictions[i] for i in ids}
        toponyms, doc = _flatten(list(docs.values()))
        return PredictionRecords(ids, np.array([where[i] for i in ids], np.int64),
                                 Columns.of(toponyms, doc), partial(dict, docs))

    def predictions(self) -> dict[str, PredictedDocument]:
        return self._predictions()


def _chunks(decoder: msgspec.json.Decoder, data: bytes) -> Iterator[list[Any]]:
    """The records of ``data``'s lines, decoded about ``CHUNK_BYTES`` at a time."""
    view = memoryview(data)
    start = 0
    while start < len(data):
        end = data.find(b"\n", start + CHUNK_BYTES)
        end = len(data) if end < 0 else end + 1
        try:
            yield decoder.decode_lines(view[start:end])  # blank lines are skipped
        except (msgspec.MsgspecError, UnicodeError):
            raise _Refused from None
        start = end


def _points_ok(items: Sequence[Any]) -> bool:
    """Both coordinates or neither (msgspec has checked their ranges; JSON has no NaN)."""
    lats = list(map(attrgetter("lat"), items))
    lons = list(map(attrgetter("lon"), items))
    if lats.count(None) == lons.count(None) == 0:
        return True
    return np.array_equal(np.isnan(np.array(lats, float)), np.isnan(np.array(lons, float)))


def _spelt_as(names: list[str], texts: Sequence[str], doc: np.ndarray, spans: Spans
              ) -> np.ndarray:
    """Whether each toponym's offsets cut its name out of its document's text (false without
    offsets); ``doc`` indexes ``texts``. ``startswith`` at the start offset plus equal lengths:
    no substrings are made."""
    s, e, has = spans
    lengths = np.fromiter(map(len, names), np.int64, len(names))
    at = np.fromiter(map(str.startswith, map(texts.__getitem__, doc.tolist()), names,
                         s.tolist()), bool, len(names))
    return at & (e - s == lengths) & has


def _check_toponyms(toponyms: list[Any], doc: np.ndarray, texts: Sequence[str],
                    name_required: bool) -> Spans:
    """Offsets, points and names of one chunk's toponyms (``doc`` indexes ``texts``), and their
    spans. Without ``name_required``, a toponym with offsets may leave out its name. Raises
    ``_Refused``."""
    spans, paired = span_columns(toponyms)
    s, e, has = spans
    text_len = np.fromiter(map(len, texts), np.int64, len(texts))[doc]
    if not (paired and (((s < e) & (e <= text_len)) | ~has).all() and _points_ok(toponyms)):
        raise _Refused
    names = list(map(attrgetter("text"), toponyms))
    spelt = _spelt_as(names, texts, doc, spans)
    if not spelt.all():  # some names are not what the offsets give, or there are no offsets
        named = np.fromiter(map(bool, names), bool, len(names))
        unnamed_refused = ~named if name_required else ~named & ~has
        if (named & has & ~spelt).any() or unnamed_refused.any():
            raise _Refused
    return spans


def read_gold_lines(data: bytes, default_tolerance: float) -> GoldRecords | None:
    """All documents of a JSONL file's bytes if every line is plainly good, else ``None``."""
    ids: list[str] = []
    texts: list[str] = []
    columns = _ColumnsBuilder()
    try:
        for docs in _chunks(_GOLD, data):
            chunk_ids = list(map(attrgetter("id"), docs))
            chunk_texts = list(map(attrgetter("text"), docs))
            if not (all(chunk_ids) and all(chunk_texts)) or any(map(str.isspace, chunk_texts)):
                raise _Refused
            toponyms, doc = _flatten(docs)
            spans = _check_toponyms(toponyms, doc, chunk_texts, name_required=True)
            columns.add(toponyms, doc + len(ids), spans)
            ids += chunk_ids
            texts += chunk_texts
    except _Refused:
        return None
    if len(set(ids)) != len(ids):
        return None
    return GoldRecords(ids, texts, columns.columns(),
                       partial(_gold_documents, data, default_tolerance))


def _gold_documents(data: bytes, default_tolerance: float) -> list[Document]:
    """The model's documents from bytes ``read_gold_lines`` has accepted."""
    docs = msgspec.json.Decoder(Document).decode_lines(data)
    for t in chain.from_iterable(map(attrgetter("toponyms"), docs)):
        if t.tolerance_km is None:
            object.__setattr__(t, "tolerance_km", default_tolerance)  # frozen: fill once
    return docs


def read_prediction_lines(data: bytes, gold_ids: Sequence[str], gold_texts: Sequence[str]
                          ) -> PredictionRecords | None:
    """All predicted documents of a JSONL file's bytes if every line is plainly good, else
    ``None``. ``gold_ids``, ``gold_texts``: the gold documents' ids and texts, in order."""
    ids: list[str] = []
    where: list[np.ndarray] = []
    columns = _ColumnsBuilder()
    lookup: dict[str, int] = {}
    try:
        for docs in _chunks(_PRED, data):
            chunk_ids = list(map(attrgetter("id"), docs))
            n, k = len(chunk_ids), len(ids)
            if chunk_ids == gold_ids[k:k + n]:  # in the gold's order, the usual case
                positions: Sequence[int] = range(k, k + n)
            else:
                lookup = lookup or {doc_id: i for i, doc_id in enumerate(gold_ids)}
                positions = list(map(lookup.get, chunk_ids))
                if None in positions:
                    raise _Refused
            doc_texts = list(map(gold_texts.__getitem__, positions))
            toponyms, doc = _flatten(docs)
            spans = _check_toponyms(toponyms, doc, doc_texts, name_required=False)
            cands = [c for t in toponyms if t.candidates for c in t.candidates]
            if cands and not _points_ok(cands):
                raise _Refused
            columns.add(toponyms, doc + k, spans)
            ids += chunk_ids
            where.append(np.asarray(positions, np.int64))
    except _Refused:
        return None
    gold_index = np.concatenate(where) if where else np.zeros(0, np.int64)
    if len(gold_index) and np.bincount(gold_index).max() > 1:  # an id twice
        return None
    return PredictionRecords(ids, gold_index, columns.columns(),
                             partial(_predictions, data, gold_index, gold_texts))


def _predictions(data: bytes, gold_index: np.ndarray, gold_texts: Sequence[str]
                 ) -> dict[str, PredictedDocument]:
    """The model's predicted documents from bytes ``read_prediction_lines`` has accepted; names
    left out are taken from the gold text."""
    docs = msgspec.json.Decoder(PredictedDocument).decode_lines(data)
    for d, k in zip(docs, gold_index.tolist(), strict=True):
        for t in d.toponyms:
            if not t.text:
                object.__setattr__(t, "text", gold_texts[k][t.start:t.end])
    return {d.id: d for d in docs}
