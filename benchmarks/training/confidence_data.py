"""The shared corpora as confidence data: what the default recogniser finds, how each policy
places it, and whether that point is right.

One row per predicted toponym whose span is exactly a gold toponym's with a point, and that
the policy placed: the resolution's ``confidence.CONFIDENCE_FEATURES`` and a label, 1 when the
chosen point lies within 161 km of the gold point. These are the toponyms the distance scheme
scores, so the model learns the probability the harness measures. The recogniser's mentions
are cached as JSON in the cache dir (``$TOPOSCOPE_CACHE_DIR``) by corpus texts, recogniser and
recognition code: tagging the corpora takes minutes, resolving them seconds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from benchmarks.corpus_catalogue import entry
from benchmarks.public_corpora import CORPORA, SHARED, load
from benchmarks.training.ranker_data import cached_mentions
from geoparser.distance import distance_km
from geoparser.gazetteers import Gazetteer
from geoparser.model import Document, ParsedDocument, Resolution
from geoparser.pipeline import resolve
from geoparser.resolution.base import ResolutionContext
from geoparser.resolution.confidence import CONFIDENCE_FEATURES, RIGHT_KM, feature_row
from geoparser.resolution.features import FeatureExtractor


@dataclass
class ConfidenceRows:
    """One corpus's rows for one policy: features, labels, each row's document, and whether
    the row is a toponym resolved alone (``alone``)."""

    x: np.ndarray
    y: np.ndarray
    documents: list[str]
    alone: np.ndarray

    def subset(self, keep: np.ndarray) -> ConfidenceRows:
        return ConfidenceRows(self.x[keep], self.y[keep],
                              [d for d, k in zip(self.documents, keep, strict=True) if k],
                              self.alone[keep])


def sample(docs: Sequence[Document], limit: int, seed: int) -> list[Document]:
    """At most ``limit`` documents, a fixed random choice in corpus order."""
    if len(docs) <= limit:
        return list(docs)
    keep = set(random.Random(seed).sample(range(len(docs)), limit))
    return [d for i, d in enumerate(docs) if i in keep]


def recognised(name: str, docs: Sequence[Document], recogniser_name: str
               ) -> list[ParsedDocument]:
    """The recogniser's mentions of each document (cached: ``ranker_data.cached_mentions``,
    by the weights of the tagger it runs, so a retrained tagger is not read from the cache)."""
    from benchmarks.training.confidence_taggers import mentions_key

    found = cached_mentions("confidence-mentions", mentions_key(recogniser_name), docs, note=(
        f"confidence-data: {name}: recognising {len(docs)} documents (cached afterwards)"))
    return [ParsedDocument(d, found[d.id]) for d in docs]


class _Recorder:
    """Stands in for the confidence estimator: keeps each placed resolution's feature row."""

    def __init__(self, extractor: FeatureExtractor) -> None:
        self.extractor = extractor
        self.rows: dict[tuple[str, int, int], np.ndarray] = {}

    def apply(self, resolutions: Sequence[Resolution], context: ResolutionContext
              ) -> list[Resolution]:
        for r in resolutions:
            x = feature_row(r, context, self.extractor, resolutions)
            if x is not None:
                self.rows[context.document.id, r.mention.start, r.mention.end] = x
        return list(resolutions)


def alone(parsed: Sequence[ParsedDocument], per_document: int) -> list[ParsedDocument]:
    """Up to ``per_document`` mentions of each document that are gold toponyms, each as a
    document of its own (the same text, no other toponym): how a name fares with no context,
    as in a caption or a headline."""
    out = []
    for p in parsed:
        gold = {(t.start, t.end) for t in p.document.toponyms if t.has_point}
        picked = [m for m in p.mentions if (m.start, m.end) in gold][:per_document]
        out += [ParsedDocument(replace(p.document, id=f"{p.document.id}#alone{k}"), [m])
                for k, m in enumerate(picked)]
    return out


def rows_for(parsed: Sequence[ParsedDocument], gazetteer: Gazetteer, policy,
             alone_per_document: int = 0) -> ConfidenceRows:
    """Resolve ``parsed`` with ``policy`` and label every placed toponym that is exactly a
    gold toponym with a point; with ``alone_per_document``, also that many of each
    document's toponyms resolved alone (``alone``)."""
    recorder = _Recorder(getattr(policy, "extractor", None) or FeatureExtractor())
    parsed = [*parsed, *alone(parsed, alone_per_document)]
    out = resolve(parsed, gazetteer, policy, confidence=recorder)
    xs, ys, docs = [], [], []
    for p in out:
        gold = {(t.start, t.end): t for t in p.document.toponyms if t.has_point}
        for r in p.resolutions:
            t = gold.get((r.mention.start, r.mention.end))
            key = (p.document.id, r.mention.start, r.mention.end)
            if t is None or key not in recorder.rows:
                continue
            c = r.candidate
            xs.append(recorder.rows[key])
            ys.append(float(distance_km(c.lat, c.lon, t.lat, t.lon) <= RIGHT_KM))
            docs.append(p.document.id)
    x = np.vstack(xs) if xs else np.zeros((0, len(CONFIDENCE_FEATURES)))
    return ConfidenceRows(x, np.asarray(ys), docs,
                          np.asarray([d.endswith(tuple(f"#alone{k}" for k in range(
                              alone_per_document))) for d in docs], bool))


def sampled_documents(config: dict, corpora: Path = SHARED / "corpora",
                      names: Sequence[str] | None = None) -> dict[str, list[Document]]:
    """Each shared corpus (of ``names``, default the ranker's four), sampled as the config
    says; a name outside ``public_corpora.CORPORA`` is read by its catalogue entry. Corpora
    that are absent are left out."""
    out = {}
    known = {name: (converter, rel) for name, converter, rel in CORPORA}
    for name in known if names is None else names:
        item = None if name in known else entry(name)
        path = corpora / (item.path if item else known[name][1])
        if path.exists():
            read = item.read(corpora) if item else load(known[name][0], path)
            out[name] = sample(read, config["max_documents_per_corpus"], config["seed"])
    return out


def corpus_documents(config: dict, corpora: Path = SHARED / "corpora",
                     work: Path | None = None) -> dict[str, list[ParsedDocument]]:
    """Each corpus the config trains or tests on (sampled) with the configured recogniser's
    mentions: with ``work`` (the fold and part taggers of ``make train-ner``) each document
    read by a tagger that never saw it (``confidence_taggers``), without it by the shipped
    tagger. Corpora that are absent are left out."""
    from benchmarks.training.confidence_taggers import fold_recognised

    names = [*config["corpora"], *config.get("also_tested_on", ())]
    return {name: (recognised(name, docs, config["recogniser"]) if work is None else
                   fold_recognised(name, docs, config["recogniser"], corpora, work))
            for name, docs in sampled_documents(config, corpora, names).items()}
