"""The first pass of a grouped run: recognise every chunk once and count its groups' home
votes, so that a group's home region comes from all its documents, not from the chunk each
happens to share.

Where documents name their group (``parse --group-by``, the paper each story appeared in), a
group's home region (``resolution.home``) decides between namesakes. Read off one chunk, it
would change with the chunk size, the order of the input and its neighbours. So a grouped run
recognises each chunk here first (the expensive step, done once), keeps its documents and
mentions as JSON in the parts folder (``RecognisedChunk``: data, never code), and returns the
chunk's votes; the run merges all votes into the corpus's home regions and then resolves each
kept chunk with them (``chunk_task.run_chunk``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import msgspec

from geoparser.batch.chunk_task import decode_records, read_recognised
from geoparser.batch.pass_tally import proposed_between, proposed_so_far
from geoparser.batch.stages import PipelineSpec, stages_for
from geoparser.io.sources import Record, RowDecoder
from geoparser.pipeline import lookup_all, recognise
from geoparser.resolution.base import policy_order
from geoparser.resolution.home import HomeVotes


@dataclass(frozen=True)
class RecogniseTask:
    index: int
    records: list[Record]
    decoder: RowDecoder
    spec: PipelineSpec


@dataclass
class RecognisedChunk:
    """One chunk after recognition: its documents, mentions, bad rows and home votes, as the
    JSON bytes the second pass reads (``read_recognised``, ``votes_of``)."""

    index: int
    read: int
    data: bytes


def recognise_chunk(task: RecogniseTask) -> RecognisedChunk:
    """Decode, recognise and look up one chunk; its documents, mentions and bad rows as JSON,
    the home votes of its groups and the spans each recognition pass proposed."""
    stages = stages_for(task.spec)
    docs, bad = decode_records(task.decoder, task.records)
    before = proposed_so_far(stages.recogniser)
    parsed = recognise(stages.recogniser, [d for _, d in docs])
    proposed = proposed_between(before, proposed_so_far(stages.recogniser))
    names = lookup_all(stages.gazetteer, {m.text for p in parsed for m in p.mentions})
    votes = HomeVotes(policy_order(stages.policy))
    for p in parsed:
        votes.add(p.document.source, p.mentions, names)
    payload = {
        "documents": [[loc, {"id": p.document.id, "text": p.document.text,
                             "source": p.document.source},
                       [asdict(m) for m in p.mentions]]
                      for (loc, _), p in zip(docs, parsed, strict=True)],
        "bad_rows": [[b.location, b.message] for b in bad],
        "read": len(task.records),
        **votes.as_lists(),
        "passes": proposed,
    }
    return RecognisedChunk(task.index, len(task.records), msgspec.json.encode(payload))


def readable(data: bytes) -> bool:
    """Whether ``data`` is a whole ``RecognisedChunk.data`` (a kept one may be damaged)."""
    try:
        votes_of(data)
        read_recognised(data)
    except (msgspec.DecodeError, KeyError, TypeError, ValueError):
        return False
    return True


def votes_of(data: bytes) -> tuple[HomeVotes, list[str], list[Any]]:
    """The home votes, the groups and the bad rows of ``RecognisedChunk.data``."""
    payload = msgspec.json.decode(data)
    votes = HomeVotes.from_lists(payload)
    groups = sorted({d["source"] for _, d, _ in payload["documents"] if d["source"]})
    return votes, groups, payload["bad_rows"]
