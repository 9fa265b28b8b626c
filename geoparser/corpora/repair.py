"""Offsets that don't match their text: find the phrase nearby instead, and say so.

Corpora carry off-by-one offsets, offsets counted over a different text, and phrases split by
line breaks. ``Repairs.locate`` returns usable offsets for an annotation: the given ones when
the text there is the phrase (allowing for whitespace and hyphenation differences), otherwise
the occurrence of the phrase nearest the given start; when the phrase is nowhere in the text
the annotation is kept without offsets. Each repair and failure is counted and described.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


def _loose(text: str) -> str:
    """Letters only: line breaks, hyphenation and spacing differences don't count."""
    return re.sub(r"[\s\-]+", "", text)


def _pattern(phrase: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in re.split(r"\s+", phrase.strip()) if w]
    body = r"\s+".join(words).replace(r"\-", r"-\s*")
    return re.compile(body)


@dataclass
class Repairs:
    """Counts and descriptions of the annotations whose offsets had to be repaired."""

    repaired: int = 0
    unplaced: int = 0
    details: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.repaired + self.unplaced

    def locate(self, text: str, phrase: str, start: int | None, end: int | None, where: str
               ) -> tuple[int | None, int | None]:
        """Offsets of ``phrase`` in ``text``, given annotated ``start``/``end`` (may be wrong)."""
        if (start is not None and end is not None and 0 <= start < end <= len(text)
                and (text[start:end] == phrase or _loose(text[start:end]) == _loose(phrase))):
            return start, end
        hits = [m.span() for m in _pattern(phrase).finditer(text)] if phrase.strip() else []
        if hits:
            anchor = start if start is not None else 0
            s, e = min(hits, key=lambda h: (abs(h[0] - anchor), h[0]))
            self.repaired += 1
            self.details.append(f"{where}: {phrase!r} at {start}-{end} moved to {s}-{e}")
            return s, e
        self.unplaced += 1
        self.details.append(f"{where}: {phrase!r} at {start}-{end} not found; kept without "
                            "offsets")
        return None, None
