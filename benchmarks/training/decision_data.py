"""The shared corpora as span-decision data: every span the default recogniser proposes, as
resolved, with its features and whether it is right.

For each corpus, the default recogniser (``toponym-transformer-orgs``: tagger, gazetteer
check, organisation pass, span hygiene and conventions) is built on a tagger that never saw the
corpus, so its probabilities are those of unseen text: for a corpus the shipped tagger was
trained on, the *fold* tagger ``make train-ner`` writes (``<work>/without-<corpus>/tagger``);
for one it learned by its own convention (``parts``), each third of the documents by the
tagger trained without that third (``<work>/without-part-<k>/tagger``, ``train_tagger
--held-part``); for any other, the shipped tagger itself, checked against its
``trained_on.json``. The mentions are resolved as ``parse`` resolves them (names read again,
streets at their town) with no minimum confidence, and each resolved span gives one row of
``SPAN_FEATURES`` and three labels: a gold toponym (exact span); a gold toponym placed within
161 km of its gold point (NaN where the gold toponym has no point); the same GeoNames id as
gold (NaN where gold gives none); and whether the corpus's convention masks it
(``decision_labels``: a street where local news leaves streets out teaches nothing). The
recogniser's mentions are cached (``ranker_data.cached_mentions``, keyed by the model's
digest). Each point's ``confidence`` comes from the model the caller gives: the shipped one,
which saw GeoWebNews and GeoVirus, or (``train_decision --fold-confidence``) one that never
saw the corpus (``confidence_folds``), as the tagger's probabilities come from a tagger that
never saw it.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from benchmarks.training.decision_labels import span_label
from benchmarks.training.ranker_data import cached_mentions
from evaluation.reports.trained_on import training_overlap
from geoparser.corpora import read_corpus
from geoparser.corpora.conventions import TrainingLabel
from geoparser.decision.features import SPAN_FEATURES, feature_rows, placed_rows
from geoparser.distance import distance_km
from geoparser.model import Document, MentionKind, ParsedDocument
from geoparser.pipeline import resolve
from geoparser.resolution.confidence import (
    RIGHT_KM,
    ConfidenceEstimator,
    FittedModel,
    load_models,
    placed_whatever,
    point_by_convention,
)
from geoparser.resolution.hashtag_spans import tag_start


@dataclass
class DecisionRows:
    """One corpus's rows: features, labels, each row's document, and the corpus's gold
    counts (the denominators of acc@161, acc by id and false positives per 100 gold)."""

    x: np.ndarray
    toponym: np.ndarray
    right: np.ndarray
    same_id: np.ndarray
    #: Whether today's default (no decision; the point's minimum confidence) places the span.
    placed_today: np.ndarray
    #: Whether the point stays whatever its marker confidence (``confidence.point_by_convention``).
    whatever: np.ndarray
    documents: list[str]
    gold: int
    gold_with_point: int
    gold_with_id: int
    #: Rows the corpus's convention teaches nothing (``decision_labels.span_label``).
    masked: np.ndarray | None = None
    #: Rows resolved as a street-level mention (``MentionKind.STREET``).
    street: np.ndarray | None = None

    def __post_init__(self) -> None:
        if self.masked is None:
            self.masked = np.zeros(len(self.toponym), bool)
        if self.street is None:
            self.street = np.zeros(len(self.toponym), bool)

    @property
    def y(self) -> np.ndarray:
        return self.toponym

    def save(self, path: Path, key: str = "") -> None:
        """The rows as ``path`` (npz), with ``key`` (``rows_key``): what they were built from."""
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, x=self.x, toponym=self.toponym, right=self.right,
                            same_id=self.same_id, placed_today=self.placed_today,
                            whatever=self.whatever, masked=self.masked, street=self.street,
                            documents=np.asarray(self.documents, dtype=str),
                            counts=np.asarray([self.gold, self.gold_with_point,
                                               self.gold_with_id]), key=np.asarray(key))

    @classmethod
    def load(cls, path: Path, key: str | None = None) -> DecisionRows | None:
        """The rows saved at ``path``; ``None`` when ``key`` is given and they were saved
        under another (built from other taggers, code or data: to be built again)."""
        z = np.load(path, allow_pickle=False)
        if key is not None and ("key" not in z.files or str(z["key"]) != key):
            return None
        gold, with_point, with_id = (int(v) for v in z["counts"])
        return cls(z["x"], z["toponym"], z["right"], z["same_id"], z["placed_today"],
                   z["whatever"], [str(d) for d in z["documents"]], gold, with_point, with_id,
                   z["masked"] if "masked" in z.files else None,
                   z["street"] if "street" in z.files else None)


class DecisionPart:
    """Rows of one document fold of one corpus: features, the two labels, and each row's
    weight (each corpus counts as one; a class the corpus never annotates counts nothing)."""

    def __init__(self, corpus: str, rows: DecisionRows, keep: np.ndarray, w: np.ndarray) -> None:
        self.corpus, self.rows, self.keep = corpus, rows, keep
        self.x, self.toponym, self.w = rows.x[keep], rows.toponym[keep], w[keep]

    def fitted_rows(self, head: str) -> np.ndarray:
        """Which rows a head is fitted on: those that weigh, and for the marker model the
        placed ones whose label is known."""
        if head == "span":
            return self.w > 0
        if not self.rows.gold_with_point:  # no point to judge a marker by: its false spans'
            return np.zeros(len(self.x), bool)  # 0s would teach the marker model only "wrong"
        right = self.rows.right[self.keep]
        return (self.w > 0) & placed_rows(self.x) & ~np.isnan(right)

    def labelled(self, head: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``x``, ``y`` and weights for the ``span`` or the ``marker`` model."""
        use = self.fitted_rows(head)
        y = self.toponym if head == "span" else self.rows.right[self.keep]
        return self.x[use], y[use], self.w[use]


