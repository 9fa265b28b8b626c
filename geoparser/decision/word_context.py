"""The words around a span: what tells "Turkish troops" (the state) from "Turkish delight" (a
sweet) and "speaks fluent German" (a language)."""

from __future__ import annotations

import re

from geoparser.decision.word_lists import words

_WORD = re.compile(r"[\w'’-]+")


def word_before(text: str, start: int) -> str:
    """The word right before ``start`` ("" at the start of the text)."""
    # 40 characters back for the word: chosen by hand.
    found = _WORD.findall(text[max(0, start - 40):start])
    return found[-1] if found else ""


def word_after(text: str, end: int) -> str:
    """The word right after ``end`` ("" at the end of the text or after punctuation other
    than a space or a hyphen)."""
    # 40 characters on for the word: chosen by hand.
    m = re.match(r"[ \t-]+([\w'’-]+)", text[end:end + 40])
    return m.group(1) if m else ""


def sentence_start(text: str, start: int) -> bool:
    """Whether the span opens a sentence or the text."""
    # 4 characters back for the sentence's end: chosen by hand.
    head = text[max(0, start - 4):start].rstrip(" \t\"'“‘(")
    return not head or head[-1] in ".!?\n:"


#: The words of a list before a span: "fluent English and [German]", "French, [German]".
_LISTED_BEFORE = re.compile(r"(?:[A-Z][\w'’-]*(?:,\s*|\s+(?:and|or)\s+|,\s*(?:and|or)\s+))+$")


def language_beside(text: str, start: int, end: int) -> bool:
    """Whether a word of language stands beside the span or beside the list it ends
    ("fluent [German]", "[German] speakers", "fluent English and [German]")."""
    cues = words("language_cues")
    # 80 characters back for the cue: chosen by hand.
    head = text[max(0, start - 80):start]
    listed = _LISTED_BEFORE.search(head)
    first = start - (len(head) - listed.start()) if listed else start
    return (word_before(text, first).casefold() in cues
            or word_after(text, end).casefold() in cues)


def thing_after(text: str, end: int) -> bool:
    """Whether the span is followed by a noun that makes it a thing's name ("[French] toast",
    "[American] Express")."""
    return word_after(text, end).casefold() in words("thing_heads")
