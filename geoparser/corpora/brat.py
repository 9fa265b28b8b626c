"""Reading BRAT standoff files: text-bound annotations (``T``) and their notes (``#``).

A ``T`` line is ``T12<TAB>Type start end[;start end...]<TAB>covered text``; a discontinuous span
is taken from its first start to its last end. The covered text may itself contain line breaks,
so a line that does not start a new annotation continues the previous one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from geoparser.errors import InputError
from geoparser.io.bounded_read import read_whole_file

_ID = re.compile(r"^[TRENAM#*]\d*\t")


@dataclass
class TextBound:
    id: str
    type: str
    start: int
    end: int
    phrase: str
    notes: list[str] = field(default_factory=list)


def read_ann(path: Path) -> list[TextBound]:
    """Text-bound annotations in file order, each with its ``AnnotatorNotes``."""
    raw = read_whole_file(path, "BRAT annotation file").decode("utf-8", errors="replace")
    lines: list[str] = []
    for line in raw.replace("\r\n", "\n").rstrip("\n").split("\n"):
        if _ID.match(line) or not lines:
            lines.append(line)
        else:
            lines[-1] += "\n" + line
    out: dict[str, TextBound] = {}
    notes: list[tuple[str, str]] = []
    for lineno, line in enumerate(lines, start=1):
        parts = line.split("\t")
        if line.startswith("T") and len(parts) >= 3:
            try:
                kind, spans = parts[1].split(" ", 1)
                segments = [tuple(map(int, s.split())) for s in spans.split(";")]
                start, end = segments[0][0], segments[-1][1]
            except ValueError:
                raise InputError(f"unreadable annotation {parts[1]!r}", path, lineno) from None
            phrase = "\t".join(parts[2:]).strip("\n")  # the covered text may hold tabs
            out[parts[0]] = TextBound(parts[0], kind, start, end, phrase)
        elif line.startswith("#") and len(parts) >= 3:
            target = parts[1].split(" ")[-1]
            notes.append((target, parts[2]))
    for target, note in notes:
        if target in out:
            out[target].notes.append(note)
    return list(out.values())
