"""Reading BRAT standoff files: text-bound annotations (``T``) and their notes (``#``).

A ``T`` line is ``T12<TAB>Type start end[;start end...]<TAB>covered text``; a discontinuous span
is taken from its first start to its last end. The covered text may itself contain line breaks,
so a line that does not start a new annotation continues the previous one.

A BRAT corpus is a folder of ``.ann``/``.txt`` pairs; given one file instead, its reader reads
that one document, never the whole folder around it. The annotation types tell one corpus from
another: a folder whose annotations are all of types the asked format does not read is
refused, naming the format they look like, rather than converted to documents without gold.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from geoparser.errors import InputError
from geoparser.io.bounded_read import read_whole_file

_ID = re.compile(r"^[TRENAM#*]\d*\t")

#: The text-bound annotation types of each BRAT corpus read here, by ``--from`` name: GeoWebNews
#: (its release's brat_annotation.conf) and SemEval-2019 Task 12 (its training data).
CORPUS_TYPES: dict[str, frozenset[str]] = {
    "gwn": frozenset({"Literal", "Literal_Modifier", "Mixed", "Coercion", "Embedded_Literal",
                      "Metonymic", "Non_Literal_Modifier", "Embedded_Non_Lit", "Demonym",
                      "Language", "Homonym", "Non_Toponym", "Literal_Expression",
                      "Non_Lit_Expression"}),
    "semeval2019": frozenset({"Location", "Protein"}),
}


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


def ann_files(path: Path, order: Callable[[Path], Any] | None = None) -> list[Path]:
    """The ``.ann`` files to read: every one in the folder ``path`` (sorted by ``order``), or
    the one document a file names (its ``.ann``, or the ``.ann`` beside its ``.txt``)."""
    if path.is_dir():
        anns = sorted((p for p in path.glob("*.ann") if p.is_file()), key=order)
        if not anns:
            raise InputError("no BRAT .ann files here", path)
        return anns
    if path.suffix == ".ann":
        return [path]
    if path.suffix == ".txt":
        if not path.with_suffix(".ann").is_file():
            raise InputError("no .ann file beside this .txt file", path)
        return [path.with_suffix(".ann")]
    raise InputError("not a BRAT file: give a folder of .ann/.txt pairs, or one .ann file",
                     path)


def read_corpus_anns(path: Path, fmt: str, order: Callable[[Path], Any] | None = None
                     ) -> list[tuple[Path, list[TextBound]]]:
    """Each ``.ann`` file to read (``ann_files``) with its annotations. Refuses a corpus whose
    files hold annotations but not one of a type ``fmt`` reads (``CORPUS_TYPES``), in one line
    naming the types found and the format they look like."""
    read = [(ann, read_ann(ann)) for ann in ann_files(path, order)]
    types = Counter(tb.type for _, tbs in read for tb in tbs)
    if types and not types.keys() & CORPUS_TYPES[fmt]:
        raise InputError(_not_this_format(fmt, types), path)
    return read


def _not_this_format(fmt: str, types: Counter[str]) -> str:
    """Which types were found instead of ``fmt``'s, and which format reads them."""
    found = ", ".join(f"{t} ({n})" for t, n in types.most_common(3))
    more = f" and {len(types) - 3} more types" if len(types) > 3 else ""
    fits = {name: sum(n for t, n in types.items() if t in known)
            for name, known in CORPUS_TYPES.items() if name != fmt}
    best = max(fits, key=lambda name: fits[name])
    hint = (f"; they look like --from {best}" if fits[best]
            else "; no BRAT format read here uses these types")
    return (f"none of the {types.total()} annotations is of a type --from {fmt} reads: "
            f"found {found}{more}{hint}")
