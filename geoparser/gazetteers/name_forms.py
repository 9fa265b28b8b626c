"""Names whose form says what they are, where the gazetteer does not know them as written.

US news writes "Readington Township", "the Township of Readington", "Wall Twp." or "the
Borough of Fair Lawn", where GeoNames files the town under its bare name (or not at all:
then nothing is found, as before). ``bare_form`` gives that bare name; resolution looks it up
when the written form itself has no candidate (``pipeline.lookup_all``), keeping only towns
and municipal areas, never a country or state of that name.

Local news names streets and buildings as places ("Royal Street", "Colchester General
Hospital", "Rogers Centre"), and news corpora annotate them; no offline gazetteer lists them.
``facility_code`` reads such a name's kind off its last word, as a GeoNames feature code
("ST", "HSP"), so a recogniser can keep it and resolution can place it at its town
(``resolution.facilities``).
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


#: The last word of a street's or a building's name, and the GeoNames feature code of its kind.
FACILITY_HEADS = {
    "street": "ST", "st.": "ST", "st": "ST", "avenue": "ST", "ave.": "ST", "ave": "ST",
    "drive": "ST", "boulevard": "ST", "blvd.": "ST", "blvd": "ST", "lane": "ST", "road": "RD",
    "rd.": "RD", "rd": "RD", "highway": "RD", "parkway": "RD",
    "square": "SQR", "plaza": "SQR", "hospital": "HSP", "clinic": "HSP", "school": "SCH",
    "college": "SCH", "academy": "SCH", "university": "UNIV", "church": "CH", "cathedral": "CH",
    "chapel": "CH", "basilica": "CH", "mosque": "MSQE", "temple": "TMPL", "stadium": "STDM",
    "arena": "STDM", "airport": "AIRP", "station": "RSTN", "museum": "MUS", "park": "PRK",
    "gardens": "GDN", "library": "LIBR", "hotel": "HTL", "castle": "CSTL", "palace": "PAL",
    "bridge": "BDG", "mall": "MALL", "market": "MKT", "tower": "TOWR", "prison": "PRN",
    "jail": "PRN", "theatre": "THTR", "theater": "THTR", "courthouse": "CTHSE",
    "centre": "BLDG", "center": "BLDG", "hall": "BLDG",
}
#: Feature codes of streets and roads (GeoNames class R); the others are buildings (class S).
ROAD_CODES = frozenset({"ST", "RD", "SQR"})


def facility_code(name: str) -> str | None:
    """The GeoNames feature code of a street or building named ``name`` ("ST" for "Royal
    Street", "HSP" for "Colchester General Hospital"): a name of two words or more that opens
    with a capital or a number and ends with a street's or building's word; else ``None``."""
    words = name.split()
    if len(words) < 2 or not (words[0][:1].isupper() or words[0][:1].isdigit()):
        return None
    return FACILITY_HEADS.get(words[-1].lower())
