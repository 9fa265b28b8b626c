"""An on-disk SQLite index of places and their normalised names.

Built once from any iterable of ``PlaceRecord`` (the embedded data, or GeoNames dumps streamed
row by row), written to a temporary file and renamed into place so a crash never leaves a
half-built index. Memory stays bounded: rows go to SQLite in batches. Opened read-only for
lookups, so several processes can share one file.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from geoparser.errors import InputError, OutputError
from geoparser.io.atomic import WRITE_ERRNOS, file_mode, write_error
from geoparser.io.bounded_read import open_regular, read_small_file
from geoparser.io.digest import file_sha256
from geoparser.model import Candidate
from geoparser.names import code_key, is_code
from geoparser.names import normalise_name_uncached as normalise_name

SCHEMA_VERSION = "3"

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE places (
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL,
    source_id TEXT NOT NULL,
    geonameid INTEGER,
    name TEXT NOT NULL,
    lat REAL,
    lon REAL,
    population INTEGER,
    country_code TEXT,
    admin1 TEXT,
    feature_class TEXT,
    feature_code TEXT,
    missing TEXT NOT NULL,
    licence TEXT,
    derived TEXT NOT NULL,
    scale_rank REAL
);
CREATE TABLE names (norm TEXT NOT NULL, place INTEGER NOT NULL, PRIMARY KEY (norm, place))
    WITHOUT ROWID;
"""


@dataclass(frozen=True)
class PlaceRecord:
    """A place to index: the candidate it becomes and every name it is known by;
    ``only_if_unnamed``: indexed only where no record of the build without that flag has its
    name (a source that fills the names the others lack, and never becomes a namesake of a
    place they know; two such records may share a name: ``build_index``)."""

    candidate: Candidate
    names: tuple[str, ...]
    only_if_unnamed: bool = False
    #: Other names written as codes (a town's airport letters, "LAX"): indexed under
    #: ``names.code_key``, so that only text written in capitals finds the place by them.
    codes: tuple[str, ...] = ()


