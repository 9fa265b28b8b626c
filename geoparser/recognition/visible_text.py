"""Text as a reader sees it: invisible and control characters taken out of recognition.

A zero-width space after "Cork", a soft hyphen inside "Gal­way", a NUL or bell byte, or the
bidirectional marks around a name (U+202E ... U+202C) are not part of any name. Recognisers
are given a view of each text where such characters are gone (format characters, Unicode
category Cf, removed; control characters other than whitespace, category Cc, and the zero-width
space, which separates words, made spaces), and the spans they find are mapped back to offsets
into the original text, trimmed so that a span never begins or ends on such a character. A span
keeps what lies inside it ("Gal\\u00adway", offsets of the original), and its name is looked up
in its visible form ("Galway"): ``visible_name``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from geoparser.model import Mention

#: Control characters that are ordinary whitespace, kept as they are.
_WHITESPACE_CONTROLS = frozenset("\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85")
#: Invisible characters that separate words: they become spaces.
_SEPARATORS = frozenset("\u200b")


# 4096 distinct characters remembered: chosen by hand (a text's alphabet fits many times over).
@lru_cache(maxsize=4096)
def _kind(ch: str) -> str:
    """'drop' (a format character), 'space' (a control or a word separator) or 'keep'."""
    if ch in _WHITESPACE_CONTROLS:
        return "keep"
    if ch in _SEPARATORS:
        return "space"
    category = unicodedata.category(ch)
    if category == "Cf":
        return "drop"
    if category == "Cc":
        return "space"
    return "keep"


def is_invisible(ch: str) -> bool:
    """Whether ``ch`` is an invisible format character or a control character that is not
    whitespace: never the first or last character of a span."""
    return _kind(ch) != "keep"


def has_invisible(text: str) -> bool:
    """Whether ``text`` holds a character ``is_invisible`` finds (fast for ASCII text)."""
    if text.isascii():
        return any(ch < " " and ch not in _WHITESPACE_CONTROLS or ch == "\x7f" for ch in text)
    return any(_kind(ch) != "keep" for ch in text)


def visible_name(text: str) -> str:
    """``text`` without its invisible characters: the name a reader sees ("Gal\\u00adway"
    reads "Galway"); ``text`` itself when it has none."""
    if not has_invisible(text):
        return text
    return "".join(" " if _kind(ch) == "space" else ch for ch in text
                   if _kind(ch) != "drop").strip()


@dataclass(frozen=True)
class VisibleView:
    """A text with its invisible characters taken out, and where each of its characters came
    from: ``origin[i]`` is the offset in the original text of the view's character ``i``."""

    original: str
    text: str
    origin: tuple[int, ...]

    def mention(self, m: Mention) -> Mention | None:
        """``m``, found in the view, with offsets into the original text, trimmed of invisible
        characters at its edges, and the original's text; ``None`` if nothing visible is
        left of it."""
        if m.end <= m.start:
            return None
        start, end = self.origin[m.start], self.origin[m.end - 1] + 1
        while start < end and is_invisible(self.original[start]):
            start += 1
        while end > start and is_invisible(self.original[end - 1]):
            end -= 1
        if start == end:
            return None
        return replace(m, start=start, end=end, text=self.original[start:end])


def visible_view(text: str) -> VisibleView | None:
    """The view of ``text`` recognisers are given, or ``None`` when ``text`` has no invisible
    character (the usual case: the text is given as it is)."""
    if not has_invisible(text):
        return None
    chars, origin = [], []
    for i, ch in enumerate(text):
        kind = _kind(ch)
        if kind == "drop":
            continue
        chars.append(" " if kind == "space" else ch)
        origin.append(i)
    return VisibleView(text, "".join(chars), tuple(origin))


def mapped_mentions(view: VisibleView | None, mentions: Sequence[Mention]) -> list[Mention]:
    """Mentions found in ``view`` as spans of the original text (as they are without one)."""
    if view is None:
        return list(mentions)
    out = [view.mention(m) for m in mentions]
    return [m for m in out if m is not None]


#: A mention as the pipeline's later stages see it, by its document, span and visible name,
#: to the mention as it was found.
Hidden = dict[tuple[int, int, int, str], Mention]


def named_visibly(document_key: int, mentions: Sequence[Mention], hidden: Hidden
                  ) -> list[Mention]:
    """``mentions`` with names that hold invisible characters in their visible form (looked
    up and compared as a reader sees them); ``hidden`` learns the originals (``as_found``)."""
    out = []
    for m in mentions:
        if has_invisible(m.text):
            shown = replace(m, text=visible_name(m.text))
            hidden[document_key, shown.start, shown.end, shown.text] = m
            m = shown
        out.append(m)
    return out


def as_found(document_key: int, m: Mention, hidden: Hidden) -> Mention:
    """The mention ``named_visibly`` made ``m`` from, or ``m`` itself."""
    return hidden.get((document_key, m.start, m.end, m.text), m) if hidden else m
