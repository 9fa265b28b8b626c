"""The name a place's name opens or closes: "[Colorado] State University", "the [Dubai] World
Cup", "University of [California]", "Air [Canada] Cargo".

Such a place word is judged by its container's kind: GeoWebNews annotates a facility or an
event whole (so the place word alone is not its toponym) and the place that names a body
alone ("the [Illinois] Department of Public Health"); GeoVirus annotates neither. The kinds
are the last words of names (``vocabularies/decision/name_heads.txt``); the span decision
learns what each means.
"""

from __future__ import annotations

import re
from functools import cache

from geoparser.vocabularies import entries, words

#: A container's kind, by the category the model reads: "none" (no name continues the span),
#: "name" (capitalised words follow, none of them a head of
#: ``vocabularies/decision/name_heads.txt``), then the kinds of that list.
CONTAINERS: tuple[str, ...] = ("none", "name", "facility", "event", "body", "title", "media",
                               "company", "team", "area")
#: Capitalised words after the span, "of", "for", "&" and "of the" allowed between them: the
#: rest of a name the span opens ("[Illinois] Department of Public Health"); six words at most.
_AFTER = re.compile(r"(?:[ \t]+|’s\s+|'s\s+)((?:(?:of|for|&|of the)\s+)?[A-Z][\w'’.&-]*"
                    r"(?:\s+(?:(?:of|for|&|of the)\s+)?[A-Z][\w'’.&-]*){0,5})")
#: A head and "of" ("of the") right before the span: "University of [California]".
_BEFORE = re.compile(r"\b([A-Z][\w'’-]*)\s+of(?:\s+the)?\s+$")


@cache
def heads() -> dict[str, str]:
    """Each head word of ``vocabularies/decision/name_heads.txt`` and its kind, and the
    ``facility`` heads of ``vocabularies/facility_heads.txt`` (those tagged ``decision``),
    capitalised as a name's head is written."""
    facilities = {f"{word[:1].upper()}{word[1:]}": "facility"
                  for word in words("facility_heads", "decision")}
    return {**facilities, **{word: kind for word, (kind,) in entries("decision/name_heads")}}


def container(text: str, start: int, end: int) -> str:
    """The kind of the name the span ``start:end`` opens (the last head among the capitalised
    words after it) or closes ("<head> of [span]"); "name" where capitalised words follow but
    none is a head; "none" where no name continues it (one of ``CONTAINERS``)."""
    kinds = heads()
    # 80 characters after the name: chosen by hand.
    after = _AFTER.match(text[end:end + 80])
    if after:
        found = [kinds[w.rstrip(".")] for w in after.group(1).split() if w.rstrip(".") in kinds]
        if found:
            return found[-1]
    # 40 characters before the name: chosen by hand.
    before = _BEFORE.search(text[max(0, start - 40):start])
    if before and before.group(1) in kinds:
        return kinds[before.group(1)]
    return "name" if after else "none"

