"""Resolve the gold mentions of a whole corpus, streaming (``toposcope resolve``).

Memory is bounded by the chunk size, not the corpus size. Recognition is skipped: resolving
the gold mentions is how toponym-resolution results are usually published (it separates
resolution errors from recognition errors). End-to-end geoparsing of corpora, with workers
and resume, is ``geoparser.batch.run`` (``toposcope parse``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import TypeVar

from geoparser.errors import InputError
from geoparser.gazetteers.base import Gazetteer
from geoparser.io.documents import SOURCE_FIELD, iter_documents
from geoparser.io.output_path import check_output
from geoparser.io.writers import create_writer
from geoparser.model import Document, Mention, ParsedDocument
from geoparser.pipeline import lookup_all, recognise, resolve
from geoparser.progress import track
from geoparser.recognition.base import Recogniser
from geoparser.resolution.base import SOURCE_PREFERENCE, Policy, policy_order
from geoparser.resolution.home import HomeRegion, HomeVotes

T = TypeVar("T")


@dataclass
class CorpusStats:
    """Counts for the closing line of a corpus run."""

    documents: int = 0
    mentions: int = 0
    resolved: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        rate = self.documents / self.seconds if self.seconds else 0.0
        return (f"{self.documents} documents, {self.mentions} toponyms, {self.resolved} resolved "
                f"with coordinates, in {self.seconds:.1f} s ({rate:.1f} documents/s)")


def chunked(items: Iterable[T], size: int | None) -> Iterator[list[T]]:
    """Lists of ``size`` items (all of them in one list when ``size`` is None)."""
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


def gold_mentions(doc: Document, source: str) -> list[Mention]:
    """The gold toponyms of ``doc`` as mentions; each needs offsets."""
    mentions = []
    for t in doc.toponyms:
        if t.start is None or t.end is None:
            raise InputError(f"document {doc.id!r}: toponym {t.text!r} has no offsets; "
                             "resolution from gold mentions needs them", source)
        mentions.append(Mention(t.start, t.end, t.text, t.label or "GOLD", "gold",
                                    proposer="gold"))
    return sorted(mentions, key=lambda m: (m.start, m.end))


def resolve_corpus(
    source: Path, out: Path, gazetteer: Gazetteer, policy: Policy, fmt: str = "jsonl",
    chunk_size: int = 1000, context_recogniser: Recogniser | None = None,
    collection: bool = False, group_by: str | None = SOURCE_FIELD,
    min_confidence: float | None = None,
) -> CorpusStats:
    """Resolve the gold mentions of every document of ``source``.

    When the policy uses context (``uses_context``) and ``context_recogniser`` is given, the
    toponyms it finds in the text are evidence for the policy, never output. ``collection``:
    the documents belong together (``pipeline.resolve``), so they are resolved in one chunk.
    ``group_by``: the field that names each document's group (its paper); when documents have
    one, a first pass over the file reads each group's home region from its gold mentions
    (``resolution.home``), so a group's home does not depend on how it falls into chunks.
    A toponym whose confidence is below ``min_confidence`` is left unplaced.
    """
    check_output(out, [source])
    use_context = context_recogniser is not None and getattr(policy, "uses_context", False)
    homes = home_regions_of(source, gazetteer, group_by, policy_order(policy)) if group_by else {}
    docs = iter_documents(source, unique_ids=True, group_field=group_by)
    stats = CorpusStats()
    t0 = time.perf_counter()
    with create_writer(fmt, out) as writer:
        for chunk in chunked(track(docs, "resolving"), None if collection else chunk_size):
            mentions = [ParsedDocument(d, gold_mentions(d, str(source))) for d in chunk]
            extra = None
            if use_context:
                extra = {p.document.id: p.mentions for p in recognise(context_recogniser, chunk)}
            for parsed in resolve(mentions, gazetteer, policy, context_mentions=extra,
                                  collection=collection, homes=homes,
                                  min_confidence=min_confidence):
                writer.write(parsed)
                stats.documents += 1
                stats.mentions += len(parsed.mentions)
                stats.resolved += sum(
                    1 for r in parsed.resolutions if r.candidate and r.candidate.has_point)
    stats.seconds = time.perf_counter() - t0
    return stats


def home_regions_of(source: Path, gazetteer: Gazetteer, group_by: str,
                    order: Sequence[str] = SOURCE_PREFERENCE) -> dict[str, HomeRegion]:
    """Each group's home region, read off the gold mentions of the whole file (one pass,
    names looked up a chunk at a time; memory bounded by the number of groups); ``order``:
    the policy's point convention."""
    votes = HomeVotes(order)
    for chunk in chunked(iter_documents(source, group_field=group_by), 1000):
        if not any(d.source for d in chunk):
            for _ in chunk:
                votes.add(None, (), {})
            continue
        mentions = [gold_mentions(d, str(source)) for d in chunk]
        names = lookup_all(gazetteer, {m.text for ms in mentions for m in ms})
        for d, ms in zip(chunk, mentions, strict=True):
            votes.add(d.source, ms, names)
    return votes.regions()
