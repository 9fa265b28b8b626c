"""Resolver policies by name: ``create_policy("population")``."""

from __future__ import annotations

from geoparser.defaults import DEFAULT_POLICY
from geoparser.resolution import (  # noqa: F401  (register them)
    context,
    learned,
    nearest,
    population,
)
from geoparser.resolution.base import POLICIES, Policy, ResolutionContext


def create_policy(name: str, points: str | None = None, **config: object) -> Policy:
    """The policy called ``name``, made with ``config``; ``points``: its point convention
    (``base.POINT_CONVENTIONS``), which a policy from a plug-in need not take unless asked for
    another than the default."""
    import inspect

    from geoparser.defaults import DEFAULT_POINTS
    from geoparser.errors import UsageError

    if points is not None:
        factory = POLICIES.get(name)
        try:
            takes = "points" in inspect.signature(factory).parameters
        except (TypeError, ValueError):
            takes = False
        if takes:
            config["points"] = points
        elif points != DEFAULT_POINTS:
            raise UsageError(f"policy {name!r} takes no point convention; it uses its own")
    return POLICIES.create(name, **config)


__all__ = ["DEFAULT_POLICY", "POLICIES", "Policy", "ResolutionContext", "create_policy"]
