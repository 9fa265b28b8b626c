"""Where a chunked run keeps its finished chunks until the whole output can be written.

Layout, beside the output ``OUT``::

    OUT.parts/run.json              what the run is: input fingerprint, columns, pipeline,
                                    output format, chunk size (a resume must match it)
    OUT.parts/chunk-00000042.jsonl  chunk 42's output (suffix per format)
    OUT.parts/chunk-00000042.json   chunk 42's counts and bad rows; written last, so a chunk
                                    is finished exactly when this file exists

Chunk *k* holds input records ``k * chunk_size`` to ``(k + 1) * chunk_size - 1``, counted in
reading order, so the same input always splits the same way. Every file is written under a
temporary name and renamed, so an interruption (Ctrl-C, a killed worker, power loss) leaves
only whole chunks; ``--resume`` redoes just the chunks without a ``.json``, in any order. When
every chunk is finished the parts are joined in order into ``OUT`` (atomically, too), the
skipped rows listed in ``OUT.skipped.jsonl``, and ``OUT.parts`` removed.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from geoparser.batch.chunk_task import ChunkResult
from geoparser.batch.part_formats import PartFormat
from geoparser.errors import UsageError
from geoparser.io.atomic import atomic_path, write_bytes_atomic, write_text_atomic

MANIFEST = "run.json"


def parts_dir(out: Path) -> Path:
    return out.with_name(out.name + ".parts")


def skipped_path(out: Path) -> Path:
    return out.with_name(out.name + ".skipped.jsonl")


@dataclass
class Totals:
    """Counts over every chunk of the corpus, this run's and any resumed ones."""

    read: int = 0
    parsed: int = 0
    skipped: int = 0
    mentions: int = 0
    resolved: int = 0
    chunks: int = 0


class PartStore:
    """The finished chunks of one run of ``OUT``."""

    def __init__(self, out: Path, manifest: dict[str, Any], fmt: PartFormat) -> None:
        self.out = Path(out)
        self.dir = parts_dir(self.out)
        self.manifest = manifest
        self.fmt = fmt

    def _data(self, index: int) -> Path:
        return self.dir / f"chunk-{index:08d}{self.fmt.suffix}"

    def _summary(self, index: int) -> Path:
        return self.dir / f"chunk-{index:08d}.json"

    def open(self, resume: bool) -> set[int]:
        """Start a run, or with ``resume`` continue one; returns the finished chunks."""
        if self.dir.exists():
            done = self.finished()
            if not resume:
                raise UsageError(
                    f"{self.dir} holds {len(done)} finished chunks of an unfinished run; rerun "
                    "with --resume to finish it, or delete that folder to start again")
            self._check_manifest()
            return done
        self.dir.mkdir(parents=True)
        write_text_atomic(self.dir / MANIFEST, json.dumps(self.manifest, indent=2) + "\n")
        return set()

    def _check_manifest(self) -> None:
        try:
            old = json.loads((self.dir / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            raise UsageError(f"{self.dir} has no readable {MANIFEST}; delete the folder to "
                             "start again") from None
        changed = sorted(k for k in self.manifest.keys() | old.keys()
                         if self.manifest.get(k) != old.get(k))
        if changed:
            raise UsageError(
                f"cannot resume: {', '.join(changed)} differ from the unfinished run in "
                f"{self.dir}; run it with the same input and options, or delete the folder")

    def finished(self) -> set[int]:
        return {int(p.stem.split("-")[1]) for p in self.dir.glob("chunk-*.json")}

    def save(self, result: ChunkResult) -> None:
        """Keep one chunk: its data first, then the summary that marks it finished."""
        write_bytes_atomic(self._data(result.index), result.data)
        write_text_atomic(self._summary(result.index), json.dumps(result.summary()))

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
            if on_bad_row:
                for loc, msg in s["bad_rows"]:
                    on_bad_row(loc, msg)
        return t

    def _load_summary(self, index: int) -> dict[str, Any]:
        try:
            return json.loads(self._summary(index).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise RuntimeError(f"chunk {index} is not finished in {self.dir}") from None

    def finish(self, n_chunks: int, source: str) -> Totals:
        """Join the parts into the output, list the skipped rows, remove the parts."""
        listing = skipped_path(self.out)
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
        shutil.rmtree(self.dir, ignore_errors=True)
