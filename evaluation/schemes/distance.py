"""The ``distance`` scheme: geocoding error over the toponyms a system both found and placed.

Over gold toponyms with coordinates whose matched prediction (``evaluation.pairs_matched``) has
coordinates: n, accuracy@161 km (error <= 161 km), accuracy@10 km (the right town, not just
the right region), accuracy within each gold toponym's own tolerance, accuracy by GeoNames id
(over matched gold toponyms that carry an id, with or without a point: the same place, whatever
point each source gives it; n/a, left out, when the predictions carry no ids at all), mean
and median error in km, and the AUC of Gritta et al. (2018):
the area under ln(1 + error) / ln(20039) over the errors sorted ascending, by the trapezoidal
rule with unit steps, divided by n − 1 — 0 is perfect, 1 every error is half the Earth's
circumference; it does not depend on input order. Figures that are undefined (n = 0; AUC and
nothing else for n = 1) are ``null``, never NaN. Distances are geodesic on the WGS-84 ellipsoid
(``geoparser.distance``), the project's one Earth model.

Where predictions carry a ``confidence`` (the system's probability that its point is within
161 km of the right one), ``confidence`` reports how well it fits (``evaluation.calibration``)
over the same placed matches whose prediction has one, "right" meaning within 161 km: the
reliability table (10 bins), the expected calibration error, the Brier score, acc@161 of the
80% most confident, and accuracy against coverage; ``abstained`` counts the matched gold
toponyms the system gave a confidence but no point. Without confidences it is ``null``.

Where predictions carry a ``marker_confidence`` (the probability that the marker is right: the
span is a toponym *and* its point within 161 km), ``marker`` reports the same figures over
every placed prediction that has one, as a map shows them: "right" is matched to a gold
toponym and within 161 km of its point, a prediction matched to no gold toponym is wrong, and
one matched to a gold toponym without a point is left out (it cannot be judged).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from evaluation.calibration import CalibrationSummary
from evaluation.flat_corpus import FlatCorpus
from evaluation.markdown import table
from evaluation.matching import MatchMode
from evaluation.pairs_matched import match_same
from geoparser.distance import distance_km

ACCURACY_KM = 161.0
FINE_KM = 10.0  # accuracy@10 km: the right town, not just the right region
MAX_ERROR_KM = 20039.0  # Gritta et al.'s normaliser: half the Earth's circumference


def auc(errors_km: Sequence[float]) -> float | None:
    """Gritta et al.'s AUC of the sorted error curve; ``None`` for fewer than two errors."""
    n = len(errors_km)
    if n < 2:
        return None
    y = [math.log1p(e) / math.log(MAX_ERROR_KM) for e in sorted(errors_km)]
    area = sum((a + b) / 2 for a, b in zip(y, y[1:], strict=False))
    return area / (n - 1)


@dataclass(frozen=True)
class ErrorSummary:
    """Errors of the placed matches; ``id_checked`` / ``id_correct`` count the matched gold
    toponyms that carry a GeoNames id and those whose prediction has the same id."""

    errors_km: tuple[float, ...]
    within_tolerance: int
    id_checked: int = 0
    id_correct: int = 0
    #: The system states GeoNames ids at all: without any, accuracy by id does not apply
    #: (left out: "n/a" in tables, absent in JSON), rather than a misleading 0.
    ids_given: bool = True

    @property
    def n(self) -> int:
        return len(self.errors_km)

    def as_dict(self) -> dict[str, Any]:
        n = self.n
        e = self.errors_km
        return {
            "n": n,
            "accuracy_161": sum(x <= ACCURACY_KM for x in e) / n if n else None,
            "accuracy_tolerance": self.within_tolerance / n if n else None,
            "accuracy_10": sum(x <= FINE_KM for x in e) / n if n else None,
            **({"accuracy_geonameid": (self.id_correct / self.id_checked if self.id_checked
                                       else None)} if self.ids_given else {}),
            "n_geonameid": self.id_checked,
            "mean_km": statistics.fmean(e) if n else None,
            "median_km": statistics.median(e) if n else None,
            "auc": auc(e),
        }


