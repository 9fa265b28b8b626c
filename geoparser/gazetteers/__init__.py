"""Gazetteers by name: ``create_gazetteer("offline")``, ``"geonames"``, ``"nominatim"``."""

from __future__ import annotations

from geoparser.gazetteers import (
    dump_gazetteer,  # noqa: F401  (registers "geonames-dump")
    offline,  # noqa: F401  (registers "offline")
)
from geoparser.gazetteers.base import GAZETTEERS, Gazetteer
from geoparser.gazetteers.web import geonames, nominatim  # noqa: F401  (register the web ones)


def create_gazetteer(name: str, **config: object) -> Gazetteer:
    return GAZETTEERS.create(name, **config)


__all__ = ["GAZETTEERS", "Gazetteer", "create_gazetteer"]
