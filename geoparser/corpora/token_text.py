"""A document's text rebuilt from its tokens, with each token's offsets, and typed token spans
turned into gold toponyms and entities.

Tokens are joined by one space unless the format says a token has no space after it
(CoNLL-U ``SpaceAfter=No``); sentences by a space, or by a line break where the format starts
a new paragraph or sentence on its own line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from geoparser.corpora.entity_types import TypeMap
from geoparser.corpora.toponym_record import entity, toponym


@dataclass
class TokenText:
    """Text built token by token; ``offsets`` holds each token's (start, end)."""

    parts: list[str] = field(default_factory=list)
    offsets: list[tuple[int, int]] = field(default_factory=list)
    length: int = 0
    _space: str = ""

    def add(self, token: str, space_after: bool = True) -> int:
        """Append a token; its index."""
        if self.parts and self._space:
            self.parts.append(self._space)
            self.length += len(self._space)
        self.parts.append(token)
        self.offsets.append((self.length, self.length + len(token)))
        self.length += len(token)
        self._space = " " if space_after else ""
        return len(self.offsets) - 1

    def break_line(self, separator: str = "\n") -> None:
        """The next token starts after ``separator`` instead of a space."""
        if self.parts:
            self._space = separator

    def text(self) -> str:
        return "".join(self.parts)


@dataclass(frozen=True)
class TypedSpan:
    """Tokens ``first`` to ``last`` (inclusive) annotated with a corpus type."""

    first: int
    last: int
    type: str
    link: str | None = None


def records(text: TokenText, spans: Iterable[TypedSpan], types: TypeMap
            ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The gold toponyms and entities of ``spans`` over ``text`` (by ``types``), each sorted
    by offsets; a span whose type maps to ``ignore`` is left out. Two spans over the same
    characters become one (the first), as a gold span is one annotation."""
    doc = text.text()
    toponyms: dict[tuple[int, int], dict[str, Any]] = {}
    entities: dict[tuple[int, int], dict[str, Any]] = {}
    for s in spans:
        start, end = text.offsets[s.first][0], text.offsets[s.last][1]
        if start >= end or (start, end) in toponyms:
            continue
        target = types.target(s.type)
        if target == "toponym":
            entities.pop((start, end), None)
            toponyms[(start, end)] = toponym(doc, "", start, end, label=s.type,
                                             name=_title(s.link))
        elif target != "ignore" and (start, end) not in entities:
            entities[(start, end)] = entity(doc, start, end, target, link=s.link, label=s.type)
    return _sorted(toponyms.values()), _sorted(entities.values())


def _title(link: str | None) -> str | None:
    """A Wikipedia identity as a place's name ("New_York_City" as "New York City")."""
    return link.replace("_", " ") if link else None


def _sorted(items: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(items, key=lambda t: (t["start"], t["end"]))


def document(doc_id: str, text: TokenText, spans: Sequence[TypedSpan], types: TypeMap
             ) -> dict[str, Any]:
    """One gold document object; ``entities`` only where there are some."""
    toponyms, entities = records(text, spans, types)
    out: dict[str, Any] = {"id": doc_id, "text": text.text(), "toponyms": toponyms}
    if entities:
        out["entities"] = entities
    return out
