"""Where a chunked run keeps its finished chunks until the whole output can be written.

Layout, beside the output ``OUT``::

    OUT.parts/run.json              what the run is: input fingerprint, columns, pipeline,
                                    output format, chunk size (a resume must match it)
    OUT.parts/chunk-00000042.jsonl  chunk 42's output (suffix per format)
    OUT.parts/chunk-00000042.json   chunk 42's marker: its counts and bad rows, the size and
                                    SHA-256 of its data file, and a SHA-256 of the marker
                                    itself; written last, so a chunk is finished exactly when
                                    this file exists
    OUT.parts/lock                  held (``flock``) by the run writing OUT, so a second run
                                    of the same OUT refuses to start instead of racing it
    OUT.parts/written.jsonl         the name and SHA-256 of every file above a run wrote,
                                    the lock and each temporary name (``part_ledger``): only
                                    those are ever deleted, and a folder holding any other
                                    file (a user's own ``lock`` or ``written.jsonl`` too) is
                                    refused

Chunk *k* holds input records ``k * chunk_size`` to ``(k + 1) * chunk_size - 1``, counted in
reading order, so the same input always splits the same way. Every file is written under a
temporary name and renamed, so an interruption (Ctrl-C, a killed worker, power loss) leaves
only whole chunks; ``--resume`` redoes just the chunks without a ``.json``, in any order. On
resume every marker and data file is checked against its checksums first, and against the
SHA-256 the ledger recorded when it was written (so an edit that rewrites the marker's
checksums too is caught): a chunk whose data is missing, truncated, emptied or edited, or
whose marker is garbled, is recomputed (with a warning), never joined. When every chunk is
finished the parts are joined in order into ``OUT`` (atomically, too), the skipped rows listed
in ``OUT.skipped.jsonl``, and ``OUT.parts`` removed.

Standard output and devices (``--out -``, ``/dev/stdout``) keep their parts in a fresh
temporary folder instead, list no skipped rows in a file, and cannot be resumed.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import tempfile
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from geoparser.batch.chunk_task import ChunkResult
from geoparser.batch.part_formats import PartFormat
from geoparser.batch.part_ledger import LEDGER, PartLedger, temporary_name
from geoparser.batch.pass_tally import PassTally, add
from geoparser.errors import OutputError, ToposcopeError, UsageError
from geoparser.io.atomic import atomic_path, is_stream, write_bytes_atomic
from geoparser.io.output_lock import OutputLock

log = logging.getLogger(__name__)

MANIFEST = "run.json"
LOCK = "lock"
#: The field that marks a ``run.json`` as one a run wrote.
MANIFEST_MARK = "toposcope_parts"


def parts_dir(out: Path) -> Path:
    return out.with_name(out.name + ".parts")


def skipped_path(out: Path) -> Path | None:
    """Where the skipped rows are listed; none for standard output or a device."""
    return None if is_stream(out) else out.with_name(out.name + ".skipped.jsonl")


class DamagedChunk(ToposcopeError):
    """A finished chunk whose marker or data does not match its checksums."""


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _marker_digest(marker: dict[str, Any]) -> str:
    body = {k: v for k, v in marker.items() if k != "sha256"}
    return _digest(json.dumps(body, sort_keys=True, ensure_ascii=False).encode("utf-8"))


def _file_digest(path: Path) -> tuple[int, str]:
    h = hashlib.sha256()
    size = 0
    with path.open("rb") as fh:
        while block := fh.read(1 << 20):
            h.update(block)
            size += len(block)
    return size, h.hexdigest()


@dataclass
class Totals:
    """Counts over every chunk of the corpus, this run's and any resumed ones."""

    read: int = 0
    parsed: int = 0
    skipped: int = 0
    mentions: int = 0
    resolved: int = 0
    chunks: int = 0
    #: Per recognition pass, the spans it proposed and the toponyms it wrote (``pass_tally``).
    passes: PassTally = field(default_factory=dict)


