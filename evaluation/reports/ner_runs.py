"""One recogniser run over a gold set: its output, its coursework NER score, and its speed."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

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
    return NerRun(name, getattr(recogniser, "description", name), parsed, score, seconds)
