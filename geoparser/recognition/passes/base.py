"""What a recognition pass is: a name, a one-line description and the proposals it makes.

A pass reads a text, the mentions the recognisers made and what passes before it proposed
(``PassInput``), and proposes spans (``Proposal``), each of a typed kind (``ProposalKind``).
How the chain treats a kind (asked of the gazetteer or not, replacing the pieces inside it,
lending context) is data here, never read from the human-readable ``why``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol

from geoparser.model import Mention
from geoparser.recognition.passes.patterns import capitalised_runs


class ProposalKind(Enum):
    """What a proposal says the span is; the value is a stable identifier."""

    DATELINE_PLACE = "dateline-place"
    DATELINE_AREA = "dateline-area"
    AREA_ABBREVIATION = "area-abbreviation"
    PLACE_BEFORE_AREA_CODE = "place-before-area-code"
    PLACE_BEFORE_NAMED_AREA = "place-before-named-area"
    NAMED_WITH_AREA = "named-with-area"
    PLURAL_LIST_NAME = "plural-list-name"
    LISTED_AREA_CODE = "listed-area-code"
    LISTED_PLACE = "listed-place"
    FOOTNOTE_MARKED_PLACE = "footnote-marked-place"
    KIND_NAMED = "kind-named"
    PEOPLE = "people"
    HASHTAG = "hashtag"
    POSSESSED_FACILITY = "possessed-facility"
    DEFINED_ACRONYM = "defined-acronym"
    COUNTRY_INITIALS = "country-initials"


#: Kinds a pass has checked itself (an area code, a place the gazetteer holds inside an area,
#: a street or building's name): kept without asking the gazetteer of the name again.
CHECKED_BY_PASS = frozenset({ProposalKind.AREA_ABBREVIATION, ProposalKind.PLACE_BEFORE_AREA_CODE,
                             ProposalKind.POSSESSED_FACILITY})
#: Kinds whose names are never asked of the gazetteer: the ones checked against the area
#: codes (``abbreviations.EXPANSIONS``) or inside an area already.
NOT_LOOKED_UP = frozenset({ProposalKind.AREA_ABBREVIATION, ProposalKind.PLACE_BEFORE_AREA_CODE,
                           ProposalKind.LISTED_AREA_CODE})
#: Kinds whose span a recogniser's piece of it gives way to ("Hong" of "Hong Kong4,5", "Alta"
#: of "Red Deer, Alta.", "Washington" of "Washington, D.C.").
WHOLES = frozenset({ProposalKind.FOOTNOTE_MARKED_PLACE, ProposalKind.AREA_ABBREVIATION,
                    ProposalKind.DATELINE_AREA, ProposalKind.NAMED_WITH_AREA})
#: Kinds whose mentions lend no context to the story's other toponyms (``Mention.evidence``):
#: a people no recogniser found says whose people a story is about more than where it is.
NO_CONTEXT = frozenset({ProposalKind.PEOPLE})


@dataclass(frozen=True)
class Proposal:
    """A span a pass proposes as a toponym: its kind, and ``why`` in words for people (never
    read by code). ``list_extent``, for a name of a list, is the list's span: a recogniser's
    mention across two of its names gives way to the names."""

    start: int
    end: int
    kind: ProposalKind
    why: str
    list_extent: tuple[int, int] | None = None


class KnownNames(Protocol):
    """What the passes ask of the gazetteer (``gazetteer_check.GazetteerNames`` answers it)."""

    def __call__(self, names: Iterable[str]) -> dict[str, bool]:
        """Whether the gazetteer knows each name (or a code it stands for)."""
        ...

    def within(self, pairs: Iterable[tuple[str, str]], min_population: int = 0
               ) -> dict[tuple[str, str], bool]:
        """Whether it has a place ``name`` inside the area ``code`` stands for."""
        ...

    def within_named(self, pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str], bool]:
        """Whether it has a place ``name`` inside a country or first-level area ``area``."""
        ...

    def country_or_state(self, names: Iterable[str]) -> dict[str, bool]:
        """Whether it knows each name as a country or a first-level area."""
        ...

    def written(self, names: Iterable[str]) -> dict[str, bool]:
        """Whether it lists each name exactly as written."""
        ...

    def town_as_written(self, names: Iterable[str]) -> dict[str, bool]:
        """Whether it lists a town whose own name is each name as written."""
        ...


@dataclass
class PassInput:
    """What a pass reads: the text, the recognisers' mentions, the gazetteer's answers and
    ``places``, the spans read as places so far (the mentions, then the proposals of the
    passes before that add places)."""

    text: str
    mentions: Sequence[Mention]
    known: KnownNames
    places: list[tuple[int, int]] = field(default_factory=list)
    _runs: list[tuple[int, int]] | None = None

    @property
    def capitalised_runs(self) -> list[tuple[int, int]]:
        """The text's runs of one to four capitalised words (``patterns.capitalised_runs``),
        computed once per text."""
        if self._runs is None:
            self._runs = capitalised_runs(self.text)
        return self._runs


class Pass(Protocol):
    """A rule that proposes toponyms. ``name`` is a stable identifier (what
    ``Mention.proposer`` holds and the counts are keyed by), ``description`` one line.
    ``adds_places``: its proposals count as places for the passes after it. ``claims_first``:
    its proposals win an overlap against every other pass's, whatever the chain's order."""

    name: str
    description: str
    adds_places: bool
    claims_first: bool

    def propose(self, given: PassInput) -> list[Proposal]:
        """The spans this pass proposes in ``given.text``."""
        ...
