"""Geoparse a corpus of any size: stream it in chunks through local workers or a Dask cluster,
keep each finished chunk on disk, and join them into the output at the end.

Memory is bounded by chunk size times chunks in flight, whatever the corpus size. Bad rows are
skipped and listed, or stop the run (``on_error``). An interrupted run keeps its finished
chunks and ``resume`` continues it (see ``part_store`` for the layout).
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from geoparser.batch.chunk_task import ChunkResult, ChunkTask, run_chunk
from geoparser.batch.executors import bounded_map, open_pool
from geoparser.batch.group_pass import RecogniseTask, readable, recognise_chunk, votes_of
from geoparser.batch.part_formats import PART_FORMATS
from geoparser.batch.part_store import PartStore, Totals, parts_dir, skipped_path
from geoparser.batch.stages import PipelineSpec
from geoparser.errors import InputError, OutputError, ToposcopeError, UsageError
from geoparser.io.atomic import deferred_signals, is_stream
from geoparser.io.output_path import check_output
from geoparser.io.sources import STDIN, Source, fingerprint, record_count
from geoparser.progress import counter
from geoparser.resolution.home import HomeVotes

log = logging.getLogger(__name__)

ON_ERROR = ("fail", "skip")
#: The largest ``--chunk-size``: a chunk is held in memory whole, and beyond this the
#: numbers no longer fit the counters of the slicing underneath.
MAX_CHUNK_SIZE = 10_000_000
#: Skipped rows reported one by one on stderr; the rest only in ``OUT.skipped.jsonl``.
SHOWN_BAD_ROWS = 10


class Interrupted(ToposcopeError):
    """The run was stopped; its finished chunks are kept for ``--resume``. Exits with the
    shell's status for the signal: 128 + its number (130 for Ctrl-C, 143 for SIGTERM)."""

    def __init__(self, message: str, signum: int = signal.SIGINT) -> None:
        super().__init__(message)
        self.exit_code = 128 + signum


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where it lands as Ctrl-C's ``KeyboardInterrupt`` is, so a
    run ended by ``kill``, a scheduler or a closed terminal cleans up as Ctrl-C does."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


#: The signals that stop a run as Ctrl-C does (unless set to be ignored, as ``nohup`` does).
STOPPING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextmanager
def _stopped_as_interrupted() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise ``Stopped``; the handlers there were are
    put back after. Outside the main thread (where Python sets no handlers) it does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise Stopped(signum)

    previous = {signum: signal.signal(signum, stop) for signum in STOPPING
                if signal.getsignal(signum) is not signal.SIG_IGN}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)


@dataclass
class BatchOptions:
    output_format: str = "jsonl"
    chunk_size: int = 1000
    workers: int = 1
    resume: bool = False
    on_error: str = "fail"
    dask: str | None = None
    with_candidates: bool = False

    def check(self) -> None:
        PART_FORMATS.create(self.output_format)  # refuses a format whose extra is missing
        if self.with_candidates and self.output_format not in ("jsonl", "geojson"):
            raise UsageError("--with-candidates writes JSONL or GeoJSON (the records hold "
                             f"lists); not {self.output_format}")
        if self.on_error not in ON_ERROR:
            raise UsageError(f"unknown --on-error {self.on_error!r} (known: fail, skip)")
        if not 1 <= self.chunk_size <= MAX_CHUNK_SIZE:
            raise UsageError(f"--chunk-size must be from 1 to {MAX_CHUNK_SIZE:,}, got "
                             f"{self.chunk_size}")
        if self.workers < 1:
            raise UsageError(f"--workers must be at least 1, got {self.workers}")
        if self.dask and self.workers != 1:
            raise UsageError("--workers sets local processes; with --dask the cluster's "
                             "workers do the work")


@dataclass
class BatchStats:
    """The closing counts: the whole corpus, and what this run did itself."""

    totals: Totals
    chunks_reused: int = 0
    parsed_now: int = 0
    seconds: float = 0.0
    where: str = ""
    skipped_list: Path | None = None
    output: Path = field(default_factory=Path)

    def line(self) -> str:
        t = self.totals
        rate = self.parsed_now / self.seconds if self.seconds else 0.0
        text = (f"read {t.read}, parsed {t.parsed}, skipped {t.skipped} documents; "
                f"{t.mentions} toponyms, {t.resolved} resolved with coordinates; "
                f"{self.seconds:.1f} s on {self.where} ({rate:.1f} documents/s)")
        if self.chunks_reused:
            text += f"; {self.chunks_reused} of {t.chunks} chunks kept from the earlier run"
        if self.skipped_list:
            text += f"; skipped rows listed in {self.skipped_list}"
        return text


