"""English demonyms of the world's countries, from the committed world-countries extract.

The extract (``data/world-countries.jsonl.gz``, ODbL-1.0; see ``data/README.md``) gives each
country the English demonyms of mledoze/countries. A few strings name two peoples ("Antiguan,
Barbudan", "Kittitian or Nevisian"); they are split. A few are the place's own English name
("Djibouti", "Gibraltar"; "Vatican" of Vatican City): a mention of those names the place, so
they are left out. ("Central African" of the Central African Republic stays a demonym.)
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from geoparser.gazetteers.extras_source import DATA_DIR, read_extract
from geoparser.names import normalise_name
from geoparser.vocabularies import words

SOURCE = DATA_DIR / "world-countries.jsonl.gz"
_SEPARATOR = re.compile(r",| or ")  # not " and ": "Turks and Caicos Islander" is one people


def _names_the_place(demonym: str, name: str) -> bool:
    place = normalise_name(name)
    return normalise_name(demonym) in (place, place.removesuffix(" city"))


@lru_cache(maxsize=2)
def demonyms_by_country(path: Path = SOURCE) -> dict[str, tuple[str, ...]]:
    """ISO 3166-1 alpha-2 code -> the country's English demonyms ("FR" -> ("French",))."""
    out: dict[str, tuple[str, ...]] = {}
    for place in read_extract(path)[1]:
        names = (d.strip() for raw in place.demonyms for d in _SEPARATOR.split(raw))
        found = tuple(dict.fromkeys(d for d in names if d and not _names_the_place(d, place.name)))
        if found and place.country_code:
            out[place.country_code] = found
    return out


@lru_cache(maxsize=1)
def _all_demonyms() -> frozenset[str]:
    return frozenset(normalise_name(d) for ds in demonyms_by_country().values() for d in ds)


def _one_or_plural(word: str, words: frozenset[str]) -> bool:
    """Whether ``word``, normalised, or its singular without a final "s" is among ``words``."""
    key = normalise_name(word)
    return key in words or key.removesuffix("s") in words


def is_demonym(word: str) -> bool:
    """Whether ``word`` is a country's demonym or its plural ("American", "Americans")."""
    return _one_or_plural(word, _all_demonyms())


#: A state's people that English writes first as a language: a recogniser's mention of it
#: is the place (England), but ``names_a_people`` does not call it a people, so no rule
#: makes one of "in English" or "English-language".
LANGUAGE_FIRST = frozenset({"english"})


@lru_cache(maxsize=1)
def _peoples_and_adjectives() -> frozenset[str]:
    from geoparser.gazetteers.english_names import (
        CONTINENT_ADJECTIVES,
        PEOPLE_NOUNS,
        REGION_PEOPLES,
        STATE_DEMONYMS,
        plural,
    )

    words = [w for ws in (*CONTINENT_ADJECTIVES.values(), *STATE_DEMONYMS.values(),
                          *PEOPLE_NOUNS.values(), *REGION_PEOPLES.values()) for w in ws]
    words += [p for w in words if (p := plural(w))]
    return (_all_demonyms() | frozenset(normalise_name(w) for w in words)) - LANGUAGE_FIRST


def names_a_people(word: str) -> bool:
    """Whether ``word`` names a people or is an adjective of a place rather than the place:
    a country's demonym or people ("Russian", "Poles"), a continent's adjective, the people
    of a state or province or of a region that is no country ("Chechens", "South
    Ossetian"), or the plural of one ("Africans", "Texans", "Czechs")."""
    return _one_or_plural(word, _peoples_and_adjectives())


#: The peoples of a continent, after which a direction word names a region's people ("Central
#: American", "West Africans", "Southeast Asian"); "American" here is the Americas'
#: (``vocabularies/continent_peoples.txt``, tagged ``direction-people``).
CONTINENT_PEOPLES = frozenset(normalise_name(w) for w in words("continent_peoples",
                                                               "direction-people"))


def names_a_continent_s_people(word: str) -> bool:
    """Whether ``word`` is a continent's adjective or people, one or plural ("Africans")."""
    return _one_or_plural(word, CONTINENT_PEOPLES)
