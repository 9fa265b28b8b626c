"""What the default ``parse``'s trained models saw of a corpus, said in the table beside its
figures, so that no in-sample figure passes for a held-out one.

The default (``toponym-transformer-orgs`` with the ``context`` policy) runs four trained
models: the transformer tagger (its ``trained_on.json`` fingerprints each training document,
so the documents scored are looked up one by one), the span decision
(``geoparser/data/span_decision.json``'s ``trained_on``), the confidence model
(``geoparser/data/confidence.json``'s ``trained_on``, at most 800 documents a corpus, more than
any of them holds) and the mention-kind classifier (its training config,
``benchmarks/training/mention_kinds.json``). The ``learned`` policy's ranker is no part of the
default; where it saw the corpus (its fingerprints) the cell says so apart.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from benchmarks.corpus_catalogue import CatalogueEntry
from evaluation.reports.trained_on import fingerprint_overlap
from geoparser.model import Document

KINDS_CONFIG = Path(__file__).resolve().parents[1] / "training" / "mention_kinds.json"


@cache
def corpora_named(path: Path, key: str) -> frozenset[str]:
    """The corpus names a model's JSON lists under ``key``."""
    return frozenset(json.loads(path.read_text(encoding="utf-8"))[key])


@cache
def kind_classifier_corpus() -> frozenset[str]:
    """The corpus the kind classifier is trained on: the name in its config's ``corpus``
    (name, converter, path)."""
    return frozenset(json.loads(KINDS_CONFIG.read_text(encoding="utf-8"))["corpus"][:1])


def whole_corpus_models() -> dict[str, frozenset[str]]:
    """The default's models trained on whole corpora, by what the table calls them: the
    corpora each names."""
    from geoparser.decision.span_decision import MODEL_PATH as DECISION
    from geoparser.resolution.confidence import MODEL_PATH as CONFIDENCE

    return {"span decision": corpora_named(DECISION, "trained_on"),
            "confidence model": corpora_named(CONFIDENCE, "trained_on"),
            "kind classifier": kind_classifier_corpus()}


@dataclass(frozen=True)
class Exposure:
    """What each model saw: the tagger's documents among those scored (``None``: a fold
    tagger that never saw the corpus), the other models that trained on it, and the
    ranker's documents among those scored (not the default's)."""

    tagger_seen: int | None
    documents: int
    others: tuple[str, ...]
    ranker_seen: int
    #: How many parts the corpus was scored in, each by the tagger trained without it (0: one
    #: tagger for all of it).
    parts: int = 0

    @property
    def in_sample(self) -> bool:
        return bool(self.tagger_seen) or bool(self.others)

    def describe(self) -> str:
        """The table's cell."""
        parts = []
        if self.tagger_seen is None:
            parts.append(f"tagger: each of {self.parts} parts by the one trained without it"
                         if self.parts else "tagger: the fold's, which never saw it")
        elif self.tagger_seen:
            parts.append(f"tagger trained on {self.tagger_seen} of these {self.documents}")
        if self.others:
            parts.append(f"{', '.join(self.others)} trained on it")
        if self.in_sample:
            said = "; ".join(parts) + " (in-sample)"
        elif self.tagger_seen is None:
            said = f"{parts[0]}; no other model saw it"
        else:
            said = "unseen by every model"
        if self.ranker_seen:
            said += (f"; the `learned` ranker, not the default's, trained on "
                     f"{self.ranker_seen} of them")
        return said


def exposure(entry: CatalogueEntry, docs: Sequence[Document], tagger: Path,
             fold: bool, parts: int = 0) -> Exposure:
    """What the default's models saw of ``docs`` (``entry``'s documents scored), with the
    tagger at ``tagger``; ``fold``: a fold tagger made without this corpus (``parts``: one
    made without each of that many parts of it)."""
    from geoparser.resolution.learned import MODEL_PATH as RANKER

    texts = [d.text for d in docs]
    tagger_seen = None if fold else sum(fingerprint_overlap(tagger / "trained_on.json",
                                                             texts).values())
    names = set(entry.aliases)
    others = tuple(model for model, corpora in whole_corpus_models().items()
                   if names & corpora)
    ranker = sum(fingerprint_overlap(RANKER.with_suffix(".trained_on.json"), texts).values())
    return Exposure(tagger_seen, len(docs), others, ranker, parts if fold else 0)
