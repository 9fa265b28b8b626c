"""The resolver-policy interface: pick one candidate for a mention, and say why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from geoparser.model import Candidate, Document, Mention, Resolution
from geoparser.registry import Registry


@dataclass(frozen=True)
class ResolutionContext:
    """What a policy may use besides a mention's own candidates: the document, its other
    mentions and their candidates (keyed by mention span), and an optional guide point."""

    document: Document
    mentions: tuple[Mention, ...] = ()
    guide: tuple[float, float] | None = None
    candidates: Mapping[tuple[int, int], Sequence[Candidate]] = field(default_factory=dict)


class Policy(Protocol):
    """Chooses at most one candidate for a mention."""

    name: str

    def choose(
        self, mention: Mention, candidates: Sequence[Candidate], context: ResolutionContext
    ) -> Resolution:
        ...


POLICIES: Registry[Policy] = Registry("policy")


def population_key(candidate: Candidate) -> tuple[int, int, int]:
    """Sort key for "most populous": population (unknown lowest), then placeable, then id."""
    return (
        candidate.population if candidate.population is not None else -1,
        1 if candidate.has_point else 0,
        -(candidate.geonameid or 0),
    )
