"""The ``nearest`` policy: the candidate closest to the guide point (coursework Question 4)."""

from __future__ import annotations

from collections.abc import Sequence

from geoparser.defaults import DEFAULT_POINTS
from geoparser.distance import distance_km
from geoparser.model import Candidate, Mention, Resolution
from geoparser.resolution.base import (
    POLICIES,
    ResolutionContext,
    point_order,
    population_key,
    representatives,
)


@POLICIES.register("nearest")
class NearestPolicy:
    """Closest candidate (geodesic) to the document's guide coordinates.

    Candidates without coordinates cannot be measured and are passed over; equal distances go
    to the more populous; one place from several sources counts once, with the preferred
    source's point. A document without a guide point leaves its mentions unresolved (the
    reason says so). It is an oracle for studying the gazetteer, not a way to geoparse unseen
    text.
    """

    name = "nearest"
    #: Without a guide point it resolves nothing: callers check that some document has one.
    needs_guide = True

    def __init__(self, points: str = DEFAULT_POINTS) -> None:
        #: The point convention (``base.POINT_CONVENTIONS``): whose point stands for a place.
        self.points = points
        self.order = point_order(points)

    def settings(self) -> dict[str, str]:
        """The point convention."""
        return {"points": self.points}

    def choose(
        self, mention: Mention, candidates: Sequence[Candidate], context: ResolutionContext
    ) -> Resolution:
        places = representatives(candidates, self.order)
        if context.guide is None:
            return Resolution(mention, None, len(places), self.name,
                              "no guide point for this document, so nothing is nearest")
        placeable = [c for c in places if c.has_point]
        if not placeable:
            why = "no candidate in the gazetteer" if not candidates else (
                f"none of {len(places)} places has coordinates"
            )
            return Resolution(mention, None, len(places), self.name, why)
        glat, glon = context.guide

        def key(c: Candidate) -> tuple[float, tuple[int, int, int]]:
            d = distance_km(glat, glon, c.lat, c.lon)  # type: ignore[arg-type]
            return (d, tuple(-x for x in population_key(c)))

        ranked = sorted(placeable, key=key)
        best = ranked[0]
        d = key(best)[0]
        reason = f"nearest to the guide of {len(places)} places ({d:,.1f} km away)"
        unplaced = [c for c in places if not c.has_point]
        return Resolution(mention, best, len(places), self.name, reason,
                          ranked=(*ranked, *unplaced),
                          scores=(*(round(key(c)[0], 1) for c in ranked), *[None] * len(unplaced)),
                          score_name="km from the guide")
