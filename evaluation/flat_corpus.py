"""A corpus as the schemes score it: every gold toponym and prediction in one row, as columns.

Rows follow the gold documents' order, each document's toponyms in their own order; predictions
are reordered into that order when their file lists documents differently. Span-based scoring
reads only the columns (document, offsets, label), which come straight from the readers'
records (``geoparser.io.records``): ``toposcope score --scheme semeval`` never builds the model's
dataclasses. ``golds``, ``preds``, ``documents`` and ``predictions`` build them the
first time a scheme asks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from functools import cached_property

import numpy as np

from geoparser.io.records import Columns, GoldRecords, PredictionRecords, Spans
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction


class FlatCorpus:
    """Gold toponyms and predictions of a corpus in reading order, with numpy columns."""

    def __init__(self, gold: GoldRecords, pred: PredictionRecords):
        self._gold, self._pred = gold, pred
        self.doc_ids: tuple[str, ...] = tuple(gold.ids)
        self.gold_doc: np.ndarray = gold.toponyms.doc
        self.gold_spans: Spans = gold.toponyms.spans
        pred_doc = pred.gold_index[pred.toponyms.doc]
        # Rows of the predictions, in gold order (None: already in it).
        self._order: np.ndarray | None = None
        if len(pred_doc) > 1 and (pred_doc[1:] < pred_doc[:-1]).any():
            self._order = np.argsort(pred_doc, kind="stable")
        self.pred_doc: np.ndarray = self._reordered(pred_doc)
        self.pred_spans: Spans = tuple(map(self._reordered, pred.toponyms.spans))  # type: ignore[assignment]

    @staticmethod
    def build(gold: Sequence[Document], predictions: Mapping[str, PredictedDocument]
              ) -> FlatCorpus:
        """From the model's documents; predictions for ids not in ``gold`` are left out."""
        records = GoldRecords.of_documents(gold)
        return FlatCorpus(records, PredictionRecords.of_documents(predictions, records.ids))

    def _reordered(self, column: np.ndarray) -> np.ndarray:
        return column if self._order is None else column[self._order]

    @property
    def has_entities(self) -> bool:
        """Whether the gold annotates other entities (people, organisations...) anywhere."""
        return self._gold.has_entities

    @property
    def n_docs(self) -> int:
        return len(self.doc_ids)

    @property
    def n_golds(self) -> int:
        return len(self.gold_doc)

    @property
    def n_preds(self) -> int:
        return len(self.pred_doc)

    @cached_property
    def documents(self) -> list[Document]:
        """The gold documents, as the model's dataclasses."""
        return self._gold.documents()

    @cached_property
    def predictions(self) -> dict[str, PredictedDocument]:
        """The predicted documents by id, as the model's dataclasses."""
        return self._pred.predictions()

    @cached_property
    def golds(self) -> tuple[GoldToponym, ...]:
        """The gold toponyms, row by row, as the model's dataclasses."""
        return tuple(t for doc in self.documents for t in doc.toponyms)

    @cached_property
    def preds(self) -> tuple[Prediction, ...]:
        """The predictions, row by row, as the model's dataclasses."""
        by_id = self.predictions
        return tuple(t for i in self.doc_ids if i in by_id for t in by_id[i].toponyms)

    @cached_property
    def labels(self) -> tuple[str, ...]:
        """Every label used, sorted; label id k + 1 is ``labels[k]``, id 0 is "no label"."""
        return tuple(sorted(set(self._gold.toponyms.labels) | set(self._pred.toponyms.labels)))

    def _label_ids(self, columns: Columns) -> np.ndarray:
        ids = {lab: k + 1 for k, lab in enumerate(self.labels)}
        by_code = np.array([0, *(ids[lab] for lab in columns.labels)], np.int64)
        return by_code[columns.label_codes + 1]

    @cached_property
    def gold_label_ids(self) -> np.ndarray:
        return self._label_ids(self._gold.toponyms)

    @cached_property
    def pred_label_ids(self) -> np.ndarray:
        return self._reordered(self._label_ids(self._pred.toponyms))

    @property
    def gold_keys(self) -> tuple[np.ndarray, ...]:
        """Content sort keys of the gold toponyms, least significant first (``np.lexsort``
        order): the rest of the record, name, label, end, start. Ties are broken by these,
        never by input position; two toponyms with equal keys are interchangeable. The rest of
        the record (point, tolerance, id, candidates) is ranked only once a scheme has built
        the model's dataclasses: only such schemes read it."""
        return self._keys("golds", self.gold_spans, self.gold_label_ids, self.gold_doc)

    @property
    def pred_keys(self) -> tuple[np.ndarray, ...]:
        return self._keys("preds", self.pred_spans, self.pred_label_ids, self.pred_doc)

    def _keys(self, side: str, spans: Spans, label_ids: np.ndarray, doc: np.ndarray
              ) -> tuple[np.ndarray, ...]:
        built = side in self.__dict__
        cache = self.__dict__.setdefault("_key_cache", {})
        if (side, built) not in cache:
            keys = _content_keys(lambda: getattr(self, side), spans, label_ids)
            rest = (_rest_rank(lambda: getattr(self, side), keys, doc) if built
                    else np.zeros(len(doc), dtype=np.int64))
            cache[side, built] = (rest, *keys)
        return cache[side, built]

    @cached_property
    def pred_group(self) -> np.ndarray:
        """For every prediction, one of the predictions of its document with the same offsets
        and label (itself when there is none): a span predicted twice is one prediction plus a
        spurious copy, whatever the coordinates. The same span with two labels is two
        predictions (SemEval's ``type`` measure scores each label). Predictions without offsets
        each stand alone (a name given twice is two toponyms)."""
        n = self.n_preds
        group = np.arange(n, dtype=np.int64)
        s, e, has = self.pred_spans
        if n < 2 or not has.any():
            return group
        # Which copy stands for a group does not matter: its offsets, which rank it, are the
        # group's; the copies are told apart by content where it matters (``Assignment``).
        labels = self.pred_label_ids
        order = np.lexsort((labels, e, s, self.pred_doc))
        same = np.zeros(n, dtype=bool)
        same[1:] = has[order][1:] & has[order][:-1]
        for k in (self.pred_doc, s, e, labels):
            ks = k[order]
            same[1:] &= ks[1:] == ks[:-1]
        return _first_of_runs(order, same) if same.any() else group

    def gold_counts(self) -> np.ndarray:
        return np.bincount(self.gold_doc, minlength=self.n_docs)

    def pred_counts(self) -> np.ndarray:
        return np.bincount(self.pred_doc, minlength=self.n_docs)

    def all_pairs(self) -> tuple[np.ndarray, np.ndarray]:
        """Every (gold, prediction) index pair that shares a document."""
        pcount = self.pred_counts()
        poff = np.cumsum(pcount) - pcount
        per_gold = pcount[self.gold_doc]
        starts = np.cumsum(per_gold) - per_gold
        gi = np.repeat(np.arange(self.n_golds, dtype=np.int64), per_gold)
        within = np.arange(len(gi), dtype=np.int64) - np.repeat(starts, per_gold)
        return gi, (poff[self.gold_doc[gi]] + within).astype(np.int64)