def rows_path(work: Path, conventions: str, tagger: str, limit: int | None,
              fold_confidence: bool) -> Path:
    """Where ``train_decision`` saves a corpus's rows in its work folder."""
    return work / "decision" / (f"{conventions}-{tagger}-{limit or 'all'}"
                                f"{'-fold-confidence' if fold_confidence else ''}.npz")


#: Files under ``geoparser/`` a corpus's rows do not depend on: the span decision's own model,
#: which they train, and its fingerprints.
_NOT_READ = ("span_decision.json", "span_decision.trained_on.json")
#: The training modules that only fit and print, never build rows.
_FIT_ONLY = ("train_decision.py", "decision_tables.py")


def rows_key(taggers: Sequence[tuple[Path, Sequence[Document]]], confidence: str = "") -> str:
    """What a corpus's rows are built from, as a digest: each tagger's weights and the
    documents it reads, every file of the geoparser (code, gazetteers, models; not the span
    decision's own model), the training code that builds rows, and which confidence model the
    points read (``confidence``). ``train_decision --reuse-rows`` reads saved rows only under
    the same key, so rows of an older tagger, convention or feature are built again."""
    h = hashlib.sha256(confidence.encode() + _code_and_data_digest().encode())
    for tagger, docs in taggers:
        h.update(model_digest(tagger).encode())
        for d in docs:
            h.update(d.id.encode() + b"\x01" + d.text.encode() + b"\x00")
    return h.hexdigest()[:16]


@cache
def _code_and_data_digest() -> str:
    """The digest of every file ``rows_key`` reads beside the taggers, once a run (about 60 MB
    of code, gazetteers and models, the same for every corpus)."""
    h = hashlib.sha256()
    root = Path(__file__).resolve().parents[2]
    files = [*(root / "geoparser").rglob("*"), *(root / "benchmarks" / "training").glob("*.py")]
    for path in sorted(files):
        if (path.is_file() and "__pycache__" not in path.parts
                and path.name not in (*_NOT_READ, *_FIT_ONLY)):
            h.update(str(path.relative_to(root)).encode() + b"\x00" + path.read_bytes())
    return h.hexdigest()


#: Which tagger proposes a decision corpus's spans (``DecisionCorpus.tagger``).
TAGGER_MODES = ("fold", "parts", "shipped")


@dataclass(frozen=True)
class DecisionCorpus:
    """One corpus the decision learns from (``decision.json``'s ``corpora``): its name in
    reports, its key in ``corpus_conventions.json``, the converter and the path under the
    corpora folder, which tagger proposes its spans (``fold``: the one ``make train-ner`` fits
    without it; ``parts``: for each part of its documents, the one fitted without that part;
    ``shipped``: the package's, which must never have seen it), and every how many documents
    (by sorted id) are taken."""

    name: str
    conventions: str
    format: str
    path: str
    tagger: str = "fold"
    every: int = 1

    @classmethod
    def from_config(cls, entry: dict[str, object]) -> DecisionCorpus:
        corpus = cls(**entry)  # type: ignore[arg-type]
        if corpus.tagger not in TAGGER_MODES or corpus.every < 1:
            raise ValueError(f"decision corpus {corpus.name}: tagger must be one of "
                             f"{', '.join(TAGGER_MODES)} and every at least 1")
        return corpus

    def documents(self, corpora: Path) -> list[Document]:
        """Its gold documents (entities kept), every ``every``-th by sorted id."""
        return self.taken(self.every_document(corpora))

    def every_document(self, corpora: Path) -> list[Document]:
        """All its gold documents, by sorted id: the ids a tagger's parts are cut over
        (``document_parts.document_part``), whatever share of them the decision takes."""
        return sorted(read_corpus(self.format, corpora / self.path), key=lambda d: d.id)

    def taken(self, every: Sequence[Document]) -> list[Document]:
        """The documents the decision takes of ``every_document``'s: every ``every``-th."""
        return list(every[::self.every])


