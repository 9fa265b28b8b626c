"""Official GeoNames dumps streamed into the gazetteer index format.

Place files (``allCountries.zip``, ``cities500.zip``, a country file such as ``GB.zip``, or
their unzipped ``.txt``) have the 19 tab-separated columns of the GeoNames readme: geonameid,
name, asciiname, alternatenames, latitude, longitude, feature class, feature code, country
code, cc2, admin1..admin4 codes, population, elevation, dem, timezone, modification date.
``alternateNamesV2.zip`` adds names by geonameid (alternateNameId, geonameid, isolanguage,
alternate name, and flags). Rows are read one at a time, so memory stays bounded on the
12-million-row ``allCountries`` file; places are keyed by geonameid, so overlapping files merge.
"""

from __future__ import annotations

import struct
import time
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import IO

from geoparser.distance import check_point
from geoparser.errors import InputError
from geoparser.gazetteers.sqlite_index import PlaceRecord, build_index, names_and_codes
from geoparser.io.bounded_read import open_regular
from geoparser.model import Candidate

SOURCE = "geonames-dump"
LICENCE = "CC-BY-4.0 (GeoNames)"
# Fixed by the geoname table's 19 columns: https://download.geonames.org/export/dump/readme.txt
PLACE_COLUMNS = 19
# Alternate "names" that are codes or links, not names people write.
SKIPPED_LANGUAGES = frozenset(
    {"link", "wkdt", "post", "iata", "icao", "faac", "tcid", "unlc", "fr_1793"}
)


def is_alternate_names(path: Path) -> bool:
    return path.name.lower().startswith("alternatenames")


#: What a dump is called in a message about its file.
DUMP_WHAT = "GeoNames dump"


#: The longest line read from a dump (GeoNames' longest rows are tens of kilobytes): a longer
#: one is refused without being held in memory.
#: 1 << 20, a mebibyte: chosen by hand.
MAX_LINE_BYTES = 1 << 20


#: The most members a dump's zip may list: GeoNames' zips hold the data file and a readme.
#: ``zipfile`` builds an object for every member of the central directory when it opens a zip,
#: so this bounds the memory a crafted zip of millions of empty members could take.
#: 1,000: chosen by hand (GeoNames' own zips list one or two).
MAX_ZIP_MEMBERS = 1000
#: The end-of-central-directory record, and how far from the end it may start (its 22 bytes
#: and a comment of at most 65,535): fixed by the ZIP format (PKWARE APPNOTE.TXT, 4.3.16).
_EOCD = struct.Struct("<4s4H2LH")
_EOCD_SEARCH = _EOCD.size + 0xFFFF


def zip_members(raw: IO[bytes]) -> int | None:
    """How many members the zip open in ``raw`` lists, read off its end-of-central-directory
    record before anything builds them (``None``: no such record, not a zip); a ZIP64 count
    (the 16-bit field saturated) counts as more than any bound."""
    size = raw.seek(0, 2)
    raw.seek(max(0, size - _EOCD_SEARCH))
    tail = raw.read()
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or len(tail) - at < _EOCD.size:
        return None
    total = _EOCD.unpack_from(tail, at)[4]
    raw.seek(0)
    # 0xFFFF: the count is in the ZIP64 record (fixed by APPNOTE.TXT 4.4.22); 1 << 32 stands
    # for more than any bound.
    return total if total != 0xFFFF else 1 << 32


@contextmanager
def open_lines(path: Path) -> Iterator[Iterator[str]]:
    """The lines of a dump, from a ``.txt`` or from the data member of a GeoNames ``.zip``,
    decoded one by one: a line that is not UTF-8, or longer than ``MAX_LINE_BYTES``, is an
    ``InputError`` naming it."""
    raw_file = open_regular(path, DUMP_WHAT)
    if path.suffix.lower() != ".zip":
        with raw_file:
            yield _bounded_lines(raw_file, path)
        return
    try:
        members = zip_members(raw_file)
        if members is not None and members > MAX_ZIP_MEMBERS:
            raw_file.close()
            raise InputError(f"a zip of {members:,} members (a GeoNames dump's holds one or "
                             f"two; at most {MAX_ZIP_MEMBERS:,} are read)", path)
        zf = zipfile.ZipFile(raw_file)
    except (zipfile.BadZipFile, OSError) as exc:
        raw_file.close()
        raise InputError(f"not a readable zip file ({exc})", path) from None
    with raw_file, zf:
        member = _data_member(zf, path)
        try:
            with zf.open(member) as raw:
                yield _bounded_lines(raw, path)
        except (zipfile.BadZipFile, EOFError, zlib.error) as exc:
            raise InputError(f"damaged zip file ({exc})", path) from None


