"""A toponym that is a hashtag's body is written with its "#" ("#Ukraine", "#NewYork"): tweet
corpora tag the token, "#" and all (66 of the 596 gold toponyms of every 5th tweet of the
Broad Twitter Corpus, the 2 of WNUT-17's 191 in every 3rd text, none without it). Every
stage reads the body, as the recognisers found it and the gazetteer knows it; only the
output span holds the tag.
"""

from __future__ import annotations

from dataclasses import replace

from geoparser.model import Mention, ParsedDocument, Resolution


def tag_start(text: str, start: int, end: int) -> int:
    """Where the span ``start``-``end`` of ``text`` starts when written with its hashtag's
    "#": one character earlier when a "#" that opens a word ("#Ukraine", not "C#" nor an
    entity's "&#") comes right before it and the span runs to the tag's end ("#Ukraine's",
    not "Ukraine" of "#UkraineCrisis"); else ``start``."""
    if start < 1 or text[start - 1] != "#" or end <= start:
        return start
    if start >= 2 and (text[start - 2].isalnum() or text[start - 2] in "#&_"):
        return start
    if end < len(text) and (text[end].isalnum() or text[end] == "_"):
        return start
    return start - 1


def _tagged(text: str, m: Mention) -> Mention:
    start = tag_start(text, m.start, m.end)
    return m if start == m.start else replace(m, start=start, text=text[start:m.end])


def with_tags(parsed: ParsedDocument) -> ParsedDocument:
    """``parsed`` with each toponym that is a hashtag's body written with its "#"."""
    text = parsed.document.text
    if "#" not in text:
        return parsed
    resolutions: list[Resolution] = [
        r if (m := _tagged(text, r.mention)) is r.mention else replace(r, mention=m)
        for r in parsed.resolutions]
    return ParsedDocument(parsed.document, [_tagged(text, m) for m in parsed.mentions],
                          resolutions, parsed.focus)
