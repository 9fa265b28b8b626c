"""The point confidence the span decision's rows read, from a model that never saw their corpus.

The span decision stacks on the point's ``confidence`` (``decision.features``): at ``parse``
the shipped confidence model scores text it never saw, so the rows the decision is fitted on
must read a confidence model that never saw their corpus either, as scikit-learn's stacking
fits on ``cross_val_predict``. The shipped model (``geoparser/data/confidence.json``) was
fitted on the corpora of ``confidence.json``. For a decision corpus of the same name as one of
them, or sharing a text with one (fingerprints of the sampled documents), the rows read the
model ``train_confidence.fitted_without`` those corpora, on the rows ``make train-confidence``
builds of the others; any other corpus reads the shipped model, which never saw it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks.training.confidence_data import (
    ConfidenceRows,
    recognised,
    rows_for,
    sampled_documents,
)
from benchmarks.training.confidence_taggers import fold_recognised
from benchmarks.training.train_confidence import CONFIG, fitted_without
from evaluation.reports.trained_on import fingerprint
from geoparser.model import Document
from geoparser.resolution.confidence import MODEL_PATH, FittedModel, load_models


class ConfidenceFolds:
    """The confidence model for each decision corpus (``model_for``): the shipped ``shipped``
    (fitted on the corpora ``shipped_on`` names) where it never saw the corpus, else one fitted
    without it on the confidence rows ``parts`` gives (called once, when first needed), whose
    corpora's texts ``texts`` fingerprints."""

    def __init__(self, texts: dict[str, frozenset[str]],
                 parts: Callable[[], dict[str, ConfidenceRows]], config: dict[str, Any],
                 shipped: FittedModel | None, shipped_on: Sequence[str]) -> None:
        self.texts, self._parts, self.config = texts, parts, config
        self.shipped, self.shipped_on = shipped, frozenset(shipped_on)
        self._rows: dict[str, ConfidenceRows] | None = None
        self._fitted: dict[frozenset[str], FittedModel] = {}

    @classmethod
    def from_corpora(cls, corpora: Path, policy, gazetteer, work: Path | None = None
                     ) -> ConfidenceFolds:
        """The folds of ``policy``'s confidence model on the shared corpora at ``corpora``,
        its rows built as ``train_confidence`` builds them (the recogniser's mentions cached;
        each document read by a fold tagger in ``work`` that never saw it, or with ``None``
        by the shipped tagger)."""
        config = json.loads(CONFIG.read_text(encoding="utf-8"))
        docs = sampled_documents(config, corpora, config["corpora"])

        def mentions(name: str, ds: Sequence[Document]):
            return (recognised(name, ds, config["recogniser"]) if work is None else
                    fold_recognised(name, ds, config["recogniser"], corpora, work))

        def parts() -> dict[str, ConfidenceRows]:
            return {name: rows_for(mentions(name, ds), gazetteer, policy,
                                   config["alone_per_document"])
                    for name, ds in docs.items()}

        shipped_on = (json.loads(MODEL_PATH.read_text(encoding="utf-8"))["trained_on"]
                      if MODEL_PATH.is_file() else [])
        return cls({name: frozenset(fingerprint(d.text) for d in ds)
                    for name, ds in docs.items()}, parts, config,
                   load_models().get(policy.name), shipped_on)

    def left_out(self, name: str, docs: Sequence[Document]) -> frozenset[str]:
        """The confidence corpora a model read by ``docs`` (of the corpus ``name``) must not
        be fitted on: the corpus of that name, and every one sharing a text with them."""
        prints = {fingerprint(d.text) for d in docs}
        named = {name} & (self.shipped_on | set(self.texts))
        return frozenset(named | {n for n, seen in self.texts.items() if seen & prints})

    def model_for(self, name: str, docs: Sequence[Document]) -> FittedModel | None:
        """The confidence model for ``docs`` (of the corpus ``name``): one that never saw
        them."""
        left = self.left_out(name, docs)
        if not left:
            return self.shipped
        if left not in self._fitted:
            if self._rows is None:
                self._rows = self._parts()
            self._fitted[left] = fitted_without(self._rows, left, self.config)
        return self._fitted[left]

    def describe(self, name: str, docs: Sequence[Document]) -> str:
        """Which model ``model_for`` gives, in words (for the training log)."""
        left = self.left_out(name, docs)
        return (f"confidence fitted without {', '.join(sorted(left))}" if left
                else "the shipped confidence model (never saw it)")


__all__ = ["ConfidenceFolds"]
