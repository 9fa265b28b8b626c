"""Gazetteers by name: ``create_gazetteer("offline")``, ``"geonames"``, ``"nominatim"``."""

from __future__ import annotations

from geoparser.gazetteers import (
    dump_gazetteer,  # noqa: F401  (registers "geonames-dump")
    offline,  # noqa: F401  (registers "offline")
)
from geoparser.gazetteers.base import GAZETTEERS, Gazetteer
from geoparser.gazetteers.web import WEB_GAZETTEERS, web_factory

for _name in WEB_GAZETTEERS:  # registered by name; geopy and requests-cache load when used
    GAZETTEERS.register(_name)(web_factory(_name))


def create_gazetteer(name: str, **config: object) -> Gazetteer:
    return GAZETTEERS.create(name, **config)


__all__ = ["GAZETTEERS", "Gazetteer", "create_gazetteer"]
