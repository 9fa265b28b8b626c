"""Builders for small gold and prediction documents used across tests."""

from __future__ import annotations

import errno
import os

from geoparser.model import Candidate, Document, GoldToponym, PredictedDocument, Prediction


def gold_doc(doc_id: str, text: str, name: str, lat: float = 0.0, lon: float = 0.0,
             tolerance_km: float = 10.0) -> Document:
    start = text.index(name)
    return Document(doc_id, text, (GoldToponym(start, start + len(name), name, lat, lon,
                                               tolerance_km),))


def pred(text: str, name: str, lat: float | None = None, lon: float | None = None,
         occurrence: int = 0) -> Prediction:
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(name, start + 1)
    return Prediction(name, start, start + len(name), "GPE", lat, lon)


def place(name: str, lat: float, lon: float, pop: int | None, cc: str,
          admin1: str | None = None, fclass: str = "P", fcode: str | None = None,
          gid: int = 0) -> Candidate:
    """A gazetteer candidate for resolution tests: a populated place unless told otherwise."""
    return Candidate("t", f"t:{name}:{cc}:{gid}", name, lat, lon, pop, gid, cc, admin1, fclass,
                     fcode)


def preds(doc_id: str, *items: Prediction) -> PredictedDocument:
    return PredictedDocument(doc_id, tuple(items))


def failing_fsync(after: int):
    """An ``os.fsync`` that fails with a full disk after ``after`` successful calls: how the
    tests make a write fail partway (fsync runs before every atomic rename)."""
    real = os.fsync
    calls = []

    def fsync(fd):
        calls.append(fd)
        if len(calls) > after:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd)

    return fsync