#: Every column of the summary row, in order: a figure that does not apply to this system
#: (accuracy by id without ids) stays a column, "n/a" in tables and empty in CSV.
COLUMNS = ("scope", "n", "accuracy_161", "accuracy_tolerance", "accuracy_10",
           "accuracy_geonameid", "n_geonameid", "mean_km", "median_km", "auc", "matched",
           "unresolved", "gold_without_coordinates")


@dataclass(frozen=True)
class DistanceResult:
    columns = COLUMNS
    scheme: str
    options: dict[str, Any]
    overall: ErrorSummary
    documents: tuple[tuple[str, ErrorSummary, tuple[dict, ...]], ...]
    counts: dict[str, int]
    notes: tuple[str, ...] = field(default=())
    confidence: CalibrationSummary | None = None
    marker: CalibrationSummary | None = None

    def to_json(self, lazy: bool = False) -> dict[str, Any]:
        docs = ({"id": i, **s.as_dict(), "toponyms": list(d)} for i, s, d in self.documents)
        return {
            "scheme": self.scheme, "options": self.options,
            "overall": {**self.overall.as_dict(), **self.counts,
                        "confidence": self.confidence.as_dict() if self.confidence else None,
                        "marker": self.marker.as_dict() if self.marker else None},
            "documents": docs if lazy else list(docs),
            **({"notes": list(self.notes)} if self.notes else {}),
        }

    def to_rows(self) -> list[dict[str, Any]]:
        c = self.confidence.as_dict() if self.confidence else {}
        m = self.marker.as_dict() if self.marker else {}
        return [{"scope": "overall", **self.overall.as_dict(), **self.counts,
                 "confidence_n": c.get("n"), "ece": c.get("ece"),
                 "accuracy_161_top80": c.get("accuracy_161_top80"), "brier": c.get("brier"),
                 "abstained": c.get("abstained"), "marker_n": m.get("n"),
                 "marker_ece": m.get("ece"), "marker_right": m.get("accuracy_161"),
                 "marker_right_top80": m.get("accuracy_161_top80")}]

    def to_markdown(self) -> str:
        o = self.overall.as_dict()
        out = [
            "## Geocoding error over matched toponyms (`distance`)", "",
            f"Match mode `{self.options.get('match')}`; geodesic distance on WGS-84. "
            f"{self.counts['matched']} gold toponyms were matched, "
            f"{self.counts['unresolved']} of them to a prediction without coordinates; "
            f"{self.counts['gold_without_coordinates']} gold toponyms have no coordinates.", "",
            table(["n", "acc@161 km", "acc@10 km", "acc@tolerance", "acc by GeoNames id",
                   "mean km", "median km", "AUC"],
                  [[o["n"], o["accuracy_161"], o["accuracy_10"], o["accuracy_tolerance"],
                    o.get("accuracy_geonameid", "n/a"), o["mean_km"], o["median_km"], o["auc"]]]),
        ]
        out += self._confidence_markdown()
        out += self._marker_markdown()
        out += [f"\nNote: {note}" for note in self.notes]
        return "\n".join(out) + "\n"

    def _confidence_markdown(self) -> list[str]:
        if self.confidence is None:
            return ["", "Confidence: the predictions carry none, so its calibration is not "
                        "measured."]
        c = self.confidence.as_dict()
        return [
            "", "### Confidence: how well it fits (right = within 161 km)", "",
            f"{c['n']} placed matches with a confidence; {c['abstained']} matched toponyms "
            "left unplaced with one.", "",
            table(["n", "mean confidence", "acc@161", "ECE (10 bins)", "acc@161 of the 80% "
                   "most confident", "Brier"],
                  [[c["n"], c["mean_confidence"], c["accuracy_161"], c["ece"],
                    c["accuracy_161_top80"], c["brier"]]]),
            "", table(["confidence", "n", "mean confidence", "acc@161"],
                      [[f"{r['low']:.1f}–{r['high']:.1f}", r["n"], r["mean_confidence"],
                        r["accuracy"]] for r in c["reliability"]]),
            "", table(["most confident", "n", "from confidence", "acc@161"],
                      [[f"{r['coverage']:.0%}", r["n"], r["min_confidence"], r["accuracy"]]
                       for r in c["coverage"]]),
        ]


    def _marker_markdown(self) -> list[str]:
        if self.marker is None:
            return []
        c = self.marker.as_dict()
        return [
            "", "### Marker confidence: how well it fits (right = a gold toponym within 161 km)",
            "", f"{c['n']} placed predictions with a marker confidence, every marker a map "
            "draws.", "",
            table(["n", "mean marker confidence", "right", "ECE (10 bins)",
                   "right of the 80% most confident", "Brier"],
                  [[c["n"], c["mean_confidence"], c["accuracy_161"], c["ece"],
                    c["accuracy_161_top80"], c["brier"]]]),
            "", table(["marker confidence", "n", "mean", "right"],
                      [[f"{r['low']:.1f}–{r['high']:.1f}", r["n"], r["mean_confidence"],
                        r["accuracy"]] for r in c["reliability"]]),
        ]