def _bounded_lines(raw: IO[bytes], path: Path) -> Iterator[str]:
    line_no = 0
    while True:
        line = raw.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        line_no += 1
        if len(line) > MAX_LINE_BYTES:
            raise InputError(f"a line longer than {MAX_LINE_BYTES:,} bytes; not a GeoNames "
                             "dump", path, line_no)
        try:
            yield line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"not UTF-8 text ({exc.reason})", path, line_no) from None


def _data_member(zf: zipfile.ZipFile, path: Path) -> str:
    txts = [n for n in zf.namelist() if n.lower().endswith(".txt")
            and not n.lower().startswith(("readme", "iso-languagecodes"))]
    same = [n for n in txts if Path(n).stem.lower() == path.stem.lower()]
    if not (same or txts):
        raise InputError("no GeoNames data file (.txt) in the zip", path)
    return (same or txts)[0]


@dataclass
class SkippedRows:
    """Rows left out of the index because their coordinates are impossible (latitude outside
    -90..90, longitude outside -180..180, not finite): counted, the first few kept as examples."""

    count: int = 0
    examples: list[str] = field(default_factory=list)

    def add(self, where: str) -> None:
        self.count += 1
        # 3 examples shown: chosen by hand.
        if len(self.examples) < 3:
            self.examples.append(where)


def iter_places(path: Path, skipped: SkippedRows | None = None) -> Iterator[PlaceRecord]:
    """One record a row of a GeoNames place file; a row with impossible coordinates is
    skipped and counted in ``skipped``."""
    skipped = skipped if skipped is not None else SkippedRows()
    with open_lines(path) as lines:
        for line_no, line in enumerate(lines, start=1):
            f = line.rstrip("\n").split("\t")
            if len(f) != PLACE_COLUMNS:
                raise InputError(
                    f"expected {PLACE_COLUMNS} tab-separated columns (GeoNames format), "
                    f"got {len(f)}", path, line_no)
            try:
                gid, lat, lon = int(f[0]), float(f[4]), float(f[5])
                population = int(f[14]) if f[14] else None
            except ValueError as exc:
                raise InputError(f"unreadable number ({exc})", path, line_no) from None
            try:
                check_point(lat, lon)
            except ValueError as exc:
                skipped.add(f"{path}:{line_no}: {exc}")
                continue
            # A town's other names in capitals are codes (its airport's letters), found
            # only as written (``names.code_key``), as in the offline gazetteer.
            others = (f[2], *(n for n in f[3].split(",") if n))
            names, codes = names_and_codes(others) if f[6] == "P" else (others, ())
            yield PlaceRecord(
                Candidate(
                    source=SOURCE, source_id=f"geonames:{gid}", name=f[1], lat=lat, lon=lon,
                    population=population, geonameid=gid, country_code=f[8] or None,
                    admin1=f[10] or None, feature_class=f[6] or None,
                    feature_code=f[7] or None, licence=LICENCE,
                ),
                names,
                codes=codes,
            )


def iter_alternate_names(path: Path) -> Iterator[tuple[int, str]]:
    """``(geonameid, name)`` pairs of an alternate-names file, codes and links left out."""
    with open_lines(path) as lines:
        for line_no, line in enumerate(lines, start=1):
            f = line.rstrip("\n").split("\t")
            # 4: fixed by the alternateNames columns up to the name:
            # https://download.geonames.org/export/dump/readme.txt
            if len(f) < 4:
                raise InputError(f"expected at least 4 tab-separated columns, got {len(f)}",
                                 path, line_no)
            if f[2] in SKIPPED_LANGUAGES:
                continue
            try:
                yield int(f[1]), f[3]
            except ValueError:
                raise InputError(f"unreadable geonameid {f[1]!r}", path, line_no) from None


def build_dump_index(paths: list[Path], out: Path, skipped: SkippedRows | None = None
                     ) -> tuple[int, float]:
    """Index the place files and alternate names in ``paths`` into ``out``; (places, seconds).
    Rows with impossible coordinates are left out and counted in ``skipped``."""
    places = [p for p in paths if not is_alternate_names(p)]
    alternates = [p for p in paths if is_alternate_names(p)]
    if not places:
        raise InputError("give at least one GeoNames place file (e.g. cities500.zip)")
    for path in paths:  # every input refused before any work: a pipe, a device, a folder
        open_regular(path, DUMP_WHAT).close()
    start = time.perf_counter()
    meta = {"source_version": SOURCE, "inputs": ", ".join(p.name for p in paths)}
    n = build_index(
        out,
        chain.from_iterable(iter_places(p, skipped) for p in places),
        meta,
        place_id=lambda c: c.geonameid or 0,
        extra_names=chain.from_iterable(iter_alternate_names(p) for p in alternates),
    )
    return n, time.perf_counter() - start
