"""Whole JSONL files of documents checked and turned into columns: the fast path of
``documents_io``.

A file is read and decoded by msgspec a chunk of lines at a time (half a megabyte) into private
structs, whose value ranges the decoder checks; the rest is checked column by column (offsets
inside the text and matching the name, points complete, ids unique), and what scorers need is
kept as numpy columns (``geoparser.io.records``: document, offsets, label). The structs are then
dropped: a chunk's records stay in the processor's cache while they are checked, and their
memory is reused by the next chunk; on 100,000 documents that is a third faster than decoding
the file at once, and memory holds the columns, not the file. The model's dataclasses are
built only when asked for: msgspec then decodes the file again, straight into them, after
checking that it has not changed (``Source``).

A reader here answers only "all good" or ``None``; on ``None`` the caller reads the file line by
line, which accepts what this path is too strict for and gives the precise error for the rest.
Line numbers are therefore never needed here. The line reader is the format's one definition:
this path may refuse more, never accept more or read a field otherwise, and
``tests/io/test_bulk_agrees_with_line_reader.py`` holds it to that on generated files.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from functools import partial
from itertools import chain
from operator import attrgetter
from pathlib import Path
from typing import Annotated, Any

import msgspec
import numpy as np

from geoparser.errors import InputError
from geoparser.io.bounded_read import MAX_LINE_BYTES
from geoparser.io.records import (
    NO_OFFSET,
    Columns,
    ColumnsBuilder,
    GoldRecords,
    PredictionRecords,
    Spans,
    column,
    flatten,
    span_columns,
)
from geoparser.model import Document, PredictedDocument, group_of

CHUNK_BYTES = 1 << 19  # its records fit in a core's L2 cache; larger chunks are slower

Latitude = Annotated[float, msgspec.Meta(ge=-90.0, le=90.0)]
Longitude = Annotated[float, msgspec.Meta(ge=-180.0, le=180.0)]
Offset = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]  # they go into int64 columns
Tolerance = Annotated[float, msgspec.Meta(gt=0.0)]
Probability = Annotated[float, msgspec.Meta(ge=0.0, le=1.0)]

# A missing offset or coordinate decodes to these (defaults are not range-checked), so that its
# column comes straight out of np.fromiter; an explicit null decodes to None, the slower path.
NO_COORDINATE = math.nan


class _Gold(msgspec.Struct, frozen=True, gc=False):
    start: Offset | None = NO_OFFSET
    end: Offset | None = NO_OFFSET
    text: str = ""
    lat: Latitude | None = NO_COORDINATE
    lon: Longitude | None = NO_COORDINATE
    tolerance_km: Tolerance | None = None
    label: str | None = None
    geonameid: int | None = None
    name: str | None = None


class _GoldDoc(msgspec.Struct, frozen=True, gc=False):
    id: str
    text: str
    toponyms: tuple[_Gold, ...] = ()
    source: str | None = None  # checked here, so that the model's decoder never fails
    # Other named entities: a file with any is read by the line reader, which checks them, so
    # that gold without them pays nothing for them here.
    entities: tuple[msgspec.Raw, ...] = ()


class _Candidate(msgspec.Struct, frozen=True, gc=False):
    geonameid: int | None = None
    lat: Latitude | None = NO_COORDINATE
    lon: Longitude | None = NO_COORDINATE
    population: int | None = None
    name: str | None = None


class _Prediction(msgspec.Struct, frozen=True, gc=False):
    text: str = ""
    start: Offset | None = NO_OFFSET
    end: Offset | None = NO_OFFSET
    label: str | None = None
    lat: Latitude | None = NO_COORDINATE
    lon: Longitude | None = NO_COORDINATE
    geonameid: int | None = None
    n_candidates: int | None = None
    candidates: tuple[_Candidate, ...] = ()
    name: str | None = None
    confidence: Probability | None = None
    marker_confidence: Probability | None = None
    rejected: bool = False


class _PredictedDoc(msgspec.Struct, frozen=True, gc=False):
    id: str
    toponyms: tuple[_Prediction, ...] = ()


_GOLD = msgspec.json.Decoder(_GoldDoc)
_PRED = msgspec.json.Decoder(_PredictedDoc)


class _Refused(Exception):
    """The fast path does not take this file; the line-by-line reader will."""


class Source:
    """The bytes of a JSONL file, in blocks for the checks and whole for the model's documents.

    A path is read twice at most; the second time must find the same file (size and
    modification time), or the documents would not be the ones checked.
    """

    def __init__(self, origin: Path | bytes):
        self.origin = origin
        self.stamp = _stamp(origin) if isinstance(origin, Path) else None

    def blocks(self) -> Iterator[bytes]:
        if isinstance(self.origin, bytes):
            yield from (self.origin[k:k + CHUNK_BYTES]
                        for k in range(0, len(self.origin), CHUNK_BYTES))
            return
        with self.origin.open("rb") as f:
            while block := f.read(CHUNK_BYTES):
                yield block

    def whole(self) -> bytes:
        if isinstance(self.origin, bytes):
            return self.origin
        data = self.origin.read_bytes()
        if _stamp(self.origin) != self.stamp:
            raise InputError("the file changed while it was being read", self.origin)
        return data


def _stamp(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_size, st.st_mtime_ns


def _decode(decoder: msgspec.json.Decoder, data: bytes | memoryview) -> list[Any]:
    try:
        return decoder.decode_lines(data)  # blank lines are skipped
    except (msgspec.MsgspecError, UnicodeError, RecursionError):
        # RecursionError: msgspec recurses on nested values (1,000 levels of [[[...]]] in a
        # field it skips); the line-by-line reader names the line and the depth.
        raise _Refused from None


def _chunks(decoder: msgspec.json.Decoder, source: Source) -> Iterator[list[Any]]:
    """The records of the source's lines, decoded a block (``CHUNK_BYTES``) at a time: the
    whole lines of each block, the line it ends inside joining the next block's first. A line
    longer than ``MAX_LINE_BYTES`` is refused as soon as it is (the line-by-line reader then
    names it, having read no more of it), so an endless line is never gathered in memory."""
    rest = b""
    for block in source.blocks():
        cut = block.rfind(b"\n") + 1
        if not cut:
            rest += block
            if len(rest) > MAX_LINE_BYTES:
                raise _Refused
            continue
        first = block.find(b"\n") + 1
        if len(rest) + first - 1 > MAX_LINE_BYTES:
            raise _Refused
        yield _decode(decoder, rest + block[:first]) + _decode(
            decoder, memoryview(block)[first:cut])
        rest = block[cut:]
    if rest:
        yield _decode(decoder, rest)


def _points_ok(items: Sequence[Any]) -> bool:
    """Both coordinates or neither (msgspec has checked their ranges; JSON has no NaN)."""
    lats = column(items, "lat", float, NO_COORDINATE)
    lons = column(items, "lon", float, NO_COORDINATE)
    return bool(np.array_equal(np.isnan(lats), np.isnan(lons)))


def _spelt_as(names: list[str], texts: Sequence[str], doc: np.ndarray, spans: Spans
              ) -> np.ndarray:
    """Whether each toponym's offsets cut its name out of its document's text (false without
    offsets); ``doc`` indexes ``texts``. ``startswith`` at the start offset plus equal lengths:
    no substrings are made."""
    s, e, has = spans
    lengths = np.fromiter(map(len, names), np.int64, len(names))
    texts_of = np.array(texts, dtype=object)[doc].tolist()
    at = np.fromiter(map(str.startswith, texts_of, names, s.tolist()), bool, len(names))
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


def read_gold_lines(source: Source, default_tolerance: float) -> GoldRecords | None:
    """All documents of a JSONL file if every line is plainly good, else ``None``."""
    ids: list[str] = []
    texts: list[str] = []
    columns = ColumnsBuilder()
    try:
        for docs in _chunks(_GOLD, source):
            chunk_ids = list(map(attrgetter("id"), docs))
            chunk_texts = list(map(attrgetter("text"), docs))
            if not (all(chunk_ids) and all(chunk_texts)) or any(map(str.isspace, chunk_texts)):
                raise _Refused
            if any(map(attrgetter("entities"), docs)):
                raise _Refused
            sources = [s for s in map(attrgetter("source"), docs) if s is not None]
            if sources != list(map(group_of, sources)):  # blank or padded: the group differs
                raise _Refused
            toponyms, doc = flatten(docs)
            spans = _check_toponyms(toponyms, doc, chunk_texts, name_required=True)
            columns.add(toponyms, doc + len(ids), spans)
            ids += chunk_ids
            texts += chunk_texts
    except _Refused:
        return None
    cols = columns.columns()
    if len(set(ids)) != len(ids) or _repeated_spans(cols):
        return None
    return GoldRecords(ids, texts, cols,
                       partial(_gold_documents, source, default_tolerance))


def _repeated_spans(cols: Columns) -> bool:
    """Whether a document has two gold toponyms with the same offsets (the line-by-line reader
    names them)."""
    s, e, has = cols.spans
    if not has.any():
        return False
    doc, s, e = cols.doc[has], s[has], e[has]
    width = int(e.max()) + 1
    if (int(doc.max()) + 1) * width * width >= 2**62:
        order = np.lexsort((e, s, doc))
        doc, s, e = doc[order], s[order], e[order]
        return bool(((doc[1:] == doc[:-1]) & (s[1:] == s[:-1]) & (e[1:] == e[:-1])).any())
    key = (doc * width + s) * width + e
    if (key[1:] < key[:-1]).any():  # not in textual order: sort (one int key, fast)
        key = np.sort(key)
    return bool((key[1:] == key[:-1]).any())


def _gold_documents(source: Source, default_tolerance: float) -> list[Document]:
    """The model's documents from a file ``read_gold_lines`` has accepted."""
    docs = msgspec.json.Decoder(Document).decode_lines(source.whole())
    for t in chain.from_iterable(map(attrgetter("toponyms"), docs)):
        if t.tolerance_km is None:
            object.__setattr__(t, "tolerance_km", default_tolerance)  # frozen: fill once
    return docs


