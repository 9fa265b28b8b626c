"""Candidate recall (the gazetteer oracle): the share of gold toponyms with a candidate nearby.

A gold toponym with coordinates counts as found when looking its surface text up as
resolution does (``pipeline.lookup_all``: the gazetteer, plus the area a code such as "CA"
stands for) gives some candidate whose point lies within ``radius_km`` of the gold point. No
resolver policy can place more toponyms correctly than this.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from geoparser.distance import distance_km
from geoparser.gazetteers.base import Gazetteer
from geoparser.model import Document

RADIUS_KM = 161.0


@dataclass
class CandidateRecall:
    """Counts over the gold toponyms that have coordinates."""

    n: int = 0
    found: int = 0
    no_candidate: int = 0  # the name is unknown to the gazetteer
    misses: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float | None:
        return self.found / self.n if self.n else None


def candidate_recall(
    docs: Iterable[Document], gazetteer: Gazetteer, radius_km: float = RADIUS_KM
) -> CandidateRecall:
    from geoparser.pipeline import lookup_all

    docs = list(docs)
    found = lookup_all(gazetteer, {t.text for d in docs for t in d.toponyms if t.has_point})
    out = CandidateRecall()
    for doc in docs:
        for t in doc.toponyms:
            if not t.has_point:
                continue
            out.n += 1
            cands = [c for c in found[t.text] if c.has_point]
            if not cands:
                out.no_candidate += 1
            if any(distance_km(t.lat, t.lon, c.lat, c.lon) <= radius_km for c in cands):
                out.found += 1
            else:
                out.misses.append(t.text)
    return out
