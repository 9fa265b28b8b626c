"""Mentions as gold writes them, and toponyms inside organisation and facility names.

Recognisers differ in where they put a span's edges: spaCy keeps a leading article and a
possessive ("the United States", "The United Kingdom's"), and a word-level tagger can take a
closing quote or full stop along. The gold of every corpus we know writes the name alone, and
the gazetteer knows the name alone, so a mention is trimmed to it (``trim``). An organisation
or facility named after a place ("[Texas] Department of Transportation", "the [Anderson
County] Jail", "University of [Nebraska] at [Omaha]") holds a toponym that news geoparsing
counts (GeoWebNews's ``Embedded_*``); ``embedded_spans`` finds it where the gazetteer knows it.
A span made only of function words and generic head nouns ("of" out of "State of Illinois",
"Center", "Hall", "Street", "Station" out of a facility's name) is never a toponym, though
towns of those names exist (``is_generic``); ``tidy`` drops it, a place's code written
into a currency ("US$460", "HK$", "A$": ``is_currency``), which is money, not a place, and a
place's name in a virus's or disease's ("West Nile virus": ``names_a_disease``) and a direction
that shares the name after it ("South" of "South and Central Europe": ``is_shared_direction``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from geoparser.gazetteers.abbreviations import EXPANSIONS
from geoparser.gazetteers.area_parts import PART_WORDS, PART_WORDS_PATTERN, part_form
from geoparser.model import Mention
from geoparser.vocabularies import words

_ARTICLE = re.compile(r"^(?:the|The|THE)\s+")
#: A direction written in lower case before a capitalised name ("south Sudan", "northern
#: Iraq") says where in the place, as an adjective: every corpus leaves it out of the span.
_LOWER_DIRECTION = re.compile(rf"^(?:{PART_WORDS_PATTERN})[ \t]+(?=[A-Z])")
_POSSESSIVE = re.compile(r"(?:['’]s|(?<=s)['’])$")
_EDGE = "\"'“”‘’«»()[]{}<>,;:!?*_-–—"
#: Words an organisation's name may open with that are no place of their own here, though a
#: gazetteer knows a village of the name (University, Mississippi; Pioneer, Ohio).
INSTITUTION_WORDS = frozenset(words("recognition/institution_words"))
#: Words that join an organisation's kind to its place ("University of Nebraska at Omaha").
_JOINERS = frozenset({"of", "at", "in", "for"})
#: Words that are never a toponym on their own or together: function words, and the generic
#: heads of facility, street, institution and area names. Directions ("North", "the South")
#: and "Coast"/"Gulf" are left out, as news names regions by them alone.
FUNCTION_WORDS = frozenset(words("recognition/function_words"))
GENERIC_HEADS = frozenset(words("recognition/generic_heads"))
_GENERIC_WORD = re.compile(r"[\w'’]+")
#: Written as a code: two capitals or more ("IN", "DE"), never a function word.
_CAPITALS = re.compile(r"\b[A-Z]{2,}\b")


def is_generic(name: str) -> bool:
    """Whether ``name`` is only function words and at most one generic head noun ("of",
    "Center", "the Street"), so never a toponym; "North Texas" is not, nor are two heads
    together, which name real places ("Hall County", "Park City")."""
    name = name.strip()
    if name in EXPANSIONS or _CAPITALS.search(name) or (
            name.endswith(".") and name[:-1].lower() in FUNCTION_WORDS):
        return False  # "IN", "DE", "La.": a state's code, not a function word
    words = _GENERIC_WORD.findall(name.lower())
    heads = [w for w in words if w not in FUNCTION_WORDS]
    return len(heads) <= 1 and all(w in GENERIC_HEADS or w.removesuffix("s") in GENERIC_HEADS
                                   for w in heads)


def is_currency(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is written into a currency: it ends with a currency sign or
    one follows it with no space ("US$460", "HK$ 5", "A$"). No corpus counts such a code as a
    place, and the amount is not about the place."""
    span = text[start:end]
    return bool(span) and (unicodedata.category(span[-1]) == "Sc" or (
        end < len(text) and unicodedata.category(text[end]) == "Sc"))


