"""Reading a whole JSONL file of documents at once, checked column by column with numpy.

The fast path of ``documents_io``: decode every line with msgspec, then check all toponyms
together (offsets inside the text and matching the name, points in range, tolerances
positive, ids unique). It answers only "all good" (the documents) or ``None``; on ``None`` the
caller reads the file line by line, which accepts what this path is too strict for and gives
the precise error for the rest. Line numbers are therefore never needed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

import msgspec
import numpy as np

from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

_GOLD = msgspec.json.Decoder(Document)
_PRED = msgspec.json.Decoder(PredictedDocument)
_set = msgspec.structs.force_setattr  # fills defaults into just-decoded (frozen) records


def _decode(decoder: msgspec.json.Decoder, data: bytes) -> list | None:
    try:
        return decoder.decode_lines(data)  # blank lines are skipped
    except (msgspec.MsgspecError, UnicodeError):
        return None


def _spans_ok(items: Sequence[GoldToponym | Prediction], text_len: np.ndarray) -> bool:
    """Both offsets or neither, and start < end <= the text's length (msgspec has checked
    that offsets are not negative)."""
    starts = list(map(attrgetter("start"), items))
    ends = list(map(attrgetter("end"), items))
    if starts.count(None) or ends.count(None):
        if [s is None for s in starts] != [e is None for e in ends]:
            return False
        keep = np.array([s is not None for s in starts], dtype=bool)
        s = np.array([x for x in starts if x is not None], dtype=np.int64)
        e = np.array([x for x in ends if x is not None], dtype=np.int64)
        text_len = text_len[keep]
    else:
        s, e = np.array(starts, dtype=np.int64), np.array(ends, dtype=np.int64)
    return bool(((s < e) & (e <= text_len)).all())


def _points_ok(items: Sequence) -> bool:
    """Both coordinates or neither (msgspec has checked their ranges)."""
    lats = list(map(attrgetter("lat"), items))
    lons = list(map(attrgetter("lon"), items))
    if lats.count(None) == lons.count(None) == 0:
        return True
    return [x is None for x in lats] == [y is None for y in lons]


def read_gold_lines(data: bytes, default_tolerance: float) -> list[Document] | None:
    """All documents of a JSONL file's bytes if every line is plainly good, else ``None``."""
    docs = _decode(_GOLD, data)
    if docs is None:
        return None
    ids = list(map(attrgetter("id"), docs))
    texts = list(map(attrgetter("text"), docs))
    if len(set(ids)) != len(ids) or not all(ids) or not all(map(str.strip, texts)):
        return None
    per_doc = list(map(attrgetter("toponyms"), docs))
    tops = [t for ts in per_doc for t in ts]
    n = len(docs)
    text_len = np.repeat(np.fromiter(map(len, texts), np.int64, n),
                         np.fromiter(map(len, per_doc), np.int64, n))
    if not (_spans_ok(tops, text_len) and _points_ok(tops)):
        return None
    if not all(map(attrgetter("text"), tops)):
        return None
    if any(text[t.start:t.end] != t.text for text, ts in zip(texts, per_doc, strict=True)
           for t in ts if t.start is not None):
        return None
    for t in tops:
        if t.tolerance_km is None:
            _set(t, "tolerance_km", default_tolerance)
    return docs


def read_prediction_lines(data: bytes, texts: dict[str, str]
                          ) -> dict[str, PredictedDocument] | None:
    """All predicted documents of a JSONL file's bytes if every line is plainly good, else
    ``None``."""
    docs = _decode(_PRED, data)
    if docs is None:
        return None
    ids = list(map(attrgetter("id"), docs))
    unique = set(ids)
    if len(unique) != len(ids) or not unique <= texts.keys():
        return None
    per_doc = list(map(attrgetter("toponyms"), docs))
    tops = [t for ts in per_doc for t in ts]
    doc_texts = list(map(texts.__getitem__, ids))
    n = len(docs)
    text_len = np.repeat(np.fromiter(map(len, doc_texts), np.int64, n),
                         np.fromiter(map(len, per_doc), np.int64, n))
    if not (_spans_ok(tops, text_len) and _points_ok(tops)):
        return None
    cands = [c for t in tops for c in t.candidates]
    if cands and not _points_ok(cands):
        return None
    pairs = list(zip(doc_texts, per_doc, strict=True))
    if any(text[t.start:t.end] != t.text for text, ts in pairs for t in ts
           if t.text and t.start is not None):
        return None
    if not all(map(attrgetter("text"), tops)):  # names left out: take them from the text
        for text, ts in pairs:
            for t in ts:
                if not t.text:
                    if t.start is None:
                        return None
                    _set(t, "text", text[t.start:t.end])
    return dict(zip(ids, docs, strict=True))
