"""The chain of recognition passes: their order, how their proposals become mentions, and how
often each one triggered.

``PASSES`` is the order, and the one place a pass is switched on: a pass reads the places the
passes before it that ``adds_places`` found. Proposals are then taken in that order (those of
a pass that ``claims_first`` before all others): one overlapping a mention already kept is
left out, as is one whose name the gazetteer does not know (unless its kind is an area code or
``base.CHECKED_BY_PASS``). A recogniser's mention inside a whole proposal (``base.WHOLES``)
gives way to it, as does one spanning two names of a plural list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from geoparser.gazetteers.abbreviations import EXPANSIONS
from geoparser.model import Mention
from geoparser.recognition.passes.base import (
    CHECKED_BY_PASS,
    NO_CONTEXT,
    NOT_LOOKED_UP,
    WHOLES,
    KnownNames,
    Pass,
    PassInput,
    Proposal,
)
from geoparser.recognition.passes.news.area_abbreviation import AreaAbbreviation
from geoparser.recognition.passes.news.country_initials import CountryInitials
from geoparser.recognition.passes.news.dateline import Dateline
from geoparser.recognition.passes.news.defined_acronym import DefinedAcronym
from geoparser.recognition.passes.news.kind_named import KindNamed
from geoparser.recognition.passes.news.listed_area_codes import ListedAreaCodes
from geoparser.recognition.passes.news.named_with_area import NamedWithArea
from geoparser.recognition.passes.news.peoples import Peoples
from geoparser.recognition.passes.news.place_before_area_code import (
    place_before_area_code,
    place_before_postal_code,
)
from geoparser.recognition.passes.news.place_before_named_area import PlaceBeforeNamedArea
from geoparser.recognition.passes.news.place_list import PlaceList
from geoparser.recognition.passes.news.plural_list import PluralList
from geoparser.recognition.passes.news.possessed_facility import PossessedFacility
from geoparser.recognition.passes.news.postal_code_after import PostalCodeAfter
from geoparser.recognition.passes.papers.footnote_marker import FootnoteMarker
from geoparser.recognition.passes.social.hashtag import Hashtag

LABEL = "TOPONYM"

#: The passes, in the order they run.
PASSES: tuple[Pass, ...] = (
    Dateline(),
    place_before_area_code(),
    place_before_postal_code(),
    PostalCodeAfter(),
    PlaceBeforeNamedArea(),
    NamedWithArea(),
    AreaAbbreviation(),
    PluralList(),
    ListedAreaCodes(),
    PlaceList(),
    FootnoteMarker(),
    KindNamed(),
    Peoples(),
    Hashtag(),
    PossessedFacility(),
    DefinedAcronym(),
    CountryInitials(),
)


@dataclass
class PassCount:
    """How often a pass proposed a span, and how many of them became mentions."""

    proposed: int = 0
    kept: int = 0


class PassChain:
    """Runs ``passes`` over each text and counts what each proposed and what was kept."""

    def __init__(self, passes: Sequence[Pass] = PASSES) -> None:
        names = [p.name for p in passes]
        if len(set(names)) != len(names):
            raise ValueError(f"two passes share a name: {names}")
        self.passes = tuple(passes)
        self.counts = {name: PassCount() for name in names}

    def apply(self, text: str, mentions: Sequence[Mention], known: KnownNames,
              recogniser: str = "") -> list[Mention]:
        """``mentions`` with the passes' toponyms of ``text`` added, sorted by offset."""
        given = PassInput(text, mentions, known, [(m.start, m.end) for m in mentions])
        first: list[tuple[Pass, Proposal]] = []
        rest: list[tuple[Pass, Proposal]] = []
        for p in self.passes:
            proposals = p.propose(given)
            self.counts[p.name].proposed += len(proposals)
            if p.adds_places:
                given.places += [(x.start, x.end) for x in proposals]
            (first if p.claims_first else rest).extend((p, x) for x in proposals)
        found = first + rest
        names = sorted({text[x.start:x.end] for _, x in found if x.kind not in NOT_LOOKED_UP})
        is_known = known(names) if names else {}
        wholes = [(x.start, x.end) for _, x in found if x.kind in WHOLES]
        lists = [x.list_extent for _, x in found if x.list_extent is not None]
        kept = [m for m in mentions
                if not any(a <= m.start and m.end <= b and _spans_two(text, m) for a, b in lists)
                and not any(a <= m.start and m.end <= b and (a, b) != (m.start, m.end)
                            for a, b in wholes)]
        for p, x in found:
            name = text[x.start:x.end]
            if not (name in EXPANSIONS or is_known.get(name) or x.kind in CHECKED_BY_PASS):
                continue
            if any(x.start < k.end and k.start < x.end for k in kept):
                continue
            kept.append(Mention(x.start, x.end, name, LABEL, recogniser, x.why,
                                evidence=x.kind not in NO_CONTEXT, proposer=p.name))
            self.counts[p.name].kept += 1
        return sorted(kept, key=lambda m: (m.start, m.end))


def _spans_two(text: str, mention: Mention) -> bool:
    """Whether ``mention`` runs across a list's comma or "and" (two names as one span)."""
    inner = text[mention.start:mention.end]
    return "," in inner or " and " in inner


def convention_mentions(text: str, mentions: Sequence[Mention], known: KnownNames,
                        recogniser: str = "") -> list[Mention]:
    """``mentions`` with every pass's toponyms of ``text`` added (an uncounted chain)."""
    return PassChain().apply(text, mentions, known, recogniser)