#: Words after a place's name that make it a disease's or a virus's ("West Nile virus",
#: "Marburg virus disease", "Rift Valley fever", "Hong Kong flu").
_DISEASE = re.compile(r"[\s-]?(?:ha?emorrhagic\s)?(?:virus|viruses|virus-like|fever|disease|"
                      r"flu|influenza|encephalitis|orthohantavirus|hantavirus|ebolavirus)\b",
                      re.IGNORECASE)


def names_a_disease(text: str, start: int, end: int) -> bool:
    """Whether the place name ``text[start:end]`` is part of a disease's or virus's name: a
    word such as "virus" or "fever" follows it ("West Nile virus", "Marburg hemorrhagic
    fever"). The corpora annotate a virus's place of origin only where the text names the
    place itself."""
    return bool(_DISEASE.match(text, end))


#: What joins two items of a list of names: a comma (with "and" or "or"), "and", "or", "&".
LIST_JOINT = r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)"
#: After a direction word: the list's other directions and the name they share ("South and
#: Central Europe", "South, Southeast, East, and Northwest China").
_DIRECTION = rf"(?i:{PART_WORDS_PATTERN})"
_SHARED_NAME_AFTER = re.compile(
    rf"{LIST_JOINT}(?:{_DIRECTION}{LIST_JOINT})*{_DIRECTION}[ \t\r\n-]+[A-Z]")


