"""A mention widened to the whole place name it is part of, where the gazetteer lists it.

Word-level taggers and spaCy's NER often cut a multi-word name short or in pieces: "Goz" +
"Beida" for Goz Beida, "Congo" out of "Democratic Republic of the Congo", "York" out of "New
York", "Natal" out of "KwaZulu-Natal", "Dallas" out of "Dallas County". A mention is widened
over the capitalised words joined to it by a space or a hyphen (and the particles inside a
name: "of the", "es", "au"), or by a line's end as text from a PDF breaks a name ("Foster" /
"City", "Bul-" / "garia"), up to ``MAX_WORDS`` words in all, to the longest such name the
gazetteer lists as written (an alias or a derived form such as "North Texas" does not count);
mentions inside the wider one go. Nothing is widened across a sentence's or a clause's
punctuation, over an article or a direction word at its start (``joined_parts`` owns those),
or to a name no gazetteer entry carries, so "Washington" stays "Washington" in "Washington
Post"; but for the word that opens a natural feature's name ("Mount", "Mt.", "Lake", "Isle",
"River"): "Etna" of "Mount Etna" is the volcano, not Etna, Ohio, listed or not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from geoparser.gazetteers.area_parts import PART_WORDS
from geoparser.gazetteers.name_forms import NATURAL_OPENERS
from geoparser.model import Mention
from geoparser.recognition.span_hygiene import trim
from geoparser.recognition.span_index import SpanIndex
from geoparser.vocabularies import words

#: The most words a widened name may have. Chosen by hand.
MAX_WORDS = 6
#: Lower-case words that may stand inside a place name, never at its ends.
PARTICLES = frozenset(words("recognition/particles"))
_ARTICLES = frozenset({"the", "a", "an"})
_WORD = r"[^\W\d_][\w'’.]*"
#: What joins two words of a name: a space or a hyphen, or a line's end (text from a PDF:
#: "Foster" / "City", "Bul-" / "garia").
_JOIN = r"(?:[ \t]*\r?\n[ \t]*|-[ \t]*\r?\n[ \t]*|[ -])"
_NEXT = re.compile(rf"(?:['’]s)?(?P<join>{_JOIN})(?P<word>{_WORD})")
#: A natural feature's opening word right before a name ("Mount " of "Mount Etna").
_OPENER_BEFORE = re.compile(r"(?<![\w.])(?P<word>[A-Z][a-z]*\.?) \Z")
_PREVIOUS = re.compile(rf"(?P<word>{_WORD}){_JOIN}\Z")


def _opens_name(word: str) -> bool:
    """A word a place name may start or end with: capitalised ("Beida", "ANGELES") or an
    elided article before one ("d'Ivoire")."""
    return word[:1].isupper() or bool(re.match(r"[dl]['’][A-Z]", word))


def _word_ends(word: str, end: int) -> list[int]:
    """Where a name may end with ``word`` (ending at ``end``): after it, and before its
    sentence stop or possessive ("Beida." and "Beida's" end at "Beida")."""
    ends = [end]
    stripped = re.sub(r"(?:['’]s|\.)\Z", "", word)
    if stripped != word and stripped and ("." not in stripped or word.endswith("'s")):
        ends.append(end - (len(word) - len(stripped)))
    return ends


def _right_ends(text: str, end: int) -> list[tuple[int, int]]:
    """(end, words added) for each name-closing word to the right of ``end``."""
    out, pos, words = [], end, 0
    while words < MAX_WORDS - 1 and (m := _NEXT.match(text, pos)):
        word, words = m.group("word"), words + 1
        join = m.group("join")
        broken = "\n" in join and (join.startswith("-") or text[pos - 1:pos] == "-")
        if _opens_name(word) or (broken and word[:1].islower()):
            out.extend((e, words) for e in _word_ends(word, m.end("word")))
            if word.endswith((".", "'s", "’s")) and not re.search(r"\.\w", word):
                break  # the name cannot go on past a full stop or a possessive
        elif word not in PARTICLES:
            break
        pos = m.end("word")
    return out


def _left_starts(text: str, start: int) -> list[tuple[int, int]]:
    """(start, words added) for each name-opening word to the left of ``start``."""
    out, pos, words = [], start, 0
    # 60 characters back for the previous word: chosen by hand.
    while words < MAX_WORDS - 1 and (m := _PREVIOUS.search(text, max(0, pos - 60), pos)):
        word, words = m.group("word"), words + 1
        if word.endswith((".", ",")) and not re.fullmatch(r"(?:[A-Z][a-z]?\.)+", word):
            break  # a sentence or clause ends here; "St." and "Ft." open names
        if _opens_name(word):
            if word.lower() in _ARTICLES or word.lower() in PART_WORDS:
                break
            out.append((m.start("word"), words))
        elif word not in PARTICLES:
            break
        pos = m.start("word")
    return out


def widenings(text: str, mention: Mention) -> list[tuple[int, int]]:
    """Every wider span ``mention`` could be part of, longest first, each trimmed as gold
    writes a name (``span_hygiene.trim``: "European Union", not "European Union.")."""
    own = len(mention.text.split())
    starts = [(mention.start, 0)] + _left_starts(text, mention.start)
    ends = [(mention.end, 0)] + _right_ends(text, mention.end)
    spans = {trim(text, s, e) for s, ls in starts for e, rs in ends
             if own + ls + rs <= MAX_WORDS and (s, e) != (mention.start, mention.end)}
    spans = {se for se in spans if se is not None and se != (mention.start, mention.end)
             and se[0] <= mention.start and mention.end <= se[1]}
    return sorted(spans, key=lambda se: (se[0] - se[1], se[0]))


def whole_names(text: str, mentions: Sequence[Mention],
                listed: Callable[[Sequence[str]], dict[str, bool]]) -> list[Mention]:
    """``mentions`` each widened to the longest whole name around it that ``listed`` says the
    gazetteer lists as written; mentions inside a widened one are dropped, and a widening that
    would cut through another mention is not made."""
    options = {m: widenings(text, m) for m in mentions}
    names = [text[s:e] for spans in options.values() for s, e in spans]
    is_listed = listed(names) if names else {}
    out: list[Mention] = []
    given = SpanIndex((o.start, o.end) for o in mentions)
    taken = SpanIndex()
    for m in sorted(mentions, key=lambda m: (m.start, m.end)):
        if any(s <= m.start and m.end <= e for s, e in taken.near(m.start, m.end)):
            continue
        for s, e in options[m]:
            if not is_listed.get(text[s:e]):
                continue
            if any(a < e and s < b and not (s <= a and b <= e)
                   for a, b in given.near(s, e) + taken.near(s, e)):
                continue  # it would cut through another mention or a name already widened
            m = replace(m, start=s, end=e, text=text[s:e])
            break
        else:
            m = _with_opener(text, m, given)
        taken.add(m.start, m.end)
        out.append(m)
    return [m for m in out if not any(s <= m.start and m.end <= e and (s, e) != (m.start, m.end)
                                      for s, e in taken.near(m.start, m.end))]


def _with_opener(text: str, mention: Mention, mentions: SpanIndex) -> Mention:
    """``mention`` widened over the natural feature's opening word right before it ("Mount"
    of "Mount Etna", "Lake" of "Lake Qinghai"), where no other of ``mentions`` holds that
    word."""
    # 8 characters back for the opener: chosen by hand.
    m = _OPENER_BEFORE.search(text, max(0, mention.start - 8), mention.start)
    if m is None or m.group("word").lower() not in NATURAL_OPENERS:
        return mention
    start = m.start("word")
    if any(a < mention.start and start < b for a, b in mentions.near(start, mention.start)):
        return mention
    return replace(mention, start=start, text=text[start:mention.end])
