"""Entity spans from a sentence's BIO tags: IOB2 (every entity starts with ``B-``), IOB1 (an
entity starts with ``I-``; ``B-`` only where it follows one of the same type) and BIOES/BILOU
(``E-``/``L-`` ends an entity, ``S-``/``U-`` is one of a single token).

``scheme_of`` reads which one a file uses from all its tags; ``spans`` decodes one sentence,
raising ``TagError`` at the first tag the scheme does not allow (an ``I-`` that starts an
entity in IOB2, an ``I-LOC`` after ``B-PER``), with its index so the reader can name the line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, get_args

Scheme = Literal["auto", "iob1", "iob2", "bioes"]
SCHEMES: tuple[str, ...] = get_args(Scheme)

_PREFIXES = {"B": "B", "I": "I", "E": "E", "S": "S", "L": "E", "U": "S"}


class TagError(ValueError):
    """A tag that is not well formed, or not allowed where it stands."""

    def __init__(self, index: int, message: str):
        super().__init__(message)
        self.index = index


def split_tag(tag: str, index: int) -> tuple[str, str | None]:
    """A tag's prefix (``O``, ``B``, ``I``, ``E``, ``S``) and entity type."""
    if tag in ("O", "o", "_"):
        return "O", None
    prefix, sep, kind = tag.partition("-")
    if not sep or not kind or prefix.upper() not in _PREFIXES:
        raise TagError(index, f"tag {tag!r} is not O or B-TYPE, I-TYPE (E-, S- for BIOES)")
    return _PREFIXES[prefix.upper()], kind


def scheme_of(sentences: Sequence[Sequence[tuple[str, str | None]]]) -> Scheme:
    """The scheme a file's split tags use: BIOES when any tag is ``E-`` or ``S-``; IOB1 when
    some entity starts with ``I-`` and every ``B-`` follows a token of its own type; else
    IOB2 (where ``spans`` then refuses an ``I-`` that starts an entity)."""
    starts_with_i = b_elsewhere = False
    for tags in sentences:
        previous: tuple[str, str | None] = ("O", None)
        for prefix, kind in tags:
            if prefix in ("E", "S"):
                return "bioes"
            if prefix == "I" and (previous[0] == "O" or previous[1] != kind):
                starts_with_i = True
            if prefix == "B" and (previous[0] == "O" or previous[1] != kind):
                b_elsewhere = True
            previous = (prefix, kind)
    return "iob1" if starts_with_i and not b_elsewhere else "iob2"


def spans(tags: Sequence[tuple[str, str | None]], scheme: Scheme
          ) -> list[tuple[int, int, str]]:
    """(first token, last token + 1, type) of each entity in one sentence's split tags."""
    out: list[tuple[int, int, str]] = []
    open_at: int | None = None
    open_kind: str | None = None

    def close(end: int) -> None:
        nonlocal open_at, open_kind
        if open_at is not None and open_kind is not None:
            out.append((open_at, end, open_kind))
        open_at, open_kind = None, None

    for i, (prefix, kind) in enumerate(tags):
        inside = open_at is not None and kind == open_kind
        if prefix == "O":
            if scheme == "bioes" and open_at is not None:
                raise TagError(i, f"{open_kind} entity not closed with E- before O")
            close(i)
        elif prefix == "B":
            if scheme == "bioes" and open_at is not None:
                raise TagError(i, f"{open_kind} entity not closed with E- before B-")
            close(i)
            open_at, open_kind = i, kind
        elif prefix == "I":
            if not inside:
                if scheme != "iob1":
                    what = f"after {open_kind}" if open_at is not None else "after O"
                    raise TagError(i, f"I-{kind} {what} starts no entity in {scheme.upper()}"
                                   " (use B-, or --tags iob1)")
                close(i)
                open_at, open_kind = i, kind
        elif prefix == "E":
            if not inside:
                raise TagError(i, f"E-{kind} ends no {kind} entity")
            close(i + 1)
        elif prefix == "S":
            if open_at is not None:
                raise TagError(i, f"{open_kind} entity not closed with E- before S-")
            out.append((i, i + 1, kind or ""))
    if scheme == "bioes" and open_at is not None:
        raise TagError(len(tags) - 1, f"{open_kind} entity not closed with E- at the end")
    close(len(tags))
    return out