def names_and_codes(names: Iterable[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A town's other ``names`` apart from those written as codes (``names.is_code``: its
    airport's letters), each in its order: a ``PlaceRecord``'s ``names`` and ``codes``."""
    split: dict[bool, list[str]] = {False: [], True: []}
    for name in names:
        split[is_code(name)].append(name)
    return tuple(split[False]), tuple(split[True])


def named_then_coded(named: Iterable[Candidate], coded: Iterable[Candidate]) -> list[Candidate]:
    """The candidates a name found, then those its code key found that it did not
    (``PlaceRecord.codes``; one place once)."""
    named = list(named)
    seen = {(c.source, c.source_id) for c in named}
    return [*named, *(c for c in coded if (c.source, c.source_id) not in seen)]


class GazetteerIndexError(Exception):
    """The index file is missing, unreadable or of another version."""


class DamagedIndexError(InputError):
    """A lookup met a damaged page of the index: one line naming the file."""


# Rows written per batch while building: chosen by hand (speed and memory only).
BATCH = 50_000


def build_index(
    path: Path,
    records: Iterable[PlaceRecord],
    meta: Mapping[str, str],
    *,
    place_id: Callable[[Candidate], int] | None = None,
    extra_names: Iterable[tuple[int, str]] = (),
) -> int:
    """Write a fresh index to ``path`` atomically; returns the number of places.

    Places are numbered in input order unless ``place_id`` gives each its own id (e.g. its
    GeoNames id); a repeated id is then skipped, so overlapping inputs merge. A record
    ``only_if_unnamed`` is held back until every other is written, then indexed, after them,
    only if none of those holds its name's key (the check reads the keys the build has
    written, so no name is normalised twice; held records are not checked against each
    other). ``extra_names`` adds ``(place id, name)`` pairs after the
    places; names of unknown places are ignored.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        con = sqlite3.connect(tmp)
        con.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;" + _SCHEMA)
        place_rows: list[tuple] = []
        name_rows: set[tuple[str, int]] = set()
        held: list[PlaceRecord] = []
        n = 0
        for rec in records:
            if rec.only_if_unnamed:
                held.append(rec)
                continue
            n += 1
            _add_rows(rec, place_id(rec.candidate) if place_id else n, place_rows, name_rows)
            if len(place_rows) >= BATCH:
                _flush(con, place_rows, name_rows)
        _flush(con, place_rows, name_rows)
        for rec in [r for r in held if not _named(con, normalise_name(r.candidate.name))]:
            n += 1
            _add_rows(rec, place_id(rec.candidate) if place_id else n, place_rows, name_rows)
        _flush(con, place_rows, name_rows)
        _add_names(con, extra_names)
        con.executemany(
            "INSERT INTO meta VALUES (?, ?)",
            [("schema_version", SCHEMA_VERSION), *sorted(meta.items())],
        )
        count = con.execute("SELECT COUNT(*) FROM places").fetchone()[0]
        con.commit()
        con.close()
        os.chmod(tmp, file_mode())
        digest = file_sha256(tmp)
        os.replace(tmp, path)
        _digest_path(path).unlink(missing_ok=True)  # a pipe there would block the write
        _digest_path(path).write_text(digest + "\n", encoding="utf-8")
        return count
    except sqlite3.OperationalError as exc:  # a full disk
        raise OutputError(f"cannot write {path}: {exc}") from None
    except OSError as exc:
        if exc.errno in WRITE_ERRNOS:
            raise write_error(path, exc) from None
        raise
    finally:
        tmp.unlink(missing_ok=True)


def _add_rows(rec: PlaceRecord, pid: int, place_rows: list, name_rows: set) -> None:
    """``rec``'s row of ``places`` and its rows of ``names``, added to the batch."""
    c = rec.candidate
    place_rows.append(
        (pid, c.source, c.source_id, c.geonameid, c.name, c.lat, c.lon, c.population,
         c.country_code, c.admin1, c.feature_class, c.feature_code, ",".join(c.missing),
         c.licence, ",".join(c.derived), c.scale_rank)
    )
    for name in (c.name, *rec.names):
        key = normalise_name(name)
        if key:
            name_rows.add((key, pid))
    for code in rec.codes:
        if key := code_key(code):
            name_rows.add((key, pid))


def _named(con: sqlite3.Connection, key: str) -> bool:
    """Whether a written place holds the name key ``key`` (an empty key: as if held)."""
    return not key or con.execute("SELECT 1 FROM names WHERE norm = ? LIMIT 1",
                                  (key,)).fetchone() is not None


def _flush(con: sqlite3.Connection, place_rows: list, name_rows: set) -> None:
    con.executemany(
        "INSERT OR IGNORE INTO places VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", place_rows
    )
    con.executemany("INSERT OR IGNORE INTO names VALUES (?, ?)", sorted(name_rows))
    place_rows.clear()
    name_rows.clear()


def _add_names(con: sqlite3.Connection, pairs: Iterable[tuple[int, str]]) -> None:
    batch: list[tuple[str, int]] = []

    def flush() -> None:
        con.executemany(
            "INSERT OR IGNORE INTO names SELECT ?, id FROM places WHERE id = ?", batch
        )
        batch.clear()

    for pid, name in pairs:
        key = normalise_name(name)
        if key:
            batch.append((key, pid))
        if len(batch) >= BATCH:
            flush()
    flush()


COUNTABLE = frozenset(
    {"source", "feature_class", "feature_code", "country_code", "licence", "derived"}
)


_SELECT = (
    "SELECT n.norm, p.source, p.source_id, p.name, p.lat, p.lon, p.population, p.geonameid,"
    " p.country_code, p.admin1, p.feature_class, p.feature_code, p.missing,"
    " p.licence, p.derived, p.scale_rank"
    " FROM names n JOIN places p ON p.id = n.place"
)
#: Keys per query: well under SQLite's bound-parameter limit on every version.
#: Chosen by hand, under SQLite's least limit of 999: https://www.sqlite.org/limits.html
_BATCH = 500


class SqliteIndex:
    """Read-only lookups in an index built by ``build_index``.

    One connection per instance, opened ``immutable`` (no locking, no journal), so every process
    of a run opens the same file once and never writes to it. ``queries`` counts SQL lookups.
    With ``check`` (the default) the file is checked with ``PRAGMA quick_check`` on open, so a
    file corrupted inside is found here (and the offline index rebuilt) rather than at the
    first lookup that reaches the bad page. The check reads the whole file (about 1.5 s for the
    offline index), so it runs once per version of the file: a stamp beside it records the
    size, modification time and inode last found sound.
    """

    def __init__(self, path: Path, check: bool = True) -> None:
        self.path = path
        self.queries = 0
        if not path.exists():
            raise GazetteerIndexError(f"no gazetteer index at {path}")
        try:  # a named pipe (not waited on), a device or a folder: refused before SQLite
            open_regular(path, "gazetteer index (SQLite)").close()
        except InputError as exc:
            raise GazetteerIndexError(str(exc)) from None
        try:
            self._con = sqlite3.connect(
                f"file:{path}?mode=ro&immutable=1", uri=True, check_same_thread=False
            )
        except sqlite3.DatabaseError as exc:
            raise GazetteerIndexError(f"gazetteer index {path} is unreadable ({exc})") from exc
        try:
            self.meta = dict(self._con.execute("SELECT key, value FROM meta"))
            if check:
                _quick_check(self._con, path)
        except sqlite3.DatabaseError as exc:
            self._con.close()
            raise GazetteerIndexError(f"gazetteer index {path} is unreadable ({exc})") from exc

    def lookup_normalised(self, key: str) -> list[Candidate]:
        return self.lookup_many_normalised([key]).get(key, [])

    def lookup_many_normalised(self, keys: Iterable[str]) -> dict[str, list[Candidate]]:
        """Candidates for many keys in one query per ``_BATCH`` keys; unknown keys are absent."""
        wanted = sorted(set(keys))
        found: dict[str, list[Candidate]] = {}
        for i in range(0, len(wanted), _BATCH):
            batch = wanted[i:i + _BATCH]
            self.queries += 1
            rows = self._con.execute(
                f"{_SELECT} WHERE n.norm IN ({','.join('?' * len(batch))})"
                " ORDER BY n.norm, p.id",
                batch,
            )
            try:
                for norm, *row in rows:
                    found.setdefault(norm, []).append(_candidate(tuple(row)))
            except sqlite3.DatabaseError as exc:
                raise DamagedIndexError(
                    f"gazetteer index {self.path} is damaged ({exc}); delete it (the offline "
                    "index is built again) or rebuild it with `toposcope gazetteer build`"
                ) from exc
        return found

    def counts_by(self, *columns: str) -> dict[tuple[str, ...], int]:
        """Number of places per distinct value of ``columns`` (NULL as ''), largest first."""
        if not columns or not set(columns) <= COUNTABLE:
            raise ValueError(columns)
        cols = ", ".join(f"COALESCE({c}, '')" for c in columns)
        groups = ", ".join(str(i) for i in range(1, len(columns) + 1))
        n = len(columns) + 1
        q = f"SELECT {cols}, COUNT(*) FROM places GROUP BY {groups} ORDER BY {n} DESC"
        return {tuple(row[:-1]): row[-1] for row in self._rows(q)}

    def counts_with_point(self, column: str) -> dict[tuple[str, ...], int]:
        """Like ``counts_by(column)``, counting only places with coordinates."""
        if column not in COUNTABLE:
            raise ValueError(column)
        q = (f"SELECT COALESCE({column}, ''), COUNT(*) FROM places"
             " WHERE lat IS NOT NULL AND lon IS NOT NULL GROUP BY 1")
        return {(k,): n for k, n in self._rows(q)}

    def towns_in(self, country_code: str, admin1: str | None = None
                 ) -> list[tuple[float, float, int | None]]:
        """(lat, lon, population) of every town with a point in a country, or in one of its
        first-level areas, in index order."""
        query = ("SELECT lat, lon, population FROM places WHERE feature_class = 'P'"
                 " AND lat IS NOT NULL AND lon IS NOT NULL AND country_code = ?")
        args: tuple[str, ...] = (country_code,)
        if admin1 is not None:
            query, args = query + " AND admin1 = ?", (country_code, admin1)
        self.queries += 1
        return [tuple(r) for r in self._rows(query + " ORDER BY id", args)]

    def count_names(self) -> int:
        return self._rows("SELECT COUNT(*) FROM names")[0][0]

    def _rows(self, query: str, args: tuple = ()) -> list[tuple]:
        """All rows of ``query``; a damaged page met on the way is one line naming the file
        (an index opened unchecked, like a dump's, meets it only here)."""
        try:
            return self._con.execute(query, args).fetchall()
        except sqlite3.DatabaseError as exc:
            raise DamagedIndexError(
                f"gazetteer index {self.path} is damaged ({exc}); rebuild it with "
                "`toposcope gazetteer build` (the offline index: delete it, it is built again)"
            ) from exc

    def close(self) -> None:
        self._con.close()


def _digest_path(path: Path) -> Path:
    return path.with_name(path.name + ".sha256")


def _quick_check(con: sqlite3.Connection, path: Path) -> None:
    """Raise ``sqlite3.DatabaseError`` unless the file is the one ``build_index`` wrote and
    ``PRAGMA quick_check`` finds it sound.

    The SHA-256 of the whole file is compared with the one written beside it at build time
    (``index.sqlite.sha256``, which must be there): a coordinate edited in place, or a page
    garbled with the modification time put back, changes it. The digest takes a fraction of a
    second; the slower ``quick_check`` runs once per content, remembered by a stamp that holds
    the digest.
    """
    digest = file_sha256(path)
    try:
        built = read_small_file(_digest_path(path), "checksum file").decode("utf-8").strip()
    except (OSError, InputError, UnicodeDecodeError):  # a pipe or a device is not waited on
        # without it an edited index would pass unseen: the offline index is rebuilt (and
        # its checksum written again), a built one is to be built again
        raise sqlite3.DatabaseError(f"its checksum file {_digest_path(path).name} is missing "
                                    "or unreadable") from None
    if built != digest:
        raise sqlite3.DatabaseError("its content changed since it was built (checksum differs)")
    st = path.stat()
    stamp = f"{st.st_size}:{st.st_mtime_ns}:{st.st_ino}:{digest}"
    stamp_path = path.with_name(path.name + ".checked")
    try:
        if read_small_file(stamp_path, "check stamp").decode("utf-8") == stamp:
            return
    except (OSError, InputError, UnicodeDecodeError):
        pass
    result = con.execute("PRAGMA quick_check").fetchone()
    if not result or result[0] != "ok":
        raise sqlite3.DatabaseError(result[0] if result else "quick_check gave no answer")
    with contextlib.suppress(OSError):  # a read-only folder: checked again next time
        stamp_path.unlink(missing_ok=True)  # a pipe there would block the write
        stamp_path.write_text(stamp, encoding="utf-8")


def _candidate(row: tuple) -> Candidate:
    (source, source_id, name, lat, lon, population, geonameid,
     cc, admin1, fclass, fcode, missing, licence, derived, scale_rank) = row
    return Candidate(
        source=source, source_id=source_id, name=name, lat=lat, lon=lon,
        population=population, geonameid=geonameid, country_code=cc, admin1=admin1,
        feature_class=fclass, feature_code=fcode,
        missing=tuple(m for m in missing.split(",") if m), licence=licence,
        derived=tuple(d for d in derived.split(",") if d), scale_rank=scale_rank,
    )
