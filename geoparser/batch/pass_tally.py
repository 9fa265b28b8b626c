"""How many spans each recognition pass proposed in a run, and how many of them it wrote.

A pass's proposals are counted where the recogniser runs (``Tidied.pass_counts``, per
process), so a chunk counts them as the difference its own documents made; the toponyms it
wrote are counted from the chunk's output (``Mention.proposer``; a span the decision
rejected is not written). Each chunk keeps its counts beside its part, and the run sums
them: the totals are the same whatever the chunk size, the workers or a resumed run
(``parse --explain-passes``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from geoparser.model import ParsedDocument
from geoparser.recognition.base import Recogniser
from geoparser.recognition.passes.chain import PASSES

#: Per pass name: [spans proposed, toponyms written].
PassTally = dict[str, list[int]]


def proposed_so_far(recogniser: Recogniser) -> dict[str, int]:
    """Spans each pass of ``recogniser`` proposed so far in this process (none for a
    recogniser built without the passes, ``create_recogniser(tidy=False)``)."""
    counts = getattr(recogniser, "pass_counts", None)
    if counts is None:
        return {}
    return {name: c.proposed for name, c in counts().items()}


def proposed_between(before: Mapping[str, int], after: Mapping[str, int]) -> dict[str, int]:
    """Spans each pass proposed between two ``proposed_so_far`` readings."""
    return {name: n - before.get(name, 0) for name, n in after.items()}


def tally(proposed: Mapping[str, int], docs: Iterable[ParsedDocument]) -> PassTally:
    """Each pass's proposals and the toponyms of ``docs`` it proposed, in chain order."""
    written = dict.fromkeys((p.name for p in PASSES), 0)
    for doc in docs:
        rejected = {(r.mention.start, r.mention.end) for r in doc.resolutions if r.rejected}
        for m in doc.mentions:
            if m.proposer in written and (m.start, m.end) not in rejected:
                written[m.proposer] += 1
    return {name: [int(proposed.get(name, 0)), n] for name, n in written.items()}


def add(total: PassTally, more: Mapping[str, list[int]]) -> None:
    """Add one chunk's tally (as kept beside its part) to ``total``."""
    for name, (proposed, written) in more.items():
        row = total.setdefault(name, [0, 0])
        row[0] += int(proposed)
        row[1] += int(written)


def table(total: Mapping[str, list[int]]) -> str:
    """The tally as a plain-text table, one pass a line in chain order, and a total."""
    width = max([len("all passes"), *(len(n) for n in total)])
    lines = [f"{'pass':<{width}}  {'proposed':>8}  {'written':>8}"]
    lines += [f"{name:<{width}}  {p:>8,}  {w:>8,}" for name, (p, w) in total.items()]
    lines.append(f"{'all passes':<{width}}  {sum(p for p, _ in total.values()):>8,}  "
                 f"{sum(w for _, w in total.values()):>8,}")
    return "\n".join(lines)
