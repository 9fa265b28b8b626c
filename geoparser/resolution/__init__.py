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


def create_policy(name: str, **config: object) -> Policy:
    return POLICIES.create(name, **config)


__all__ = ["DEFAULT_POLICY", "POLICIES", "Policy", "ResolutionContext", "create_policy"]