def marker_calibration(corpus: FlatCorpus, g2p: dict[int, int]) -> CalibrationSummary | None:
    """``marker_confidence`` against whether each placed prediction is right (see the module);
    ``None`` when no prediction carries one."""
    p2g = {j: i for i, j in g2p.items()}
    stated: list[tuple[float, bool]] = []
    for j, p in enumerate(corpus.preds):
        if p.marker_confidence is None or not p.has_point:
            continue
        i = p2g.get(j)
        if i is None:
            stated.append((p.marker_confidence, False))
            continue
        g = corpus.golds[i]
        if g.has_point:
            stated.append((p.marker_confidence, distance_km(g.lat, g.lon, p.lat, p.lon)
                           <= ACCURACY_KM))
    if not stated:
        return None
    return CalibrationSummary(tuple(c for c, _ in stated), tuple(r for _, r in stated))


def score_distance(corpus: FlatCorpus, mode: MatchMode, options: dict[str, Any]
                   ) -> DistanceResult:
    g2p = match_same(corpus, mode).gold_to_pred()
    per_doc: list[list[tuple[float, bool, dict]]] = [[] for _ in range(corpus.n_docs)]
    ids = np.zeros((corpus.n_docs, 2), dtype=int)  # per document: checked, correct
    unresolved = no_point = abstained = 0
    stated: list[tuple[float, bool]] = []
    for i, g in enumerate(corpus.golds):
        j = g2p.get(i)
        if g.geonameid is not None and j is not None:
            k = int(corpus.gold_doc[i])
            ids[k, 0] += 1
            ids[k, 1] += corpus.preds[j].geonameid == g.geonameid
        if not g.has_point:
            no_point += 1
            continue
        j = g2p.get(i)
        if j is None:
            continue
        p = corpus.preds[j]
        if not p.has_point:
            unresolved += 1
            abstained += p.confidence is not None
            continue
        d = distance_km(g.lat, g.lon, p.lat, p.lon)  # type: ignore[arg-type]
        if p.confidence is not None:
            stated.append((p.confidence, d <= ACCURACY_KM))
        ok = d <= (g.tolerance_km if g.tolerance_km is not None else ACCURACY_KM)
        per_doc[int(corpus.gold_doc[i])].append(
            (d, ok, {"text": g.text, "start": g.start, "end": g.end, "gold": [g.lat, g.lon],
                     "predicted": [p.lat, p.lon], "error_km": d, "within_tolerance": ok}))
    ids_given = any(p.geonameid is not None for p in corpus.preds)
    docs = tuple(
        (doc_id, ErrorSummary(tuple(x[0] for x in items), sum(x[1] for x in items),
                              int(ids[k, 0]), int(ids[k, 1]), ids_given),
         tuple(x[2] for x in items))
        for k, (doc_id, items) in enumerate(zip(corpus.doc_ids, per_doc, strict=True)))
    errors = tuple(x[0] for items in per_doc for x in items)
    overall = ErrorSummary(errors, sum(x[1] for items in per_doc for x in items),
                           int(ids[:, 0].sum()), int(ids[:, 1].sum()), ids_given)
    counts = {"matched": len(g2p), "unresolved": unresolved, "gold_without_coordinates": no_point}
    confidence = (CalibrationSummary(tuple(c for c, _ in stated), tuple(r for _, r in stated),
                                     abstained) if stated or abstained else None)
    notes = () if ids_given or not overall.id_checked else (
        "accuracy by GeoNames id is n/a: the predictions carry no GeoNames ids",)
    return DistanceResult("distance", options, overall, docs, counts, notes,
                          confidence=confidence, marker=marker_calibration(corpus, g2p))