def is_shared_direction(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a direction word alone that shares the name a list of
    directions closes with ("South" of "South and Central Europe", "Central" of "Central and
    South America"): a part of that name written once for all, not a place called "South".
    The corpora annotate the name with its last direction only ("Central Europe", "South
    America"), and read alone the word went to Cameroon's South Region."""
    word = text[start:end]
    return (word.lower() in PART_WORDS and word[:1].isupper()
            and _SHARED_NAME_AFTER.match(text, end) is not None)


def trim(text: str, start: int, end: int) -> tuple[int, int] | None:
    """``text[start:end]`` without a leading article or lower-case direction ("the", "south
    Sudan"), a possessive, or edge punctuation and quotes; a full stop is kept where it ends
    an abbreviation ("St.", "U.S.", "W.Va.").
    ``None`` when nothing is left."""
    while True:
        before = (start, end)
        span = text[start:end]
        if m := _ARTICLE.match(span) or _LOWER_DIRECTION.match(span):
            start += m.end()
        elif m := _POSSESSIVE.search(span):
            end -= len(m.group())
        elif span and span[0] in _EDGE:
            start += 1
        elif span and span[-1] in _EDGE or span.endswith(".") and _sentence_stop(span):
            end -= 1
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if (start, end) == before or start >= end:
            break
    return (start, end) if start < end else None


def _sentence_stop(span: str) -> bool:
    """Whether the full stop ending ``span`` closes a sentence rather than an abbreviation;
    the last word decides ("U.S. Virgin Islands.", "St. Louis." end a sentence)."""
    word = span.rsplit(None, 1)[-1]
    if word.endswith(".."):
        return True  # "U.S..": the abbreviation's stop, then the sentence's
    if span in EXPANSIONS or word in EXPANSIONS or word.count(".") > 1:
        return False
    last = word[:-1]
    # 3 letters, the longest word read as an abbreviation: chosen by hand.
    return len(last) > 3 or (len(last) > 1 and last.isupper())  # "Kenya.", "UK."; not "St."


def trimmed(mention: Mention) -> Mention | None:
    """``mention`` with ``trim``'s edges (read from its own text), or ``None`` when nothing of
    it is left."""
    edges = trim(mention.text, 0, len(mention.text))
    if edges is None:
        return None
    a, b = edges
    if (a, b) == (0, len(mention.text)):
        return mention
    return replace(mention, start=mention.start + a, end=mention.start + b,
                   text=mention.text[a:b])


#: Initials written with stops, the last one's stop cut off ("U.S", "D.C").
_INITIALS = re.compile(r"(?:[A-Z]\.){1,3}[A-Z]")


def with_abbreviation_stop(mention: Mention, text: str) -> Mention:
    """``mention`` with the full stop right after it in ``text`` taken back when it ends an
    abbreviation the mention already opened with stops: a tagger reading a headline's "W.Va.
    Democrat" may stop at "W.Va", and gold, like the gazetteer, writes "W.Va.", "U.S."."""
    name = mention.text
    if ("." not in name or mention.end >= len(text) or text[mention.end] != "."
            or not (name + "." in EXPANSIONS or _INITIALS.fullmatch(name))):
        return mention
    return replace(mention, end=mention.end + 1, text=name + ".")


_WORD = re.compile(r"[A-Z][\w'’.-]*|\S+")


def embedded_spans(text: str, start: int, end: int,
                   known: Callable[[Sequence[str]], dict[str, bool]]) -> list[tuple[int, int]]:
    """Place names inside the organisation or facility name ``text[start:end]``: its longest
    opening run of capitalised words that ``known`` (the gazetteer) knows ("[Fort Mill] High
    School"), and the longest such run after "of"/"at" ("University of [Nebraska] at
    [Omaha]"). The whole name is never one of them, nor a run that opens with an
    institution word ("University", "Bank")."""
    first = trim(text, start, end)
    if first is None:
        return []
    start, end = first
    words = [(start + m.start(), start + m.end()) for m in _WORD.finditer(text[start:end])]
    runs: list[list[tuple[int, int]]] = []
    i = 0
    while i < len(words):
        at_start = i == 0
        after_joiner = i > 0 and text[words[i - 1][0]:words[i - 1][1]] in _JOINERS
        if (at_start or after_joiner) and text[words[i][0]].isupper():
            j = i
            # 4 words, the longest embedded name: chosen by hand.
            while j < len(words) and j - i < 4 and text[words[j][0]].isupper():
                j += 1
            runs.append(words[i:j])
            i = j
        else:
            i += 1
    options: list[list[tuple[int, int]]] = []
    for run in runs:
        if text[run[0][0]:run[0][1]].rstrip(".") in INSTITUTION_WORDS:
            continue
        options.append([(run[0][0], run[k][1]) for k in range(len(run) - 1, -1, -1)
                        if (run[0][0], run[k][1]) != (start, end)])
    names = {text[a:b] for spans in options for a, b in spans}
    is_known = known(sorted(names)) if names else {}
    found = []
    for spans in options:
        hit = next(((a, b) for a, b in spans if is_known.get(text[a:b])), None)
        if hit is not None and (edges := trim(text, *hit)) is not None:
            found.append(edges)  # "[European Union]." at a sentence's end
    return found


def joined_parts(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """``mentions`` with a direction word and the place right after it made one mention
    ("Southern" + "California" -> "Southern California"), as the corpora annotate a part of
    a place and as the gazetteer looks it up (``gazetteers.area_parts``); a word-level
    tagger often opens a new span at the place's name."""
    out: list[Mention] = []
    for m in sorted(mentions, key=lambda m: (m.start, m.end)):
        prev = out[-1] if out else None
        if (prev is not None and prev.text.lower() in PART_WORDS and prev.text[:1].isupper()
                and m.start - prev.end == 1 and text[prev.end] in " -"
                and part_form(text[prev.start:m.end]) is not None):
            out[-1] = replace(prev, end=m.end, text=text[prev.start:m.end])
        else:
            out.append(m)
    return out


def tidy(mentions: Iterable[Mention], text: str | None = None) -> list[Mention]:
    """Every mention trimmed (``trimmed``), an abbreviation given back its cut stop
    (``with_abbreviation_stop``, read in ``text``); one left empty, only generic words
    (``is_generic``), written into a currency (``is_currency``; the sign after it is read
    in ``text`` when given), naming a disease (``names_a_disease``, read in ``text``) or a
    direction sharing the name after it (``is_shared_direction``, read in ``text``) is
    dropped, and of two that trim to the same span the first is kept."""
    out: dict[tuple[int, int], Mention] = {}
    for m in mentions:
        t = trimmed(m)
        if t is not None and text is not None:
            t = with_abbreviation_stop(t, text)
        if t is None or is_generic(t.text):
            continue
        written_into_currency = (is_currency(text, t.start, t.end) if text is not None
                                 else is_currency(t.text, 0, len(t.text)))
        if not written_into_currency and not (text is not None and (
                names_a_disease(text, t.start, t.end)
                or is_shared_direction(text, t.start, t.end))):
            out.setdefault((t.start, t.end), t)
    return sorted(out.values(), key=lambda m: (m.start, m.end))
