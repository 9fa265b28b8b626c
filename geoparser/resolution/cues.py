"""What the words around a mention say about the kind of place it names.

Four cues, read from the document text only (no gazetteer; the list of peoples):

* ``abbreviated_container``: the mention is followed by ", Calif." / ", Ky." / ", N.Y." /
  ", B.C." or a two-letter postal code (", PA", ", ON"), the way newspapers name US states and
  Canadian provinces; gives the (country, GeoNames first-level code) it stands for, so
  "Lancaster, Pa." is held by Pennsylvania even when "Pa." is not itself a toponym.
* ``area_cue``: the text calls the place an area: "County Galway", "the county of Kerry",
  "Washington State", "the state of New York", "Kyoto Prefecture", "Ontario province", or
  gives it a governor or a legislature: "New York Governor Andrew Cuomo", "upstate New York",
  or closes a list with a plural: "Oconee and Oglethorpe counties".
* ``city_cue``: the text calls it a town: "Galway city", "the city of Kyoto", "New York City"
  when the mention is "New York".

* ``kind_cue``: the text calls the place a feature of a kind: "Heathrow airport", "the
  Fergus river", "the island of Samos", "lake Geneva", "the Mission neighbourhood", or the
  name does ("Long Island", "Lake Tahoe"); gives the kind (a key of ``KIND_CODES``), so the
  candidate of that kind is the one read.

A bare mention has neither cue; then a name shared by an area and a town in it is the town,
as a reader takes "flights to Kyoto" (see ``features``).
"""

from __future__ import annotations

import re

from geoparser.gazetteers.abbreviations import ABBREVIATIONS
from geoparser.gazetteers.demonyms import LANGUAGE_FIRST, names_a_people
from geoparser.names import normalise_name
from geoparser.vocabularies import pairs, words

_ABBREV_AFTER = re.compile(
    r",\s*(" + "|".join(re.escape(a) for a in sorted(ABBREVIATIONS, key=len, reverse=True))
    + r")(?![A-Za-z])")

_AREA_WORDS = (r"county|state|province|prefecture|region|district|oblast|governorate|"
               r"department|territory|shire")
_AREA_AFTER = re.compile(rf"\s+(?:{_AREA_WORDS})\b", re.IGNORECASE)
_AREA_BEFORE = re.compile(rf"(?:\b(?:{_AREA_WORDS})\s+of\s+(?:the\s+)?|\b(?:county|co\.)\s+)$",
                          re.IGNORECASE)
# The words of a first-level area: what a story says of a name once for all its mentions
# ("New York state" makes every "New York" of the story the state; "Lexington County" does not
# make every "Lexington" the county, which a story names with its word).
_FIRST_LEVEL_WORDS = r"state|province|prefecture|oblast|governorate|territory"
_FIRST_LEVEL_AFTER = re.compile(rf"\s+(?:{_FIRST_LEVEL_WORDS})\b", re.IGNORECASE)
_FIRST_LEVEL_BEFORE = re.compile(rf"\b(?:{_FIRST_LEVEL_WORDS})\s+of\s+(?:the\s+)?$",
                                 re.IGNORECASE)
# Words that make a bare name a state's or province's: "New York Governor Andrew Cuomo",
# "the governor of Ontario", "upstate New York".
_GOVERNED_AFTER = re.compile(r"\s+(?:governor|gov\.|legislature|lawmakers)\b", re.IGNORECASE)
_GOVERNED_BEFORE = re.compile(r"(?:\bgovernor\s+of\s+(?:the\s+)?|\bupstate\s+)$",
                              re.IGNORECASE)
# A list closed by a plural area word: "Oconee and Oglethorpe counties", "Becker, Clay,
# Douglas, Grant, Mahnomen counties", "Washington and Oregon states".
_PLURAL_AREA_WORDS = "|".join(words("plural_area_words", "area-cue"))
_NAME = r"[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*"
_LIST_THEN_PLURAL = re.compile(
    rf"(?:\s*(?:,|,?\s+(?:and|or)|&)\s+{_NAME})*\s+(?:{_PLURAL_AREA_WORDS})\b")
#: How far after a name, in characters, the plural word closing its list is looked for.
#: Chosen by hand.
_LIST_WINDOW = 200
#: The feature codes of each kind of place the text may call a name (``kind_cue``).
KIND_CODES: dict[str, frozenset[str]] = {
    "airport": frozenset({"AIRP", "AIRF", "AIRB"}),
    "river": frozenset({"STM", "STMS", "STMI", "CNL"}),
    "lake": frozenset({"LK", "LKS", "RSV", "LGN"}),
    "island": frozenset({"ISL", "ISLS", "ISLET", "ATOL", "ISLF"}),
    "mountain": frozenset({"MT", "MTS", "PK", "PKS", "VLC", "HLL", "HLLS", "RDG"}),
    "valley": frozenset({"VAL", "VALS"}),
    "sea": frozenset({"SEA", "GULF", "BAY", "OCN", "STRT", "SD"}),
    "neighbourhood": frozenset({"PPLX"}),
}
_KIND_WORDS = dict(pairs("resolution/kind_words", "kind"))
_KIND = "|".join(sorted(_KIND_WORDS, key=len, reverse=True))
# "Heathrow airport", "the Fergus river", "Samos island"; not "Heathrow Airport Ltd", which a
# recogniser would have taken whole, nor a possessive ("Heathrow's airport" is the town's)
_KIND_AFTER = re.compile(rf"\s+({_KIND})\b(?!['’]s)", re.IGNORECASE)
# "the island of Samos", "the river Fergus", "lake Geneva", "Mount Kenya" written apart
_KIND_BEFORE = re.compile(rf"\b({_KIND})\s+(?:of\s+)?$", re.IGNORECASE)
_CITY_AFTER = re.compile(r"\s+(?:city|town)\b", re.IGNORECASE)
_CITY_BEFORE = re.compile(r"\b(?:city|town)\s+of\s+$", re.IGNORECASE)
#: How far before a name, in characters, its kind's word or container is looked for ("the
#: Texas town of"). Chosen by hand.
_WINDOW = 30
# "the English city of Salisbury", "the southern Chinese province of Hubei", "Nigeria's
# northeastern state of Borno": a kind's word between two names and "of" is the second's
_KIND_OF = re.compile(
    r"(?P<own>['’]s)?\s+(?:[a-z][a-z-]*\s+){0,2}(?P<kind>"
    + "|".join(words("kind_words", "held-name")) + r")\s+of\s+(?:the\s+)?")
