"""Spans of a text kept in order of their start, so that the rules asking "does a span overlap
or hold this one?" read only the spans near it, not every span of the document.

Asked of a list, that question costs a pass over every span for every mention, and a long
document (a 100,000-character request) makes a quadratic of it. ``SpanIndex.near`` gives every
span that could overlap or hold a span: those starting at most one longest-span before it and
no later than its end. A caller keeps its own test over that shorter list, so the answer is
the one the whole list gave.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort
from collections.abc import Iterable


class SpanIndex:
    """``(start, end)`` spans, added in any order."""

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        self._spans = sorted(spans)
        self._starts = [s for s, _ in self._spans]
        self._longest = max((e - s for s, e in self._spans), default=0)

    def add(self, start: int, end: int) -> None:
        insort(self._spans, (start, end))
        self._starts.insert(bisect_right(self._starts, start), start)
        self._longest = max(self._longest, end - start)

    def near(self, start: int, end: int) -> list[tuple[int, int]]:
        """Every span that overlaps ``start``..``end`` or holds it (and perhaps a few that do
        neither): each ``(a, b)`` with ``start - longest <= a <= end``."""
        lo = bisect_left(self._starts, start - self._longest)
        hi = bisect_right(self._starts, end)
        return self._spans[lo:hi]

    def __len__(self) -> int:
        return len(self._spans)
