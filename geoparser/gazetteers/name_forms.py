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
(``resolution.facilities``). Rivers, valleys, islands and lakes that no source lists ("Tijuana
River", "Salinas Valley", "Islington Bay", "Lake Manassas") are read the same way by
``natural_code``, from a last word or from a first word ("Lake", "Mount", "Isle of").
"""

from __future__ import annotations

import re

from geoparser.model import Candidate
from geoparser.vocabularies import pairs


def _word_forms(words: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Patterns of a name with one of ``words`` after it ("X Township") or before it ("the
    Township of X")."""
    return (re.compile(rf"^(?P<name>.+?)\s+(?:{words})$", re.IGNORECASE),
            re.compile(rf"^(?:the\s+)?(?:{words})\s+of\s+(?P<name>.+)$", re.IGNORECASE))


_AFTER, _BEFORE = _word_forms(r"township|twp\.?|borough|village|town|city|municipality")
_OWN_AFTER, _OWN_BEFORE = _word_forms(r"township|twp\.?|borough|municipality")


def bare_form(name: str) -> str | None:
    """"Readington" for "Readington Township" or "Township of Readington"; else ``None``."""
    return _bare(name, _AFTER, _BEFORE)


def municipality_bare_form(name: str) -> str | None:
    """``bare_form`` for a municipality's own word only ("Woodbridge Township", "Borough of
    Fair Lawn", "Wall Twp."): unlike "City", "Town" or "Village" ("Manchester City", "Eva's
    Village"), it never ends a club's or a building's name, so a recogniser may keep the name
    where the bare one is a town (``recognition.gazetteer_check``)."""
    return _bare(name, _OWN_AFTER, _OWN_BEFORE)


def _bare(name: str, after: re.Pattern[str], before: re.Pattern[str]) -> str | None:
    text = name.strip()
    m = after.match(text) or before.match(text)
    if m is None:
        return None
    bare = m.group("name").strip()
    return bare if bare and bare[0].isupper() else None


def municipal(c: Candidate) -> bool:
    """A town or a municipal area: what "X Township" may name."""
    return c.feature_class == "P" or (c.feature_class == "A" and (c.feature_code or "") in {
        "ADM2", "ADM3", "ADM4"})


#: The last word of a street's or a building's name, and the GeoNames feature code of its kind.
FACILITY_HEADS = dict(pairs("facility_heads", "code", "gazetteer"))
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


#: The last word of a natural feature's name, and the GeoNames feature code of its kind.
NATURAL_HEADS = dict(pairs("gazetteers/natural_heads", "code"))
#: The first word of a natural feature's name ("Lake Manassas", "Mount Kenya", "Isle of
#: Wight"), and the feature code of its kind.
NATURAL_OPENERS = {"lake": "LK", "mount": "MT", "mt.": "MT", "isle": "ISL", "river": "STM"}
#: Feature codes of water (GeoNames class H); the other natural features are terrain (T) or
#: forest (V).
WATER_CODES = frozenset({"STM", "BAY", "HBR", "LK", "LKS", "RSV", "FLLS"})


def natural_code(name: str) -> str | None:
    """The GeoNames feature code of a natural feature named ``name`` ("STM" for "Tijuana
    River", "LK" for "Lake Manassas", "ISL" for "Isle of Wight"): a name of two words or
    more, each word but "of" capitalised, that ends or opens with such a feature's word; else
    ``None``."""
    words = name.split()
    if len(words) < 2 or not all(w[:1].isupper() for w in words if w != "of"):
        return None
    opener = NATURAL_OPENERS.get(words[0].lower())
    return NATURAL_HEADS.get(words[-1].lower()) or opener


def natural_place_name(name: str) -> str | None:
    """The place a natural feature's name is made from: "Tijuana" of "Tijuana River",
    "Manassas" of "Lake Manassas", "Wight" of "Isle of Wight"; ``None`` when ``name`` is no
    such name."""
    if natural_code(name) is None:
        return None
    words = name.split()
    if words[-1].lower() in NATURAL_HEADS:
        return " ".join(words[:-1])
    rest = words[1:]
    return " ".join(rest[1:] if rest and rest[0] == "of" else rest) or None


def unlisted_code(name: str) -> str | None:
    """The feature code of a street, building or natural feature read off ``name``
    (``facility_code``, then ``natural_code``); what a gazetteer check keeps unlisted."""
    return facility_code(name) or natural_code(name)
