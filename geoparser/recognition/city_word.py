"""A town's name without the word "City" of its government: "the Springfield City Council",
"Dublin City Manager", "a Las Vegas City Marshal", "the City of Richmond's public works".

The place is the town; "City" names its council, office or corporation, and the news corpora
annotate the town alone ("[Westminster] City Council" and "the City of [Santa Ana]" in
GeoVirus, "[Dublin] City Council" and "the City of [Norfolk]" in local news, "the City of
[Cologne]" in SemEval-2019's papers). A tagger, or a widening to a name the gazetteer lists as
another name of the town ("Springfield City" is one of Springfield's, "City of Norfolk" one of
Norfolk's), makes "Springfield City" or "City of Norfolk" of it. Such a mention loses the word:

* ``office_city``: " City" at its end, when the word after it is an office's
  (``vocabularies/recognition/city_offices.txt``);
* ``city_of``: "City of " at its start.

Only when the bare name is one the gazetteer knows, and no town the gazetteer lists is called
by the whole as written: "Kansas City Council", "Boulder City Council", "Quezon City Hall" and
"the City of London" keep theirs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from geoparser.model import Mention
from geoparser.vocabularies import words

#: The words after "<town> City" that make it an office's name.
OFFICE_WORDS = frozenset(words("recognition/city_offices"))
_CITY = re.compile(r"\s+City\Z")
_NEXT_WORD = re.compile(r"[ \t]+([A-Z][a-z]+)(?:['’]s)?\b")
_CITY_OF = re.compile(r"\ACity\s+of\s+(?=[A-Z])")


def office_city(text: str, mention: Mention) -> tuple[int, int] | None:
    """``mention``'s span without the "City" of an office after it ("Springfield" of
    "Springfield City Council"), or ``None`` when it is not written so."""
    city = _CITY.search(mention.text)
    if city is None or city.start() == 0:
        return None
    after = _NEXT_WORD.match(text, mention.end)
    if after is None or after.group(1) not in OFFICE_WORDS:
        return None
    return mention.start, mention.start + city.start()


def city_of(mention: Mention) -> tuple[int, int] | None:
    """``mention``'s span without the "City of" it opens with ("Norfolk" of "City of
    Norfolk"), or ``None`` when it does not open so."""
    opening = _CITY_OF.match(mention.text)
    return None if opening is None else (mention.start + opening.end(), mention.end)


def without_city_word(text: str, mentions: Sequence[Mention],
                      known: Callable[[Iterable[str]], dict[str, bool]],
                      towns: Callable[[Iterable[str]], dict[str, bool]]) -> list[Mention]:
    """``mentions`` with each town's name cut to the town (``office_city``, ``city_of``) where
    ``known`` says the gazetteer knows the bare name and ``towns`` says no town of the whole
    name is listed as written."""
    spans = {m: span for m in mentions
             if (span := office_city(text, m) or city_of(m)) is not None}
    if not spans:
        return list(mentions)
    whole = towns({m.text for m in spans})
    bare = known({text[s:e] for s, e in spans.values()})
    out = []
    for m in mentions:
        span = spans.get(m)
        if span is not None and bare[text[span[0]:span[1]]] and not whole[m.text]:
            m = replace(m, start=span[0], end=span[1], text=text[span[0]:span[1]])
        out.append(m)
    return out
