"""The coursework's four questions for a gold caption set, computed in memory.

Q1: NER with the chosen recogniser; Q2: the same for every other available recogniser;
Q3: geocoding Q1's toponyms with the ``population`` policy; Q4: with the ``nearest`` policy.
Nothing is written here (see ``coursework_report``), so a failure leaves no partial output.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

from evaluation.coursework import score_geo, score_ner
from evaluation.matching import create_matcher
from evaluation.results import SchemeResult
from geoparser.errors import ModelNotFoundError
from geoparser.gazetteers.base import Gazetteer
from geoparser.model import Document, ParsedDocument
from geoparser.pipeline import recognise, resolve
from geoparser.recognition import available_recognisers, create_recogniser
from geoparser.resolution import create_policy

log = logging.getLogger(__name__)


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


@dataclass(frozen=True)
class GeoRun:
    policy: str
    parsed: list[ParsedDocument]
    score: SchemeResult


@dataclass(frozen=True)
class CourseworkAnswer:
    gold: list[Document]
    match: str
    gazetteer: str
    q1: NerRun
    q2: list[NerRun]
    q2_skipped: dict[str, str]
    q3: GeoRun
    q4: GeoRun

    def summary(self) -> dict:
        return {
            "q1": self.q1.score.overall.as_dict(),
            "q2": {run.recogniser: run.score.overall.as_dict() for run in self.q2},
            "q3": self.q3.score.overall.as_dict(),
            "q4": self.q4.score.overall.as_dict(),
        }


def run_ner(name: str, gold: Sequence[Document], labels: Sequence[str], match: str) -> NerRun:
    recogniser = create_recogniser(name, labels=labels)
    started = time.perf_counter()  # model loading above is not part of throughput
    parsed = recognise(recogniser, gold)
    seconds = time.perf_counter() - started
    preds = {p.document.id: p.predictions() for p in parsed}
    score = score_ner(gold, preds, create_matcher(match), {"match": match, "recogniser": name})
    return NerRun(name, getattr(recogniser, "description", name), parsed, score, seconds)


def run_geo(
    policy_name: str, ner: NerRun, gold: Sequence[Document], gazetteer: Gazetteer, match: str
) -> GeoRun:
    guides = {
        d.id: (d.toponyms[0].lat, d.toponyms[0].lon)
        for d in gold if d.toponyms and d.toponyms[0].has_point
    }
    parsed = resolve(ner.parsed, gazetteer, create_policy(policy_name), guides)
    preds = {p.document.id: p.predictions() for p in parsed}
    options = {"match": match, "policy": policy_name, "gazetteer": gazetteer.name}
    return GeoRun(policy_name, parsed, score_geo(gold, preds, create_matcher(match), options))


def answer(
    gold: list[Document],
    ner: str,
    labels: Sequence[str],
    gazetteer: Gazetteer,
    match: str = "auto",
    others: Sequence[str] | None = None,
) -> CourseworkAnswer:
    """Run Q1-Q4. ``others`` defaults to every available recogniser except ``ner``."""
    q1 = run_ner(ner, gold, labels, match)
    q2, skipped = [], {}
    for name in others if others is not None else available_recognisers():
        if name == ner:
            continue
        try:
            q2.append(run_ner(name, gold, labels, match))
        except ModelNotFoundError as exc:
            log.warning("Q2: skipping %s: %s", name, exc)
            skipped[name] = str(exc)
    q3 = run_geo("population", q1, gold, gazetteer, match)
    q4 = run_geo("nearest", q1, gold, gazetteer, match)
    return CourseworkAnswer(gold, match, gazetteer.name, q1, q2, skipped, q3, q4)
