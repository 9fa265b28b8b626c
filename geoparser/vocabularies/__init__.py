"""Every word list the code reads, each one file here (a folder per stage for a stage's own
lists: ``decision/``, ``recognition/``, ``gazetteers/``, ``resolution/``) with its source and
licence at its head, read by ``words`` (or ``entries``, ``pairs``).

A list file holds one entry a line: the word, then the names of the rules that read it (its
tags). Lines opening with "#" say where the list comes from. A rule reads the words tagged
with its name, so where two rules read different members of one list, the difference is
written in the file, word by word. A word of several words is quoted ("DR Congo"). A list
whose words belong to a place says which in a field ``KEY=VALUE`` after the word
(``country=CD``, ``continent=Africa``), read by ``pairs``; such a field is no tag.
"""

from __future__ import annotations

import shlex
from functools import cache
from importlib import resources


@cache
def _rows(name: str) -> tuple[tuple[str, ...], ...]:
    """The entries of the list ``name`` (``name.txt`` here), each split into its fields."""
    text = resources.files(__package__).joinpath(f"{name}.txt").read_text(encoding="utf-8")
    return tuple(tuple(shlex.split(line)) for line in text.splitlines()
                 if line.strip() and not line.startswith("#"))


def entries(name: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The words of the list ``name`` with their tags, in file order."""
    return tuple((word, frozenset(f for f in rest if "=" not in f))
                 for word, *rest in _rows(name))


def pairs(name: str, key: str, tag: str | None = None) -> tuple[tuple[str, str], ...]:
    """(word, the value of its ``key=`` field) for the words of the list ``name`` (those
    tagged ``tag`` when given), in file order: ``pairs("country_initials", "country",
    "alias")``."""
    out = []
    for word, *rest in _rows(name):
        if tag is None or tag in rest:
            fields = dict(f.split("=", 1) for f in rest if "=" in f)
            out.append((word, fields[key]))
    return tuple(out)


def words(name: str, tag: str | None = None) -> tuple[str, ...]:
    """The words of the list ``name`` (those tagged ``tag`` when given), in file order."""
    return tuple(w for w, tags in entries(name) if tag is None or tag in tags)
