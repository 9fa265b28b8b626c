"""What a scheme returns: overall figures, per-document figures, and per-item details."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from evaluation.false_positives import FalsePositives, json_part, markdown_part
from evaluation.metrics import Counts


@dataclass(frozen=True)
class DocumentScore:
    """Counts for one document, and one detail record per gold or spurious item."""

    id: str
    counts: Counts
    details: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class SchemeResult:
    """A scheme's verdict on a corpus: ``overall`` sums the documents' counts (micro)."""

    scheme: str
    options: dict[str, Any]
    documents: tuple[DocumentScore, ...]
    notes: tuple[str, ...] = field(default=())
    #: What the false positives lay on, where the gold annotates other entities.
    false_positives: FalsePositives | None = None

    @property
    def overall(self) -> Counts:
        return sum((d.counts for d in self.documents), Counts())

    def to_json(self, lazy: bool = False) -> dict[str, Any]:
        """The result as JSON data; ``lazy``: "documents" is an iterator (streamed output)."""
        docs = ({"id": d.id, **d.counts.as_dict()} for d in self.documents)
        return {
            "scheme": self.scheme,
            "options": self.options,
            "overall": self.overall.as_dict(),
            "documents": docs if lazy else list(docs),
            **json_part(self.false_positives),
            **({"notes": list(self.notes)} if self.notes else {}),
        }

    def to_rows(self) -> list[dict[str, Any]]:
        """One row per document, then the overall row, then one a kind of thing the false
        positives lay on (where the gold has other entities)."""
        return [*({"id": d.id, **d.counts.as_dict()} for d in self.documents),
                {"id": "overall", **self.overall.as_dict()},
                *(self.false_positives.to_rows() if self.false_positives else ())]

    def to_markdown(self) -> str:
        from evaluation.markdown import table

        rows = [r for r in self.to_rows() if "id" in r]  # the documents and the overall row
        keys = list(rows[-1])
        out = [f"## Coursework scoring (`{self.scheme}`)", "",
               f"Match mode `{self.options.get('match')}`.", "",
               table(keys, [[r[k] for k in keys] for r in rows])]
        out += markdown_part(self.false_positives)
        out += [f"\nNote: {note}" for note in self.notes]
        return "\n".join(out) + "\n"


class EncodedLines:
    """A lazy list whose items are already compact JSON: blocks of UTF-8 bytes, each item one
    line ending in a newline. ``to_json(lazy=True)`` may give one where ``score_output``
    would otherwise encode Python items (semeval's per-document part, made from arrays)."""

    def __init__(self, blocks: Iterable[bytes]) -> None:
        self.blocks = iter(blocks)
