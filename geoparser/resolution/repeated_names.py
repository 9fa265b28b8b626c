"""One name, one place in a story: a placed toponym's name is a toponym wherever else the story
writes it as a name of its own, and is placed the same.

A tagger reads a story a window at a time and may find "Douma" in one paragraph and miss it in
the next ("Douma's fall would seal the rebels' defeat"); a reader takes the second for the
place of the first. ``said_again`` adds those other occurrences, each with its source's
resolution, after the policy has placed the document's toponyms:

* only a name the policy *placed* (above the minimum confidence) is repeated, so a person the
  tagger took for a place and the policy could not place ("Nelson", "Noma") is not multiplied;
* a name placed at two different places in the story ("Washington" the city and the state) is
  not repeated;
* not a name that is a code or an abbreviation (all capitals, fewer than four letters:
  "CA", "NSW", "BI"), unless it is the initials of the country, former country or union of
  countries it was placed at ("US", "U.K.", "USA", "DRC", "EU"), which a story does not write
  for anything else; not a people or an adjective ("Russian", "African", "Texans"), which the
  corpora annotate differently from each other, nor a direction or function word alone
  ("North");
* an occurrence inside a longer name is not one of its own: a capitalised word other than a
  function word right before it ("George Washington", "Air France"), a capitalised word right
  after it ("Cambridge Analytica"), a hyphen, an apostrophe or a full stop joined to it
  ("O'Hare", "Douma.com"; a possessive is no part of the name: "Douma's fall" is Douma), or
  a disease's or a currency's name ("Marburg virus", "HK$");
* an occurrence that overlaps a mention already made is left alone.

The added mention says so in ``why``, and its reason adds where the story first names the
place; the rest of its resolution is its source's (place, candidates, confidence), so the same
name is one place throughout the story. Only the document's own text and resolutions are read:
the result does not depend on the documents parsed beside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace

from geoparser.gazetteers.area_parts import PART_WORDS
from geoparser.gazetteers.demonyms import names_a_people
from geoparser.gazetteers.english_names import ALIASES
from geoparser.model import Candidate, Resolution
from geoparser.recognition.span_hygiene import is_currency, names_a_disease
from geoparser.recognition.span_index import SpanIndex
from geoparser.stop_words import STOP_WORDS

#: The shortest name repeated: shorter ones are codes or abbreviations as often as places.
#: Chosen by hand.
MIN_LETTERS = 4
_WORD_BEFORE = re.compile(r"([\w'’.&-]+)[ \t]+\Z")
_CAPITAL_AFTER = re.compile(r"[ \t]+[A-Z]")
#: How far back, in characters, the word before an occurrence is looked for. Chosen by hand.
_LOOK_BACK = 40
#: An abbreviation that opens a longer name ("St. Louis", "Mr. Nelson") rather than ending a
#: sentence: a capitalised word of at most this many characters with its full stop. Chosen
#: by hand.
_ABBREVIATION = 4


def said_again(text: str, resolutions: Sequence[Resolution]) -> list[Resolution]:
    """The resolutions of the other occurrences in ``text`` of the names ``resolutions`` placed
    (see the module's docstring), in text order; ``resolutions`` themselves are not among
    them."""
    sources: dict[str, Resolution] = {}
    places: dict[str, set[object]] = {}
    for r in resolutions:
        c = r.candidate
        if c is None or not c.has_point or not _repeatable(r.mention.text, c):
            continue
        sources.setdefault(r.mention.text, r)
        places.setdefault(r.mention.text, set()).add(c.geonameid or (c.lat, c.lon))
    taken = SpanIndex((r.mention.start, r.mention.end) for r in resolutions)
    added: list[Resolution] = []
    for name, source in sources.items():
        if len(places[name]) > 1:
            continue
        for a, b in _written(text, name):
            if (any(a < e and s < b for s, e in taken.near(a, b))
                    or _inside_longer_name(text, a, b)):
                continue
            taken.add(a, b)
            mention = replace(source.mention, start=a, end=b, proposer="repeated-name",
                              why=f"the name of a place this story placed ({source.mention.why})"
                              if source.mention.why else "the name of a place this story placed")
            added.append(replace(source, mention=mention, reason=(
                f"{source.reason}; as where the story first names it (character "
                f"{source.mention.start})")))
    return sorted(added, key=lambda r: (r.mention.start, r.mention.end))


#: What may not stand right before or after a name written on its own: a word's letter, or a
#: character that joins words ("&", ".", an apostrophe, "/", "-"); after it an apostrophe is
#: fine only as the possessive "'s", and a full stop only where no word goes on.
_JOINED_BEFORE = re.compile(r"[\w&.'’/-]")
_JOINED_AFTER = re.compile(r"[\w&/-]|['’](?!s\b)|\.\w")


def _written(text: str, name: str) -> Iterator[tuple[int, int]]:
    """Where ``text`` writes ``name`` on its own (``_JOINED_BEFORE``, ``_JOINED_AFTER``),
    left to right without overlaps: one pair of precompiled patterns for every name, instead
    of a pattern compiled per name and document."""
    a = text.find(name)
    while a >= 0:
        b = a + len(name)
        if (a == 0 or not _JOINED_BEFORE.match(text, a - 1)) and not _JOINED_AFTER.match(text,
                                                                                        b):
            yield a, b
            a = text.find(name, b)
        else:
            a = text.find(name, a + 1)


def _repeatable(name: str, place: Candidate) -> bool:
    """Whether a toponym written ``name`` and placed at ``place`` may be read wherever else it
    is written."""
    letters = sum(ch.isalpha() for ch in name)
    if name.isupper():
        return _initials_of(name, place)
    return (name[:1].isupper() and letters >= MIN_LETTERS
            and "\n" not in name and not names_a_people(name)
            and name.lower() not in PART_WORDS and name.lower() not in STOP_WORDS)


def _initials_of(code: str, place: Candidate) -> bool:
    """Whether ``code`` ("U.K.", "DRC", "EU") is the initials of ``place``, a country, a former
    country or a union of countries (a macroregion with a code of its own), or one of the
    country's English abbreviations ("USA")."""
    country = place.feature_class == "A" and (place.feature_code or "").startswith("PCL")
    # 4: fixed by the length of "m49:".
    union = (place.source == "macroregions" and place.feature_code == "RGN"
             and place.source_id.startswith("m49:") and not place.source_id[4:].isdigit())
    if not (country or union):
        return False
    letters = code.replace(".", "")
    initials = "".join(w[0] for w in place.name.split() if w[:1].isupper())
    return len(letters) >= 2 and letters.isalpha() and (
        letters == initials or code in ALIASES.get(place.country_code or "", ()))


def _inside_longer_name(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is part of a longer name or of a disease's or currency's
    name (see the module's docstring)."""
    if _CAPITAL_AFTER.match(text, end) or names_a_disease(text, start, end) or is_currency(
            text, start, end):
        return True
    before = _WORD_BEFORE.search(text, max(0, start - _LOOK_BACK), start)
    if before is None:
        return False
    word = before.group(1)
    if not word[:1].isupper() or word.lower() in STOP_WORDS:
        return False
    # a word that ends a sentence or a clause is not part of the name after it
    return not (word[-1] in ".!?:;," and not (word[-1] == "." and len(word) <= _ABBREVIATION))