class PartStore:
    """The finished chunks of one run of ``OUT``."""

    def __init__(self, out: Path, manifest: dict[str, Any], fmt: PartFormat) -> None:
        self.out = Path(out)
        self.stream = is_stream(self.out)
        self.dir = parts_dir(self.out)
        self.manifest = manifest
        self.fmt = fmt
        self._lock_file: OutputLock | None = None  # closed (so unlocked) with the store

    @property
    def ledger(self) -> PartLedger:
        return PartLedger(self.dir)

    def _write(self, path: Path, data: bytes) -> None:
        """Write one file of the folder atomically, announced in the ledger before and its
        checksum recorded after."""
        temporary = temporary_name(path.name)
        self.ledger.announce(path.name, temporary)
        write_bytes_atomic(path, data, temporary)
        self.ledger.wrote(path.name, _digest(data))

    def _data(self, index: int) -> Path:
        return self.dir / f"chunk-{index:08d}{self.fmt.suffix}"

    def _summary(self, index: int) -> Path:
        return self.dir / f"chunk-{index:08d}.json"

    def open(self, resume: bool) -> set[int]:
        """Start a run, or with ``resume`` continue one; returns the finished chunks (checked)."""
        if self.stream:
            if resume:
                raise UsageError("--resume needs an output file; standard output or a device "
                                 "cannot be resumed")
            try:
                self.dir = Path(tempfile.mkdtemp(prefix="toposcope-parts-"))
            except OSError as exc:
                raise OutputError(f"cannot create a temporary folder for the chunks: "
                                  f"{exc.strerror or exc}") from None
            self._write_manifest()
            return set()
        existed = self.dir.exists()
        if existed:
            self._refuse_foreign()  # before anything is written in a folder that is not ours
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputError(f"cannot create {self.dir}: {exc.strerror or exc}") from None
        had_lock = (self.dir / LOCK).exists()
        self._lock()
        try:
            self._refuse_foreign()  # again under the lock: the folder may have changed
        except UsageError:
            self._unlock()
            if not had_lock:
                with suppress(OSError):
                    (self.dir / LOCK).unlink()
            raise
        if not existed or not self._contents():
            self._write_manifest()
            return set()
        if not resume:
            done = self.finished()
            self._unlock()
            raise UsageError(
                f"{self.dir} holds {len(done)} finished chunks of an unfinished run; rerun "
                "with --resume to finish it, or delete that folder to start again")
        if not self._check_manifest():
            return set()
        return self._verified()

    def _contents(self) -> list[Path]:
        return [p for p in self.dir.iterdir() if p.name not in (LOCK, LEDGER)]

    def _refuse_foreign(self) -> None:
        """A ``UsageError`` naming the folder if it holds any file no run of it wrote (by its
        ledger): a user's file there, even one named like ours, would be deleted."""
        foreign = self.ledger.foreign(p.name for p in self.dir.iterdir())
        if foreign:
            raise UsageError(
                f"{self.dir} holds files toposcope did not write ({', '.join(foreign[:3])}"
                f"{', ...' if len(foreign) > 3 else ''}); it keeps a run's chunks there and "
                "would delete them when done: move those files, or choose another --out")

    def _write_manifest(self) -> None:
        body = {MANIFEST_MARK: 1, **self.manifest}
        self._write(self.dir / MANIFEST, (json.dumps(body, indent=2) + "\n").encode())

    def _lock(self) -> None:
        """Hold ``OUT.parts/lock`` for this run (``output_lock``, the lock every command
        writing a folder takes); another run holding it is a ``UsageError``. A lock made
        here is listed in the ledger first, so that it is ours to remove."""
        if not (self.dir / LOCK).exists():
            self.ledger.announce(LOCK)
        self._lock_file = OutputLock(self.dir / LOCK, self.out)

    def close(self) -> None:
        """Let go of the parts folder (its lock); the finished chunks stay for ``--resume``."""
        self._unlock()

    def _unlock(self) -> None:
        if self._lock_file is not None:
            self._lock_file.release()
            self._lock_file = None

    def _verified(self) -> set[int]:
        """The finished chunks whose marker and data match their checksums; any other is
        removed, with a warning, so that it is recomputed."""
        good = set()
        for index in sorted(self.finished()):
            try:
                self._check_chunk(index)
            except DamagedChunk as exc:
                log.warning("%s: damaged; recomputing it", str(exc).split(";")[0])
                self._data(index).unlink(missing_ok=True)
                self._summary(index).unlink(missing_ok=True)
            else:
                good.add(index)
        return good

    def _check_chunk(self, index: int) -> None:
        marker = self._load_summary(index)
        recorded = self.ledger.listed()
        self._check_recorded(self._summary(index), recorded, index)
        try:
            size, digest = _file_digest(self._data(index))
        except FileNotFoundError:
            raise DamagedChunk(f"chunk {index} in {self.dir}: its data file is missing"
                               ) from None
        if size != marker.get("data_bytes") or digest != marker.get("data_sha256"):
            raise DamagedChunk(f"chunk {index} in {self.dir}: its data ({size} bytes) does not "
                               f"match its checksum")
        if digest != recorded.get(self._data(index).name):
            raise DamagedChunk(f"chunk {index} in {self.dir}: {self._data(index).name} does "
                               "not match the SHA-256 the ledger recorded when it was written")

    def _check_recorded(self, path: Path, recorded: dict[str, str | None], index: int) -> None:
        """A ``DamagedChunk`` naming ``path`` unless its SHA-256 is the one the ledger
        recorded when the run wrote it: a file edited with its checksums rewritten (the
        marker's, the side-car's) passes those, never this one."""
        try:
            digest = _file_digest(path)[1]
        except OSError:
            digest = None
        if digest is None or digest != recorded.get(path.name):
            raise DamagedChunk(f"chunk {index} in {self.dir}: {path.name} does not match the "
                               "SHA-256 the ledger recorded when it was written")

    def _check_manifest(self) -> bool:
        """Whether the earlier run can be resumed: a ``UsageError`` if it was another run; a
        garbled or missing manifest means nothing there can be trusted, so every chunk is
        recomputed (``False``)."""
        try:
            old = json.loads((self.dir / MANIFEST).read_text(encoding="utf-8"))
            if not isinstance(old, dict):
                raise ValueError("not an object")
            old.pop(MANIFEST_MARK, None)
        except (OSError, ValueError):
            return self._start_over("is missing or garbled")
        changed = sorted(k for k in self.manifest.keys() | old.keys()
                         if self.manifest.get(k) != old.get(k))
        if changed:
            self._unlock()
            raise UsageError(
                f"cannot resume: {', '.join(changed)} differ from the unfinished run in "
                f"{self.dir}; run it with the same input and options, or delete the folder")
        if _file_digest(self.dir / MANIFEST)[1] != self.ledger.listed().get(MANIFEST):
            return self._start_over("does not match the SHA-256 the ledger recorded when it "
                                    "was written")
        return True

    def _start_over(self, why: str) -> bool:
        """Remove every file the runs wrote here and write this run's manifest (``False``:
        no chunk is kept)."""
        log.warning("%s in %s %s; recomputing every chunk", MANIFEST, self.dir, why)
        for name in self.ledger.owned(p.name for p in self._contents()):
            (self.dir / name).unlink(missing_ok=True)
        self._write_manifest()
        return False

    def finished(self) -> set[int]:
        """The chunks with a marker (not checked: ``open`` checks them on resume)."""
        found = set()
        for p in self.dir.glob("chunk-*.json"):
            try:
                found.add(int(p.stem.split("-")[1]))
            except (IndexError, ValueError):
                continue
        return found

    def _recognised(self, index: int) -> Path:
        return self.dir / f"recognised-{index:08d}.json"

    def _recognised_digest(self, index: int) -> Path:
        return self.dir / f"recognised-{index:08d}.sha256"

    def recognised(self) -> set[int]:
        """The chunks a grouped run's first pass has kept (``group_pass``) whose file matches
        the checksum written beside it; any other (edited, damaged, without a checksum) is
        removed, with a warning, so that it is recognised again -- as a finished chunk is."""
        found = set()
        for p in self.dir.glob("recognised-*.json"):
            with suppress(IndexError, ValueError):
                found.add(int(p.stem.split("-")[1]))
        good = set()
        recorded = self.ledger.listed()
        for index in sorted(found):
            try:
                digest = self._recognised_digest(index).read_text(encoding="ascii").strip()
                matches = _file_digest(self._recognised(index))[1] == digest
            except (OSError, UnicodeDecodeError):
                matches = False
            if matches and digest == recorded.get(self._recognised(index).name):
                good.add(index)
                continue
            log.warning("chunk %d in %s: %s does not match its checksum or the SHA-256 the "
                        "ledger recorded when it was written; recomputing it", index,
                        self.dir, self._recognised(index).name)
            self._recognised(index).unlink(missing_ok=True)
            self._recognised_digest(index).unlink(missing_ok=True)
        return good

    def save_recognised(self, index: int, data: bytes) -> None:
        """Keep a chunk's recognised documents, then their checksum (so a file without one,
        cut short by a kill between the two, is not trusted)."""
        self._write(self._recognised(index), data)
        self._write(self._recognised_digest(index), (_digest(data) + "\n").encode("ascii"))

    def load_recognised(self, index: int) -> bytes:
        try:
            return self._recognised(index).read_bytes()
        except OSError as exc:
            raise DamagedChunk(f"chunk {index} in {self.dir}: its recognised documents cannot "
                               f"be read ({exc.strerror or exc}); rerun with --resume") from None

    def save(self, result: ChunkResult) -> None:
        """Keep one chunk: its data first, then the marker (with the data's checksum) that
        says it is finished."""
        self._write(self._data(result.index), result.data)
        marker = {**result.summary(), "data_bytes": len(result.data),
                  "data_sha256": _digest(result.data)}
        marker["sha256"] = _marker_digest(marker)
        self._write(self._summary(result.index),
                    json.dumps(marker, ensure_ascii=False).encode("utf-8"))

    def totals(self, n_chunks: int, on_bad_row: Callable[[int, str], None] | None = None
               ) -> Totals:
        """Counts over chunks ``0 .. n_chunks - 1``, each of which must be finished; every
        bad row goes to ``on_bad_row`` (they are not kept: there may be millions)."""
        t = Totals(chunks=n_chunks)
        for i in range(n_chunks):
            s = self._load_summary(i)
            t.read += s["read"]
            t.parsed += s["parsed"]
            t.skipped += len(s["bad_rows"])
            t.mentions += s["mentions"]
            t.resolved += s["resolved"]
            add(t.passes, s.get("passes", {}))
            if on_bad_row:
                for loc, msg in s["bad_rows"]:
                    on_bad_row(loc, msg)
        return t

    def ids_of(self, index: int) -> list[tuple[int, str]]:
        """(location, id) of a finished chunk's documents (none for chunks written before
        ids were kept)."""
        return [(int(loc), str(doc_id)) for loc, doc_id in self._load_summary(index).get(
            "ids", [])]

    def _load_summary(self, index: int) -> dict[str, Any]:
        """Chunk ``index``'s marker, checked against its own checksum (``DamagedChunk``)."""
        try:
            marker = json.loads(self._summary(index).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise RuntimeError(f"chunk {index} is not finished in {self.dir}") from None
        except (OSError, ValueError) as exc:
            raise DamagedChunk(f"chunk {index} in {self.dir}: unreadable marker ({exc}); "
                               "rerun with --resume to recompute it") from None
        if not isinstance(marker, dict) or marker.get("sha256") != _marker_digest(marker):
            raise DamagedChunk(f"chunk {index} in {self.dir}: its marker does not match its "
                               "checksum; rerun with --resume to recompute it")
        return marker

    def finish(self, n_chunks: int, source: str) -> Totals:
        """Join the parts into the output, list the skipped rows, remove the parts."""
        listing = skipped_path(self.out)
        if listing is None:
            totals = self.totals(n_chunks)
        else:
            with atomic_path(listing) as tmp, tmp.open("w", encoding="utf-8") as fh:
                def write(loc: int, msg: str) -> None:
                    record = {"source": source, "line": loc, "error": msg}
                    fh.write(json.dumps(record, ensure_ascii=False) + "\n")

                totals = self.totals(n_chunks, write)
            if not totals.skipped:
                listing.unlink()  # an empty list, or an earlier run's, would only mislead
        parts = [(self._data(i), self._load_summary(i)["meta"]) for i in range(n_chunks)]
        self.fmt.join(parts, self.out)
        self.discard()
        return totals

    def discard(self) -> None:
        """Remove the files the ledger lists in the parts folder, the ledger last, then the
        folder if it is empty: a folder or link the user made (say, to scratch space) and
        anything else in it stay."""
        lock_ours = False
        if self.stream:
            shutil.rmtree(self.dir, ignore_errors=True)  # our own fresh temporary folder
        else:
            with suppress(OSError):
                lock_ours = LOCK in self.ledger.listed()
                for name in self.ledger.owned(p.name for p in self._contents()):
                    (self.dir / name).unlink(missing_ok=True)
                self.ledger.path.unlink(missing_ok=True)
        self._unlock()
        if lock_ours:
            with suppress(OSError):
                (self.dir / LOCK).unlink(missing_ok=True)
            with suppress(OSError):
                self.dir.rmdir()  # a link to a folder is not removed: rmdir refuses it