def manifest(source: Source, spec: PipelineSpec, options: BatchOptions) -> dict[str, Any]:
    """What must not change between a run and its resumption."""
    decoder = source.decoder
    return {
        "input": fingerprint(source),
        "columns": {"id": getattr(decoder, "id_column", None),
                    "text": getattr(decoder, "text_column", None),
                    "group": getattr(decoder, "group_column", None)},
        "pipeline": spec.to_json(),
        "policy_identity": spec.policy_identity(),
        "output_format": options.output_format,
        "with_candidates": options.with_candidates,
        "chunk_size": options.chunk_size,
    }


class _Chunker:
    """Cuts the source into numbered chunks, passing over finished ones undecoded."""

    def __init__(self, source: Source, size: int, skip: set[int]) -> None:
        self.source, self.size, self.skip = source, size, skip
        self.count = 0
        self.on_skip: Callable[[int], None] = lambda n: None

    def __iter__(self) -> Iterator[tuple[int, list]]:
        records = self.source.records()
        while chunk := list(islice(records, self.size)):
            index = self.count
            self.count += 1
            if index in self.skip:
                self.on_skip(len(chunk))
            else:
                yield index, chunk


def parse_batch(source: Source, out: Path, spec: PipelineSpec,
                options: BatchOptions | None = None) -> BatchStats:
    """Geoparse every record of ``source`` into ``out``. SIGTERM and SIGHUP stop it as
    Ctrl-C does (``Interrupted``, its finished chunks kept for ``resume``)."""
    with _stopped_as_interrupted():
        return _parse_batch(source, out, spec, options)


def _parse_batch(source: Source, out: Path, spec: PipelineSpec,
                 options: BatchOptions | None) -> BatchStats:
    options = options or BatchOptions()
    options.check()
    spec.check()
    for written, option in _written_by(out):
        check_output(written, [source.path], option=option, folder=option.endswith("folder)"))
    store = PartStore(out, manifest(source, spec, options),
                      PART_FORMATS.create(options.output_format))
    opened = False
    shown = 0
    parsed_now = 0
    t0 = time.perf_counter()
    try:
        # a stop while the folder is opened waits until it is whole, then lands in this ``try``
        with deferred_signals((signal.SIGINT, *STOPPING)):
            done = store.open(options.resume)
            opened = True
        chunker = _Chunker(source, options.chunk_size, done)
        ids = _UniqueIds(source.path)
        with open_pool(spec, options.workers, options.dask) as pool, \
                counter("geoparsing", lambda: record_count(source)) as advance:
            chunker.on_skip = advance
            if _grouped(source):
                tasks: Iterator[ChunkTask] = _grouped_tasks(source, spec, options, pool,
                                                            store, done, chunker)
            else:
                tasks = (ChunkTask(i, records, source.decoder, spec, options.output_format,
                                   options.with_candidates)
                         for i, records in chunker)
            for index in sorted(done):  # resumed chunks: their ids count too
                ids.add(store.ids_of(index))
            for result in bounded_map(pool.executor, run_chunk, tasks, pool.in_flight):
                ids.add(result.ids)
                _check_bad_rows(result, source, options.on_error, shown)
                shown += len(result.bad_rows)
                store.save(result)
                parsed_now += result.parsed
                advance(result.read)
    except InputError:
        if not opened:
            raise
        store.discard()  # bad input: the input must change, so nothing here can be resumed
        raise
    except BaseException as exc:
        if not opened:  # refused (another run's folder, say) or stopped before it began
            raise
        finished = 0 if store.stream else len(store.finished())
        if not finished:
            store.discard()
        store.close()
        if isinstance(exc, OutputError) and finished:
            raise OutputError(f"{exc}; {finished} finished chunks are kept in {store.dir}: "
                              "make room and rerun the same command with --resume") from None
        if isinstance(exc, KeyboardInterrupt):
            signum = exc.signum if isinstance(exc, Stopped) else signal.SIGINT
            how = ("interrupted" if signum == signal.SIGINT
                   else f"stopped by {signal.Signals(signum).name}")
            raise Interrupted(f"{how}; {finished} finished chunks are kept in {store.dir}"
                              ": rerun the same command with --resume to finish" if finished
                              else f"{how} before any chunk was finished", signum) from None
        raise
    seconds = time.perf_counter() - t0
    try:
        totals = store.finish(chunker.count, str(source.path))
    except OutputError as exc:
        if store.stream:
            raise
        raise OutputError(f"{exc}; {chunker.count} finished chunks are kept in {store.dir}: "
                          "make room and rerun the same command with --resume") from None
    finally:
        if store.stream:
            store.discard()
        store.close()
    listing = skipped_path(out)
    if totals.skipped > SHOWN_BAD_ROWS:
        if listing is None:
            log.warning("%d more skipped rows are not shown (write to a file to get their "
                        "list)", totals.skipped - SHOWN_BAD_ROWS)
        else:
            log.warning("%d more skipped rows are listed in %s",
                        totals.skipped - SHOWN_BAD_ROWS, listing)
    return BatchStats(totals, chunks_reused=len(done), parsed_now=parsed_now, seconds=seconds,
                      where=pool.description, output=out,
                      skipped_list=listing if totals.skipped else None)


