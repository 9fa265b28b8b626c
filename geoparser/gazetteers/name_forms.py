"""Names written with a municipal word the gazetteer leaves off.

US news writes "Readington Township", "the Township of Readington", "Wall Twp." or "the
Borough of Fair Lawn", where GeoNames files the town under its bare name (or not at all:
then nothing is found, as before). ``bare_form`` gives that bare name; resolution looks it up
when the written form itself has no candidate (``pipeline.lookup_all``), keeping only towns
and municipal areas, never a country or state of that name.
"""

from __future__ import annotations

import re

from geoparser.model import Candidate

_WORDS = r"township|twp\.?|borough|village|town|city|municipality"
_AFTER = re.compile(rf"^(?P<name>.+?)\s+(?:{_WORDS})$", re.IGNORECASE)
_BEFORE = re.compile(rf"^(?:the\s+)?(?:{_WORDS})\s+of\s+(?P<name>.+)$", re.IGNORECASE)


def bare_form(name: str) -> str | None:
    """"Readington" for "Readington Township" or "Township of Readington"; else ``None``."""
    text = name.strip()
    m = _AFTER.match(text) or _BEFORE.match(text)
    if m is None:
        return None
    bare = m.group("name").strip()
    return bare if bare and bare[0].isupper() else None


def municipal(c: Candidate) -> bool:
    """A town or a municipal area: what "X Township" may name."""
    return c.feature_class == "P" or (c.feature_class == "A" and (c.feature_code or "") in {
        "ADM2", "ADM3", "ADM4"})
