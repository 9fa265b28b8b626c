"""The coursework's four questions for a gold caption set, computed in memory.

Q1: NER with the chosen recogniser; Q2: the same for every other available recogniser;
Q3: geocoding Q1's toponyms with the ``population`` policy; Q4: with the ``nearest`` policy.
Nothing is written here (see ``coursework_report``), so a failure leaves no partial output.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from evaluation.matching import create_matcher
from evaluation.reports.compare import Comparison, compare
from evaluation.reports.ner_runs import NerRun
from evaluation.results import SchemeResult
from evaluation.schemes.coursework import score_geo
from geoparser.gazetteers.base import Gazetteer
from geoparser.model import Document, ParsedDocument
from geoparser.pipeline import resolve
from geoparser.recognition import available_recognisers
from geoparser.resolution import DEFAULT_POLICY, create_policy
from geoparser.resolution.base import policy_identity

log = logging.getLogger(__name__)



@dataclass(frozen=True)
class GeoRun:
    policy: str
    parsed: list[ParsedDocument]
    score: SchemeResult
    #: The policy and what it was made with (``resolution.base.policy_identity``).
    identity: str = ""


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
    comparison: Comparison
    default: GeoRun | None = None  # the default policy, beside Q3 and Q4 for comparison

    def summary(self) -> dict:
        """The figures of every question, with the rules they were counted under."""
        tolerances = sorted({t.tolerance_km for d in self.gold for t in d.toponyms
                             if t.tolerance_km is not None})
        return {
            "rules": {"match": self.match, "tolerance_km": tolerances,
                      "tolerance": "each gold toponym's own; captions without one get "
                                   "--tolerance-km, else the dataset's default",
                      "gazetteer": self.gazetteer,
                      "policies": {k: run.identity for k, run in (
                          ("q3", self.q3), ("q4", self.q4), ("default", self.default))
                          if run is not None}},
            "q1": self.q1.score.overall.as_dict(),
            "q2": {run.recogniser: run.score.overall.as_dict() for run in self.q2},
            "q3": self.q3.score.overall.as_dict(),
            "q4": self.q4.score.overall.as_dict(),
            **({"default": {"policy": self.default.policy,
                            **self.default.score.overall.as_dict()}} if self.default else {}),
        }


def caption_guides(gold: Sequence[Document]) -> dict[str, tuple[float, float]]:
    """Each caption's guide point: the point of its (first) gold toponym, where it has one."""
    return {
        d.id: (d.toponyms[0].lat, d.toponyms[0].lon)
        for d in gold if d.toponyms and d.toponyms[0].has_point
    }


def run_geo(
    policy_name: str, ner: NerRun, gold: Sequence[Document], gazetteer: Gazetteer, match: str,
    min_confidence: float = 0.0,
) -> GeoRun:
    policy = create_policy(policy_name)
    parsed = resolve(ner.parsed, gazetteer, policy, caption_guides(gold),
                     min_confidence=min_confidence)
    preds = {p.document.id: p.predictions() for p in parsed}
    options = {"match": match, "policy": policy_name, "gazetteer": gazetteer.name}
    return GeoRun(policy_name, parsed, score_geo(gold, preds, create_matcher(match), options),
                  policy_identity(policy))


def answer(
    gold: list[Document],
    ner: str,
    labels: Sequence[str],
    gazetteer: Gazetteer,
    match: str = "auto",
    others: Sequence[str] | None = None,
    min_confidence: float = 0.0,
) -> CourseworkAnswer:
    """Run Q1-Q4. ``others`` defaults to every available recogniser except ``ner``.

    Q1 and Q2 are one comparison (``evaluation.reports.compare``), so Q2's table also has SemEval
    figures and throughput; a missing Q1 model is an error, a missing Q2 one is skipped.
    Toponyms less sure than ``min_confidence`` are left unplaced (policies with a confidence
    model only).
    """
    names = [ner, *(n for n in (others if others is not None else available_recognisers())
                    if n != ner)]
    comparison = compare(names, gold, labels, match, required=ner)
    q1, *q2 = comparison.runs
    q3 = run_geo("population", q1, gold, gazetteer, match, min_confidence)
    q4 = run_geo("nearest", q1, gold, gazetteer, match, min_confidence)
    default = run_geo(DEFAULT_POLICY, q1, gold, gazetteer, match, min_confidence)
    return CourseworkAnswer(gold, match, gazetteer.name, q1, q2, comparison.skipped, q3, q4,
                            comparison, default)
