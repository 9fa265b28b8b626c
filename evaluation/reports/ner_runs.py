"""One recogniser run over a gold set: its output, its coursework NER score, and its speed."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from evaluation.matching import create_matcher
from evaluation.results import SchemeResult
from evaluation.schemes.coursework import score_ner
from geoparser.model import Document, ParsedDocument
from geoparser.pipeline import recognise
from geoparser.recognition import create_recogniser

WARM_UP_TEXTS = (
    "Delegates travelled from Nairobi and Lima to the summit in Geneva.",
    "The ferry leaves Dover for Calais twice a day in summer.",
    "Heavy snow closed roads between Denver and Salt Lake City on Monday.",
)


@dataclass(frozen=True)
class NerRun:
    """One recogniser's output on a gold set, its coursework score, and how long it took."""

    recogniser: str
    description: str
    parsed: list[ParsedDocument]
    score: SchemeResult
    seconds: float = 0.0
    #: For each gold toponym the run did not find at its span, (doc id, start, end), what the
    #: recogniser's pipeline tagged there instead ("ORG", "PERSON", or "" for nothing), when
    #: the recogniser is a spaCy pipeline whose other labels can be read.
    tagged_as: dict[tuple[str, int, int], str] = field(default_factory=dict)

    @property
    def docs_per_second(self) -> float | None:
        return len(self.parsed) / self.seconds if self.seconds > 0 else None


def run_ner(name: str, gold: Sequence[Document], labels: Sequence[str], match: str) -> NerRun:
    recogniser = create_recogniser(name, labels=labels)
    # Warm up on unrelated sentences, so throughput does not depend on which recogniser ran
    # first (cold file pages), without pre-filling any lookup memo with the gold's own names.
    list(recogniser.recognise(WARM_UP_TEXTS))
    started = time.perf_counter()
    parsed = recognise(recogniser, gold)
    seconds = time.perf_counter() - started
    preds = {p.document.id: p.predictions() for p in parsed}
    score = score_ner(gold, preds, create_matcher(match), {"match": match, "recogniser": name})
    return NerRun(name, getattr(recogniser, "description", name), parsed, score, seconds,
                  tagged_as(recogniser, parsed))


def tagged_as(recogniser: object, parsed: Sequence[ParsedDocument]
              ) -> dict[tuple[str, int, int], str]:
    """What a spaCy-based recogniser's pipeline tagged at each gold span it did not return
    (the entity labels overlapping it, e.g. "ORG"; "" for none), so a report can say why a
    toponym was missed. Empty for recognisers without a spaCy pipeline."""
    nlp = getattr(recogniser, "nlp", None)
    missed = {}
    for p in parsed:
        found = {(m.start, m.end) for m in p.mentions}
        spans = [(t.start, t.end) for t in p.document.toponyms
                 if t.start is not None and t.end is not None and (t.start, t.end) not in found]
        if spans:
            missed[p.document.id] = (p.document.text, spans)
    if nlp is None or not missed:
        return {}
    out = {}
    texts = [text for text, _ in missed.values()]
    for doc_id, doc in zip(missed, nlp.pipe(texts), strict=True):
        for start, end in missed[doc_id][1]:
            labels = [e.label_ for e in doc.ents if e.start_char < end and start < e.end_char]
            out[(doc_id, start, end)] = ", ".join(dict.fromkeys(labels))
    return out
