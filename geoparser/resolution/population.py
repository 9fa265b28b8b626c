"""The ``population`` policy: the most populous namesake (coursework Question 3)."""

from __future__ import annotations

from collections.abc import Sequence

from geoparser.defaults import DEFAULT_POINTS
from geoparser.model import Candidate, Mention, Resolution
from geoparser.resolution.base import (
    POLICIES,
    ResolutionContext,
    point_order,
    population_key,
    representatives,
)


@POLICIES.register("population")
class PopulationPolicy:
    """Most populous candidate; ties go to one with coordinates, then to the lower GeoNames id.

    A candidate with unknown population ranks below every known one (nothing is imputed: this
    is the published baseline). Several sources' records of one place count once, with the
    preferred source's point (``base.representatives``).
    """

    name = "population"

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
        if not candidates:
            return Resolution(mention, None, 0, self.name, "no candidate in the gazetteer")
        ranked = sorted(representatives(candidates, self.order), key=population_key,
                        reverse=True)
        best = ranked[0]
        pop = "unknown" if best.population is None else f"{best.population:,}"
        reason = f"most populous of {len(ranked)} places (population {pop})"
        if not best.has_point:
            reason += "; it has no coordinates in this gazetteer"
        return Resolution(mention, best, len(ranked), self.name, reason, ranked=tuple(ranked),
                          scores=tuple(None if c.population is None else float(c.population)
                                       for c in ranked), score_name="population")