def fold_recogniser(tagger: Path, gazetteer):
    """The default recogniser as ``create_recogniser`` builds it, on the tagger at ``tagger``."""
    from geoparser.recognition.tidied import Tidied
    from geoparser.recognition.transformer_tagger import TransformerOrgsRecogniser

    return Tidied(TransformerOrgsRecogniser(gazetteer=gazetteer, path=tagger), gazetteer)


def rows_for(resolved: Sequence[ParsedDocument], placed_min: float,
             conventions: str | None = None) -> DecisionRows:
    """Rows of every resolved span of ``resolved`` (see the module), masked by the convention
    of the corpus ``conventions`` names (none masked without one)."""
    xs, toponym, right, same_id, today, whatever, docs = [], [], [], [], [], [], []
    masked: list[bool] = []
    street: list[bool] = []
    gold_n = with_point = with_id = 0
    for p in resolved:
        gold = {(t.start, t.end): t for t in p.document.toponyms}
        gold_n += len(gold)
        with_point += sum(t.has_point for t in gold.values())
        with_id += sum(t.geonameid is not None for t in gold.values())
        if not p.resolutions:
            continue
        xs.append(feature_rows(p, p.resolutions))
        text = p.document.text
        for r in p.resolutions:
            # labelled by the span parse writes: a hashtag's toponym with its "#"
            start = tag_start(text, r.mention.start, r.mention.end)
            t, c = gold.get((start, r.mention.end)), r.candidate
            placed = c is not None and c.has_point
            toponym.append(float(t is not None))
            if t is None:
                right.append(0.0)
                same_id.append(0.0)
            else:
                right.append(float(placed and distance_km(c.lat, c.lon, t.lat, t.lon)
                                   <= RIGHT_KM) if t.has_point else math.nan)
                same_id.append(float(c is not None and c.geonameid == t.geonameid)
                               if t.geonameid is not None else math.nan)
            today.append(placed and (r.confidence is None or r.confidence >= placed_min
                                     or placed_whatever(c, r.mention.text)))
            whatever.append(point_by_convention(c))
            docs.append(p.document.id)
            masked.append(conventions is not None and span_label(
                conventions, start, r.mention.end, r.kind, gold, p.document.entities
            ) is TrainingLabel.MASKED)
            street.append(r.kind is MentionKind.STREET)
    x = np.vstack(xs) if xs else np.zeros((0, len(SPAN_FEATURES)))
    return DecisionRows(x, np.asarray(toponym), np.asarray(right), np.asarray(same_id),
                        np.asarray(today, bool), np.asarray(whatever, bool), docs, gold_n,
                        with_point, with_id, np.asarray(masked, bool), np.asarray(street, bool))


def model_digest(tagger: Path) -> str:
    """The first 12 hex digits of the SHA-256 of the tagger's ``model.onnx``: the key its
    mentions are cached by, and the name a model records its convention proposer by."""
    return hashlib.sha256((tagger / "model.onnx").read_bytes()).hexdigest()[:12]


def recognised_spans(name: str, docs: Sequence[Document], tagger: Path, gazetteer
                     ) -> list[ParsedDocument]:
    """``docs`` (of the corpus ``name``) with the spans the recogniser on the tagger at
    ``tagger`` proposes (cached by the tagger's digest)."""
    found = cached_mentions("decision-mentions",
                            f"toponym-transformer-orgs-{model_digest(tagger)}", docs,
                            recogniser=fold_recogniser(tagger, gazetteer),
                            note=f"decision-data: {name}: recognising {len(docs)} documents")
    return [ParsedDocument(d, found[d.id]) for d in docs]


