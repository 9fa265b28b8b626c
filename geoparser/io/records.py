"""Documents as scorers take them: ids, texts and their toponyms as numpy columns.

``GoldRecords`` and ``PredictionRecords`` come from the bulk reader (``documents_bulk``), which
builds their ``Columns`` chunk by chunk and never keeps its decoded records, or from documents
that already are the model's dataclasses (``of_documents``). Either way the model's documents
are built only when asked for (``documents()``, ``predictions()``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import chain
from operator import attrgetter
from typing import Any

import numpy as np

from geoparser.model import Document, PredictedDocument

# (starts, ends, has offsets): NO_OFFSET in both where a toponym lacks an offset.
Spans = tuple[np.ndarray, np.ndarray, np.ndarray]
NO_OFFSET = -1


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
        return ColumnsBuilder().add(toponyms, doc, span_columns(toponyms)[0]).columns()


class ColumnsBuilder:
    """Columns built chunk by chunk, with label codes shared across chunks."""

    def __init__(self) -> None:
        self.parts: list[tuple[np.ndarray, Spans, np.ndarray]] = []
        self.codes: dict[str | None, int] = {None: -1}

    def add(self, toponyms: Sequence[Any], doc: np.ndarray, spans: Spans) -> ColumnsBuilder:
        code, n = self.codes.__getitem__, len(toponyms)
        try:  # every label already known, as after the first chunk: one pass, no list
            codes = np.fromiter(map(code, map(attrgetter("label"), toponyms)), np.int64, n)
        except KeyError:
            labels = list(map(attrgetter("label"), toponyms))
            for lab in dict.fromkeys(labels):
                self.codes.setdefault(lab, len(self.codes) - 1)
            codes = np.fromiter(map(code, labels), np.int64, n)
        self.parts.append((doc, spans, codes))
        return self

    def columns(self) -> Columns:
        labels = tuple(lab for lab in self.codes if lab is not None)
        none = np.zeros(0, np.int64)
        parts = self.parts or [(none, (none, none, none.astype(bool)), none)]

        def cat(part: Callable[[tuple], np.ndarray]) -> np.ndarray:
            return np.concatenate([part(p) for p in parts])

        return Columns(cat(lambda p: p[0]),
                       (cat(lambda p: p[1][0]), cat(lambda p: p[1][1]), cat(lambda p: p[1][2])),
                       cat(lambda p: p[2]), labels)


def flatten(docs: Sequence[Any], first: int = 0) -> tuple[list[Any], np.ndarray]:
    """The toponyms of ``docs`` one document after the other, and each one's document index
    (counting from ``first``)."""
    per_doc = list(map(attrgetter("toponyms"), docs))
    n = len(per_doc)
    counts = np.fromiter(map(len, per_doc), np.int64, n)
    return list(chain.from_iterable(per_doc)), np.repeat(np.arange(first, first + n), counts)


def column(records: Sequence[Any], field: str, dtype: type, missing: object) -> np.ndarray:
    """One numeric field of every record; ``None`` becomes ``missing``."""
    try:
        return np.fromiter(map(attrgetter(field), records), dtype, len(records))
    except TypeError:  # some None
        values = map(attrgetter(field), records)
        return np.fromiter((missing if v is None else v for v in values), dtype, len(records))


def span_columns(toponyms: Sequence[Any]) -> tuple[Spans, bool]:
    """The offsets of toponym records as columns (a record with one offset but not the other
    counts as having none), and whether every record has both or neither. A missing offset is
    ``None`` (or ``NO_OFFSET`` in the private records)."""
    starts = column(toponyms, "start", np.int64, NO_OFFSET)
    ends = column(toponyms, "end", np.int64, NO_OFFSET)
    has_start, has_end = starts >= 0, ends >= 0
    has = has_start & has_end
    if not has.all():
        starts, ends = np.where(has, starts, NO_OFFSET), np.where(has, ends, NO_OFFSET)
    return (starts, ends, has), bool(np.array_equal(has_start, has_end))


@dataclass(frozen=True)
class GoldRecords:
    """Gold documents: ids, texts and toponym columns; the model's documents on request."""

    ids: list[str]
    texts: list[str]  # the documents' texts
    toponyms: Columns
    _documents: Callable[[], list[Document]]
    #: Some document lists other entities (``Document.entities``). The bulk reader takes only
    #: files without them, so its records never have any.
    has_entities: bool = False

    @staticmethod
    def of_documents(docs: Sequence[Document]) -> GoldRecords:
        toponyms, doc = flatten(docs)
        return GoldRecords([d.id for d in docs], [d.text for d in docs],
                           Columns.of(toponyms, doc), partial(list, docs),
                           any(map(attrgetter("entities"), docs)))

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
        toponyms, doc = flatten(list(docs.values()))
        return PredictionRecords(ids, np.array([where[i] for i in ids], np.int64),
                                 Columns.of(toponyms, doc), partial(dict, docs))

    def predictions(self) -> dict[str, PredictedDocument]:
        return self._predictions()
