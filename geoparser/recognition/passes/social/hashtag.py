"""Hashtags: social text tags a place, its words run together ("#SierraLeone", "#NewYork",
"#Nepal", "#UK"): the tag without its "#" is a toponym when it is a country or a first-level
area, or names a place of two words or more joined; not a town's single word ("#Hope",
"#Reading"), which tags a topic far more often, nor a "#" that marks a paper's footnote before
a longer name ("#Federal Biological Research Centre"). The body is proposed, looked up and
judged; the output writes it with its "#" (``resolution.hashtag_spans``)."""

from __future__ import annotations

import re

from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind

#: A hashtag's body: capitalised words run together ("SierraLeone"), one word ("Nepal") or
#: capitals ("UK"); not a paper's footnote mark before a name ("#Federal Research Centre").
_HASHTAG = re.compile(r"(?<![\w&#])#(?P<body>[A-Z][a-z]+(?:[A-Z][a-z]+){1,3}|[A-Z][a-z]+"
                      r"|[A-Z]{2,4})(?![\w])(?![ \t]+[A-Z][a-z])")
_JOINED_WORDS = re.compile(r"[A-Z][a-z]+")


class Hashtag:
    """A hashtag's body that is a country or first-level area
    (``KnownNames.country_or_state``), or a joined name of two words or more."""

    name = "hashtag"
    description = "a hashtag of a country, a state or a joined place name (\"#SierraLeone\")"
    adds_places = False
    claims_first = False

    def propose(self, given: PassInput) -> list[Proposal]:
        text = given.text
        tags = [(m.start("body"), m.end("body"),
                 len(_JOINED_WORDS.findall(m.group("body"))) >= 2)
                for m in _HASHTAG.finditer(text)]
        if not tags:
            return []
        single = sorted({text[a:b] for a, b, joined in tags if not joined})
        is_area = given.known.country_or_state(single) if single else {}
        return [Proposal(a, b, ProposalKind.HASHTAG, "a hashtag") for a, b, joined in tags
                if joined or is_area.get(text[a:b])]