def resolved_spans(name: str, docs: Sequence[Document], tagger: Path, gazetteer,
                   policy, confidence: FittedModel | None = None) -> list[ParsedDocument]:
    """``recognised_spans`` resolved as ``parse`` resolves them (names read again) with no
    minimum confidence, each point's confidence from the model ``confidence`` (default: the
    policy's shipped one)."""
    return resolved_as_parse(recognised_spans(name, docs, tagger, gazetteer), gazetteer,
                             policy, confidence)


def resolved_as_parse(parsed: Sequence[ParsedDocument], gazetteer, policy,
                      confidence: FittedModel | None = None) -> list[ParsedDocument]:
    """``parsed`` resolved as ``parse`` resolves them (names read again) with no minimum
    confidence, each point's confidence from the model ``confidence`` (default: the policy's
    shipped one). The spans are the bodies of hashtags, as the decision reads them
    (``rows_for`` labels each by the span ``parse`` writes)."""
    return resolve(parsed, gazetteer, policy, repeat_names=True, min_confidence=0.0,
                   confidence=ConfidenceEstimator(policy, 0.0, model=confidence),
                   hashtags=False)


def corpus_rows(corpus: DecisionCorpus, taggers: Sequence[tuple[Path, Sequence[Document]]],
                gazetteer, policy, confidence: FittedModel | None = None) -> DecisionRows:
    """The rows of ``corpus``'s documents, each (tagger, documents) of ``taggers``
    (``taggers_for``) proposing the spans of its documents, all then resolved together as one
    ``parse`` of the corpus resolves them (a paper's home region read off all its stories),
    their points' confidence from the model ``confidence`` (default: the shipped one;
    ``confidence_folds`` gives one that never saw the corpus). Which points "today's default"
    places is judged at the shipped model's minimum."""
    parsed = [p for tagger, docs in taggers
              for p in recognised_spans(corpus.name, docs, tagger, gazetteer)]
    resolved = resolved_as_parse(parsed, gazetteer, policy, confidence)
    model = load_models().get(policy.name)
    return rows_for(resolved, model.min_confidence if model else 0.0, corpus.conventions)


def taggers_for(corpus: DecisionCorpus, work: Path, docs: Sequence[Document],
                every_id: Sequence[str] | None = None) -> list[tuple[Path, list[Document]]]:
    """Each tagger that never saw some of ``docs`` with those documents: for a ``parts``
    corpus, each part's the tagger trained without it, ``<work>/without-part-<k>/tagger``,
    the parts cut (``document_parts.document_part``) over ``every_id``, the whole corpus's ids
    as ``train_tagger --held-part`` cut them (default: ``docs``' own, when they are all of
    it); else ``tagger_for``'s, with all. A ``ValueError`` names the first that is missing."""
    found = _taggers(corpus, work, docs, [d.id for d in docs] if every_id is None else every_id)
    if missing := [t for t, _ in found if not (t / "model.onnx").is_file()]:
        raise ValueError(f"no fold tagger at {missing[0]}: run `make train-ner` first")
    return found


def _taggers(corpus: DecisionCorpus, work: Path, docs: Sequence[Document],
             every_id: Sequence[str]) -> list[tuple[Path, list[Document]]]:
    if corpus.tagger != "parts":
        return [(tagger_for(corpus, work, docs), list(docs))]
    from benchmarks.training.document_parts import by_part_tagger

    return by_part_tagger(work, docs, every_id)


def tagger_for(corpus: DecisionCorpus, work: Path, docs: Sequence[Document]) -> Path:
    """The tagger that never saw ``corpus``: its fold tagger, where ``make train-ner`` writes
    it, or the shipped one, refused if its ``trained_on.json`` lists any of ``docs`` (a
    ``parts`` corpus has one a part: ``taggers_for``)."""
    if corpus.tagger == "parts":
        raise ValueError(f"{corpus.name} is tagged by part: each part has its own tagger")
    if corpus.tagger == "fold":
        from benchmarks.training.document_parts import fold_tagger_at

        return fold_tagger_at(work, corpus.name)
    from geoparser.recognition.transformer_tagger import model_dir

    if seen := training_overlap("toponym-transformer", (d.text for d in docs)):
        raise ValueError(f"the shipped tagger was trained on documents of {corpus.name} "
                         f"({seen}): give it its fold tagger")
    return model_dir()


__all__ = ["TAGGER_MODES", "DecisionCorpus", "DecisionRows", "corpus_rows", "resolved_as_parse",
           "model_digest", "recognised_spans", "resolved_spans", "rows_for", "tagger_for",
           "taggers_for"]
