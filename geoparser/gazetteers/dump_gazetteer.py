"""The ``geonames-dump`` gazetteer: an index built by ``toposcope gazetteer build`` from dumps."""

from __future__ import annotations

import sqlite3
from functools import lru_cache
from pathlib import Path

from geoparser.errors import UsageError
from geoparser.gazetteers.base import GAZETTEERS
from geoparser.gazetteers.sqlite_index import (
    SCHEMA_VERSION,
    DamagedIndexError,
    GazetteerIndexError,
    SqliteIndex,
    named_then_coded,
)
from geoparser.model import Candidate
from geoparser.names import code_key, normalise_name
from geoparser.paths import cache_dir

DUMP_FILENAME = "geonames-dump.sqlite"


def default_dump_path() -> Path:
    return cache_dir() / DUMP_FILENAME


@GAZETTEERS.register("geonames-dump")
class DumpGazetteer:
    """Every place of the GeoNames dumps the user imported; never rebuilt behind their back."""

    name = "geonames-dump"

    def __init__(self, index_path: Path | None = None) -> None:
        path = index_path or default_dump_path()
        hint = "build it with `toposcope gazetteer build allCountries.zip` (GeoNames dumps)"
        try:
            # No quick_check on open: a dump of every country is gigabytes, read in full by
            # the check; a page corrupted inside is reported at the lookup that meets it.
            self.index = SqliteIndex(path, check=False)
        except GazetteerIndexError as exc:
            raise UsageError(f"{exc}; {hint}") from None
        if self.index.meta.get("schema_version") != SCHEMA_VERSION:
            raise UsageError(f"gazetteer index {path} has an older format; {hint}")
        # 65536 names: chosen by hand (a memo's size changes speed, never a result).
        self._lookup = lru_cache(maxsize=65536)(self._lookup_uncached)

    def lookup(self, toponym: str) -> list[Candidate]:
        """The places of the name and, written in capitals ("LAX"), of its code key: a
        town's codes are found only so (``geonames_dump.iter_places``; an index built before
        codes had keys of their own holds them as names)."""
        code = code_key(toponym)
        return named_then_coded(self._lookup(normalise_name(toponym)),
                                self._lookup(code) if code else ())

    def _lookup_uncached(self, key: str) -> tuple[Candidate, ...]:
        try:
            return tuple(self.index.lookup_normalised(key)) if key else ()
        except (sqlite3.DatabaseError, DamagedIndexError) as exc:
            why = exc.__cause__ or exc if isinstance(exc, DamagedIndexError) else exc
            raise UsageError(f"gazetteer index {self.index.path} is unreadable ({why}); rebuild "
                             "it with `toposcope gazetteer build`") from None