def read_prediction_lines(source: Source, gold_ids: Sequence[str], gold_texts: Sequence[str]
                          ) -> PredictionRecords | None:
    """All predicted documents of a JSONL file if every line is plainly good, else ``None``.
    ``gold_ids``, ``gold_texts``: the gold documents' ids and texts, in order."""
    ids: list[str] = []
    where: list[np.ndarray] = []
    columns = ColumnsBuilder()
    lookup: dict[str, int] = {}
    try:
        for docs in _chunks(_PRED, source):
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
            toponyms, doc = flatten(docs)
            if any(map(attrgetter("rejected"), toponyms)):  # the line reader leaves them out
                raise _Refused
            spans = _check_toponyms(toponyms, doc, doc_texts, name_required=False)
            cands = list(chain.from_iterable(map(attrgetter("candidates"), toponyms)))
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
                             partial(_predictions, source, gold_index, gold_texts))


def _predictions(source: Source, gold_index: np.ndarray, gold_texts: Sequence[str]
                 ) -> dict[str, PredictedDocument]:
    """The model's predicted documents from a file ``read_prediction_lines`` has accepted;
    names left out are taken from the gold text."""
    docs = msgspec.json.Decoder(PredictedDocument).decode_lines(source.whole())
    for d, k in zip(docs, gold_index.tolist(), strict=True):
        for t in d.toponyms:
            if not t.text:
                object.__setattr__(t, "text", gold_texts[k][t.start:t.end])
    return {d.id: d for d in docs}
