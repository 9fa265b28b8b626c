"""One chunk of a corpus as a unit of work: decode its records, geoparse the good ones, render
the output part. Runs wherever the executor puts it (this process, a worker process, a Dask
worker), so its input and result are plain picklable data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from geoparser.batch.part_formats import PART_FORMATS
from geoparser.batch.pass_tally import PassTally, proposed_between, proposed_so_far, tally
from geoparser.batch.stages import (
    PipelineSpec,
    parse_documents,
    resolve_documents,
    stages_for,
)
from geoparser.errors import InputError
from geoparser.io.sources import Record, RowDecoder
from geoparser.model import Document, Mention, ParsedDocument
from geoparser.resolution.base import HomeRegion


@dataclass(frozen=True)
class BadRow:
    """A record that could not be read as a document, and why."""

    location: int
    message: str


@dataclass(frozen=True)
class ChunkTask:
    """One chunk to geoparse: its records, or (a grouped run's second pass) its recognised
    documents (``group_pass.RecognisedChunk.data``) and the home regions of its groups."""

    index: int
    records: list[Record]
    decoder: RowDecoder
    spec: PipelineSpec
    output_format: str
    with_candidates: bool = False
    recognised: bytes | None = None
    homes: dict[str, HomeRegion] | None = None


@dataclass
class ChunkResult:
    index: int
    read: int
    parsed: int
    mentions: int
    resolved: int
    bad_rows: list[BadRow]
    data: bytes
    meta: dict[str, Any] = field(default_factory=dict)
    #: (location, id) of every document written, so the run can refuse a repeated id.
    ids: list[tuple[int, str]] = field(default_factory=list)
    #: Per recognition pass, the spans it proposed and the toponyms it wrote (``pass_tally``).
    passes: PassTally = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        """Everything but the data, as JSON-ready values (kept beside the part)."""
        return {"index": self.index, "read": self.read, "parsed": self.parsed,
                "mentions": self.mentions, "resolved": self.resolved,
                "bad_rows": [[b.location, b.message] for b in self.bad_rows], "meta": self.meta,
                "ids": [[loc, doc_id] for loc, doc_id in self.ids], "passes": self.passes}


def decode_records(decoder: RowDecoder, records: list[Record]
                   ) -> tuple[list[tuple[int, Document]], list[BadRow]]:
    """The records that are documents (with their locations), and those that are not."""
    docs, bad = [], []
    for location, payload in records:
        try:
            docs.append((location, decoder.decode(location, payload)))
        except InputError as exc:
            bad.append(BadRow(location, exc.detail))
    return docs, bad


def parse_records(spec: PipelineSpec, decoder: RowDecoder, records: list[Record]
                  ) -> tuple[list[tuple[int, ParsedDocument]], list[BadRow], dict[str, int]]:
    """Geoparse the good records with this process's stages; report the bad ones, and the
    spans each recognition pass proposed in them."""
    docs, bad = decode_records(decoder, records)
    stages = stages_for(spec)
    before = proposed_so_far(stages.recogniser)
    parsed = parse_documents(stages, [d for _, d in docs])
    proposed = proposed_between(before, proposed_so_far(stages.recogniser))
    return [(loc, p) for (loc, _), p in zip(docs, parsed, strict=True)], bad, proposed


def _mention(fields: dict[str, Any]) -> Mention:
    """A mention from its JSON fields; the span it was read inside back to a pair."""
    within = fields.get("within")
    return Mention(**{**fields, "within": tuple(within) if within else None})


def read_recognised(data: bytes) -> tuple[list[tuple[int, ParsedDocument]], list[Any], int]:
    """The documents with their mentions, the bad rows and the number of records read, of a
    grouped run's first pass (``group_pass.RecognisedChunk.data``: JSON, never code)."""
    payload = msgspec.json.decode(data)
    docs = [(int(loc), ParsedDocument(Document(d["id"], d["text"], source=d["source"]),
                                      [_mention(m) for m in mentions]))
            for loc, d, mentions in payload["documents"]]
    return docs, payload["bad_rows"], int(payload["read"])


def resolve_recognised(task: ChunkTask) -> tuple[list[tuple[int, ParsedDocument]],
                                                  list[BadRow], int, dict[str, int]]:
    """A grouped run's second pass: resolve the chunk's recognised documents with the whole
    corpus's home regions; also how many records the chunk read, and the spans each
    recognition pass proposed in its first pass."""
    data = task.recognised or b""
    docs, bad, read = read_recognised(data)
    parsed = resolve_documents(stages_for(task.spec), [p for _, p in docs], task.homes or {})
    proposed = {str(k): int(v) for k, v in msgspec.json.decode(data).get("passes", {}).items()}
    return ([(loc, p) for (loc, _), p in zip(docs, parsed, strict=True)],
            [BadRow(int(loc), str(msg)) for loc, msg in bad], read, proposed)


def run_chunk(task: ChunkTask) -> ChunkResult:
    """Geoparse one chunk and render its output part."""
    if task.recognised is not None:
        parsed, bad, read, proposed = resolve_recognised(task)
    else:
        parsed, bad, proposed = parse_records(task.spec, task.decoder, task.records)
        read = len(task.records)
    docs = [p for _, p in parsed]
    part_format = PART_FORMATS.create(task.output_format)
    if task.with_candidates:
        part_format.with_candidates = True  # JSONL or GeoJSON; BatchOptions.check saw to it
    data, meta = part_format.render(docs)
    return ChunkResult(
        index=task.index, read=read, parsed=len(docs),
        mentions=sum(len(d.mentions) for d in docs),
        resolved=sum(1 for d in docs for r in d.resolutions
                     if r.candidate and r.candidate.has_point),
        bad_rows=bad, data=data, meta=meta, ids=[(loc, p.document.id) for loc, p in parsed],
        passes=tally(proposed, docs),
    )