_PLACE_KINDS = frozenset({"city", "town", "village", "capital", "port"})
_THE_BEFORE = re.compile(r"\b[Tt]he\s+(?:[a-z][\w-]*\s+){0,2}$")


def _own_after(pattern: re.Pattern[str], text: str, start: int, end: int) -> re.Match | None:
    """``pattern``'s match right after the mention, unless its word is the next name's
    ("the English city of Salisbury": ``held_name_start``)."""
    m = pattern.match(text, end)
    return m if m is not None and held_name_start(text, start, end) is None else None


def held_name_start(text: str, start: int, end: int) -> int | None:
    """Where the next name starts when the words after the mention give that name's kind
    and the mention is its container: "the English city of Salisbury", "the Texas town of
    Uvalde", "the Greek island of Samos", "Nigeria's state of Borno"; else None. Without a
    possessive the mention must follow "the", and name a people unless the kind is a town's:
    "Kano State of Nigeria", "the Hubei province of China" and "the Mission district of San
    Francisco" give the mention's own kind."""
    m = _KIND_OF.match(text, end)
    if m is None:
        return None
    if m.group("own"):
        return m.end()
    if not _THE_BEFORE.search(text, max(0, start - _WINDOW), start):
        return None
    if m.group("kind") in _PLACE_KINDS or names_a_people(text[start:end]) or (
            normalise_name(text[start:end]) in LANGUAGE_FIRST):
        return m.end()
    return None


def abbreviated_container(text: str, end: int) -> tuple[str, str] | None:
    """(country code, admin1 code) of a state/province abbreviation right after ``end``."""
    # 12 characters after the name for the abbreviation: chosen by hand.
    m = _ABBREV_AFTER.match(text, end, min(len(text), end + 12))
    if m is None:
        return None
    found = m.group(1)
    # A bare two-letter code must be capitals standing alone ("Lancaster, PA"), not a word.
    if len(found) == 2 and found.isupper() and end + len(m.group(0)) < len(text) and (
            text[end + len(m.group(0))].isalnum()):
        return None
    return ABBREVIATIONS[found]


def area_cue(text: str, start: int, end: int, mention_text: str = "",
             plural_list: bool = True) -> bool:
    """Whether the text (or the mention itself) calls the place an area (``plural_list``
    off: not by a list closed with a plural, to measure that cue)."""
    inner = mention_text or text[start:end]
    if re.search(rf"\b(?:{_AREA_WORDS})\b", inner, re.IGNORECASE) or inner.startswith("Co. "):
        return True
    before = max(0, start - _WINDOW)
    return bool(_own_after(_AREA_AFTER, text, start, end)
                or _AREA_BEFORE.search(text, before, start)
                or _GOVERNED_AFTER.match(text, end)
                or _GOVERNED_BEFORE.search(text, before, start)
                or (plural_list and _LIST_THEN_PLURAL.match(
                    text, end, min(len(text), end + _LIST_WINDOW)) is not None))


def first_level_cue(text: str, start: int, end: int, mention_text: str = "") -> bool:
    """Whether the text calls the place a state or province ("New York state", "the province
    of Ontario", "New York Governor Andrew Cuomo"), rather than a county or district."""
    inner = mention_text or text[start:end]
    if re.search(rf"\b(?:{_FIRST_LEVEL_WORDS})\b", inner, re.IGNORECASE):
        return True
    before = max(0, start - _WINDOW)
    return bool(_own_after(_FIRST_LEVEL_AFTER, text, start, end)
                or _FIRST_LEVEL_BEFORE.search(text, before, start)
                or _GOVERNED_AFTER.match(text, end)
                or _GOVERNED_BEFORE.search(text, before, start))


def city_cue(text: str, start: int, end: int, mention_text: str = "") -> bool:
    """Whether the text (or the mention itself) calls the place a city or town."""
    inner = mention_text or text[start:end]
    if re.search(r"\b(?:city|town)\b", inner, re.IGNORECASE):
        return True
    return bool(_own_after(_CITY_AFTER, text, start, end) or _CITY_BEFORE.search(
        text, max(0, start - _WINDOW), start))


def kind_cue(text: str, start: int, end: int, mention_text: str = "") -> str | None:
    """The kind of place (a key of ``KIND_CODES``) the words right around the mention, or the
    mention's own first or last word, call it, if any: "Heathrow airport" is an airport, "the
    island of Samos" an island, and so is "Long Island" (not Long Island City, which GeoNames
    also calls so)."""
    m = _own_after(_KIND_AFTER, text, start, end) or _KIND_BEFORE.search(
        text, max(0, start - _WINDOW), start)
    if m is not None:
        return _KIND_WORDS[m.group(1).lower()]
    words = (mention_text or text[start:end]).lower().split()
    if len(words) < 2:
        return None
    return _KIND_WORDS.get(words[-1]) or _KIND_WORDS.get(words[0])