def _first_of_runs(order: np.ndarray, same_as_prev: np.ndarray) -> np.ndarray:
    """For every item, the first item of its run in ``order`` (runs: ``same_as_prev``)."""
    starts = np.flatnonzero(~same_as_prev)
    sizes = np.diff(np.append(starts, len(order)))
    group = np.empty(len(order), dtype=np.int64)
    group[order] = np.repeat(order[starts], sizes)
    return group


def _rest_rank(toponyms: Callable[[], Sequence[GoldToponym | Prediction]],
               keys: tuple[np.ndarray, ...], doc: np.ndarray) -> np.ndarray:
    """A rank of every field the other keys leave out (point, tolerance, id, candidates), so
    that two toponyms with equal keys are interchangeable in every scheme. Computed only when
    some document holds two toponyms the other keys cannot tell apart (a span given twice)."""
    n = len(doc)
    if n < 2:
        return np.zeros(n, dtype=np.int64)
    order = np.lexsort((*keys, doc))
    tie = np.ones(n - 1, dtype=bool)
    for k in (*keys, doc):
        ks = k[order]
        tie &= ks[1:] == ks[:-1]
    if not tie.any():
        return np.zeros(n, dtype=np.int64)
    rest = [repr([getattr(t, f.name) for f in fields(t)]) for t in toponyms()]
    where = {r: k for k, r in enumerate(sorted(set(rest)))}
    return np.fromiter(map(where.__getitem__, rest), np.int64, n)


def _content_keys(toponyms: Callable[[], Sequence[GoldToponym | Prediction]], spans: Spans,
                  label_ids: np.ndarray) -> tuple[np.ndarray, ...]:
    starts, ends, has = spans
    text_rank = np.zeros(len(starts), dtype=np.int64)
    if not has.all():  # names only matter where offsets cannot tell two toponyms apart
        names = [t.text for t in toponyms()]
        where = {name: k for k, name in enumerate(sorted(set(names)))}
        text_rank = np.fromiter(map(where.__getitem__, names), np.int64, len(names))
    return text_rank, label_ids, ends, starts
