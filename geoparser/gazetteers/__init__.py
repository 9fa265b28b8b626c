"""Gazetteers by name: ``create_gazetteer("offline")``."""

from __future__ import annotations

from geoparser.gazetteers import (
    dump_gazetteer,  # noqa: F401  (registers "geonames-dump")
    offline,  # noqa: F401  (registers "offline")
)
from geoparser.gazetteers.base import GAZETTEERS, Gazetteer


def create_gazetteer(name: str, **config: object) -> Gazetteer:
    return GAZETTEERS.create(name, **config)


__all__ = ["GAZETTEERS", "Gazetteer", "create_gazetteer"]