def _grouped(source: Source) -> bool:
    """Whether some document names a group, so the run needs its first pass (a look at every
    record's group field; standard input, which cannot be read twice, is taken as grouped)."""
    if getattr(source.decoder, "group_column", None) is None:
        return False
    if is_stream(source.path) or str(source.path) == str(STDIN):
        return True
    for location, payload in source.records():
        try:
            if source.decoder.decode(location, payload).source:
                return True
        except InputError:
            continue  # a bad row names no group; the run reports it
    return False


def _grouped_tasks(source: Source, spec: PipelineSpec, options: BatchOptions, pool: Any,
                   store: PartStore, done: set[int], chunker: _Chunker) -> Iterator[ChunkTask]:
    """A grouped run's chunks: first every chunk recognised once (``group_pass``), its
    documents kept in the parts folder and its votes counted; then each unfinished chunk to
    resolve with the home regions of all its groups' documents."""
    votes = HomeVotes()
    groups: dict[int, list[str]] = {}

    def count(index: int, data: bytes) -> None:
        chunk_votes, chunk_groups, bad = votes_of(data)
        votes.merge(chunk_votes)
        groups[index] = chunk_groups
        if bad and options.on_error == "fail":
            location, message = bad[0]
            raise InputError(f"{message} (--on-error skip skips bad rows)", source.path,
                             int(location))

    kept = set()
    for index in sorted(store.recognised()):
        data = store.load_recognised(index)
        if readable(data):  # a damaged one is recognised again
            count(index, data)
            kept.add(index)
    chunker.skip = kept
    tasks = (RecogniseTask(i, records, source.decoder, spec) for i, records in chunker)
    for result in bounded_map(pool.executor, recognise_chunk, tasks, pool.in_flight):
        store.save_recognised(result.index, result.data)
        count(result.index, result.data)
    homes = votes.regions()
    for index in range(chunker.count):
        if index not in done:
            yield ChunkTask(index, [], source.decoder, spec, options.output_format,
                            options.with_candidates, recognised=store.load_recognised(index),
                            homes={g: homes[g] for g in groups[index] if g in homes})


class _UniqueIds:
    """The ids written so far; a repeated one is an ``InputError`` at its line (``score``
    would refuse the output, and which of the two documents is meant cannot be told)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.first: dict[str, int] = {}

    def add(self, pairs: list[tuple[int, str]]) -> None:
        for location, doc_id in pairs:
            first = self.first.setdefault(doc_id, location)
            if first != location:
                raise InputError(f"document id {doc_id!r} is used again (first at "
                                 f"{self.path}:{first}); ids must be unique", self.path,
                                 location)


def _written_by(out: Path) -> list[tuple[Path, str]]:
    """Every path a run of ``out`` writes, each named as the option it comes from: all of
    them pass the one "is it an input" guard, not only ``out`` itself."""
    written = [(out, "--out")]
    if not is_stream(out):
        written.append((parts_dir(out), f"--out {out} (its chunks folder)"))
        listing = skipped_path(out)
        if listing is not None:
            written.append((listing, f"--out {out} (its skipped-rows list)"))
    return written


def _check_bad_rows(result: ChunkResult, source: Source, on_error: str, shown: int) -> None:
    if not result.bad_rows:
        return
    if on_error == "fail":
        first = result.bad_rows[0]
        raise InputError(f"{first.message} (--on-error skip skips bad rows)", source.path,
                         first.location)
    for bad in result.bad_rows[:max(0, SHOWN_BAD_ROWS - shown)]:
        log.warning("%s:%d: %s; skipped", source.path, bad.location, bad.message)
