"""Word lists recognition and resolution share, each one file here with its source and licence
at its head, read by ``words``.

A list file holds one entry a line: the word, then the names of the rules that read it (its
tags). Lines opening with "#" say where the list comes from. A rule reads the words tagged
with its name, so where two rules read different members of one list, the difference is
written in the file, word by word.
"""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def entries(name: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The words of the list ``name`` (``name.txt`` here) with their tags, in file order."""
    text = resources.files(__package__).joinpath(f"{name}.txt").read_text(encoding="utf-8")
    out = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        word, *tags = line.split()
        out.append((word, frozenset(tags)))
    return tuple(out)


def words(name: str, tag: str | None = None) -> tuple[str, ...]:
    """The words of the list ``name`` (those tagged ``tag`` when given), in file order."""
    return tuple(w for w, tags in entries(name) if tag is None or tag in tags)
