"""Where a group of documents is from: a local paper's home state, read off its own towns.

A reader of the Star Tribune knows that "Albany driver" is Albany, Minnesota. The text may not
say so; the paper's other stories do: most of the towns and counties it names that have a
single reading lie in Minnesota. ``home_regions`` finds, for each group of documents (a
paper, by the ``source`` key of its documents), the first-level area and the country where
most of its unambiguous towns and counties lie; the ``home_first_level`` / ``home_country``
evidence (``features``) then favours namesakes there. A document's own cues ("Albany, N.Y.",
a co-mention of Georgia) still outweigh it.

Only names whose every town or county reading lies in one first-level area, and that name no
country or first-level area, vote ("Lake Elmo", "Becker County"; not "Springfield" nor
"Georgia"); each document gives a name one vote. A group has a home area when at least
``MIN_VOTES`` such votes came from at least ``MIN_DOCUMENTS`` documents and the area has a
third of them, strictly more than any other; a home country when it has half of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from geoparser.model import Candidate, Mention
from geoparser.names import normalise_name
from geoparser.resolution.base import SOURCE_PREFERENCE, HomeRegion, representatives
from geoparser.resolution.place_facts import is_country_level

#: The least a group's home needs (module docstring): votes, documents they came from, the
#: area's share of the votes and the country's. Chosen by hand.
MIN_VOTES = 3
MIN_DOCUMENTS = 2
AREA_SHARE = 1 / 3
COUNTRY_SHARE = 1 / 2


def is_town_or_county(c: Candidate) -> bool:
    """A town, or a county or smaller area: the readings a home region chooses among."""
    return c.feature_class == "P" or (c.feature_class == "A" and (c.feature_code or "") in {
        "ADM2", "ADM3", "ADM4"})


def vote(candidates: Sequence[Candidate],
         order: Sequence[str] = SOURCE_PREFERENCE) -> tuple[str, str] | None:
    """The (country, admin1) a name votes for: every town or county reading lies there and
    no reading is a country or first-level area; else ``None``. ``order``: the point
    convention's (``base.point_order``), which picks each place's record."""
    reps = representatives(candidates, order)
    if not chooses_among(reps):
        return None  # the name of a country or state ("Georgia") says nothing of home
    where = set()
    for c in reps:
        if is_town_or_county(c):
            if not c.country_code or not c.admin1:
                return None
            where.add((c.country_code, c.admin1))
    return where.pop() if len(where) == 1 else None


class HomeVotes:
    """Votes of a stream of documents, by group; ``regions()`` gives each group's home.

    Votes of several streams add up (``merge``) to those of one stream of all their documents,
    in any order: a group's home does not depend on how its documents were cut into chunks."""

    def __init__(self, order: Sequence[str] = SOURCE_PREFERENCE) -> None:
        self.order = order  # the point convention's, as the policy's (``vote``)
        self.votes: dict[str, Counter] = {}
        #: How many of each group's documents gave at least one vote.
        self.documents: Counter[str] = Counter()

    def add(self, group: str | None, mentions: Iterable[Mention],
            names: Mapping[str, Sequence[Candidate]]) -> None:
        """One document's mentions (their candidates looked up in ``names``)."""
        if not group:
            return
        voted, gave = set(), False
        for m in mentions:
            key = normalise_name(m.text)
            if key in voted or not names.get(m.text):
                continue
            voted.add(key)
            where = vote(names[m.text], self.order)
            if where is not None:
                self.votes.setdefault(group, Counter())[where] += 1
                gave = True
        if gave:
            self.documents[group] += 1

    def merge(self, other: HomeVotes) -> None:
        """Add ``other``'s votes and documents to these."""
        for group, counts in other.votes.items():
            self.votes.setdefault(group, Counter()).update(counts)
        self.documents.update(other.documents)

    def regions(self) -> dict[str, HomeRegion]:
        out = {}
        for group in sorted(self.votes):
            counts = self.votes[group]
            total = sum(counts.values())
            if total < MIN_VOTES or self.documents[group] < MIN_DOCUMENTS:
                continue
            top = _ranked(counts)[:2]
            area = top[0][0] if (top[0][1] >= AREA_SHARE * total and (
                len(top) == 1 or top[0][1] > top[1][1])) else None
            countries: Counter = Counter()
            for (cc, _), n in counts.items():
                countries[cc] += n
            cc, n_cc = _ranked(countries)[0]
            country = cc if n_cc >= COUNTRY_SHARE * total else None
            if area is not None and area[0] != country:
                area = None
            if area or country:
                out[group] = HomeRegion(group, area, country,
                                        counts[area] if area else n_cc, total)
        return out


def _ranked(counts: Counter) -> list[tuple[Any, int]]:
    """Most votes first, ties by key: the same whatever order the votes came in."""
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def home_regions(documents: Iterable[tuple[str | None, Sequence[Mention]]],
                 names: Mapping[str, Sequence[Candidate]],
                 order: Sequence[str] = SOURCE_PREFERENCE) -> dict[str, HomeRegion]:
    """Each group's home region, from (group key, mentions) pairs; see the module docstring."""
    votes = HomeVotes(order)
    for group, mentions in documents:
        votes.add(group, mentions, names)
    return votes.regions()


def chooses_among(reps: Sequence[Candidate], countries: Collection[str] | None = None,
                  own: str | None = None) -> bool:
    """Whether a home region, or a state the story names, may weigh in on these readings:
    none is a country or a first-level (or other large) area, exactly the names that may vote
    (``vote``). With ``countries`` (where that evidence lies) and ``own`` (the toponym's
    normalised name), an area abroad keeps it out only under its own name: "Washington"
    (the state's) stays out in a story that names England, "Dublin" (Ireland's counties are
    "Dublin City" and "South Dublin") does not in one that names Ohio."""
    return not any(c.feature_class == "A" and not is_town_or_county(c) and (
        countries is None or is_country_level(c) or c.country_code in countries
        or normalise_name(c.name) == own) for c in reps)
