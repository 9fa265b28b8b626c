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

A paper is often named for its town: the Jordan Independent (jordannews.com) of Jordan,
Minnesota, the Paris Post-Intelligencer, the Richmond Register. Its readers take the bare name
for that town, even where a country or a world city bears it. A group's **home towns** are the
names its stories mention that its own name (the group key: a web address's host name, or a
paper's title) spells out, letters only ("jordan" in "jordannews.com"), each placed in the
first-level area, among those where a town of that name lies, that the group's stories point
to most: each name a story mentions gives one vote, shared evenly among the first-level areas
its towns and counties lie in or that it names ("Minnesota", "Belle Plaine", a half for a
"Scott County" of two states). The winner needs a whole vote and strictly more than any other
such area; ``features.home_town`` then favours that town at each mention of the name, and
a group whose own towns' votes give it no home has its home town's area as its home.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any
from urllib.parse import urlsplit

from geoparser.model import Candidate, Mention
from geoparser.names import normalise_name, strip_diacritics
from geoparser.resolution.base import SOURCE_PREFERENCE, HomeRegion, representatives
from geoparser.resolution.place_facts import is_country_level

#: The least a group's home needs (module docstring): votes, documents they came from, the
#: area's share of the votes and the country's. Chosen by hand.
MIN_VOTES = 3
MIN_DOCUMENTS = 2
AREA_SHARE = 1 / 3
COUNTRY_SHARE = 1 / 2
#: The fewest letters of a name a group's own name may spell out as its home town ("Rome",
#: "Lima"; not "Ada", nor "LA" in "latimes.com"). Chosen by hand.
MIN_TOWN_LETTERS = 4


def spelled(text: str) -> tuple[str, ...]:
    """``text``'s letters only, lower case and without accents, as written and with the
    abbreviations names expand: "Jordan" -> ("jordan",); "St. Cloud" -> ("stcloud",
    "saintcloud"), so that "stcloudtimes.com" and "Saint Cloud Times" both spell it."""
    written = "".join(ch for ch in strip_diacritics(text).casefold() if ch.isalpha())
    expanded = "".join(ch for ch in normalise_name(text) if ch.isalpha())
    return (written,) if expanded == written else (written, expanded)


def group_letters(group: str) -> tuple[str, ...]:
    """The letters of a group's own name that may spell a town (``spelled``): a web address's
    host name without its last label (never its path, which names stories, not the paper), or
    the whole key ("The Paris News")."""
    text = group.strip()
    if "/" in text or ("." in text and " " not in text):
        try:
            host = urlsplit(text if "//" in text else f"//{text}").hostname
        except ValueError:  # no address after all ("[Paris"): the key as it is
            host = None
        if host:
            text = host.rsplit(".", 1)[0]
    return spelled(text)


def spells(group: tuple[str, ...], name: str) -> bool:
    """Whether a group's own name (``group_letters``) spells out ``name``, in letters, with
    at least ``MIN_TOWN_LETTERS`` of them."""
    return any(len(own) >= MIN_TOWN_LETTERS and own in letters
               for own in spelled(name) for letters in group)


def is_town_or_county(c: Candidate) -> bool:
    """A town, or a county or smaller area: the readings a home region chooses among."""
    return c.feature_class == "P" or (c.feature_class == "A" and (c.feature_code or "") in {
        "ADM2", "ADM3", "ADM4"})


def towns_named(reps: Sequence[Candidate], key: str) -> set[tuple[str, str]]:
    """The (country, admin1) of each town among a name's places (``representatives``) whose
    own name is ``key`` (a normalised name)."""
    return {(c.country_code, c.admin1) for c in reps
            if c.feature_class == "P" and c.country_code and c.admin1
            and normalise_name(c.name) == key}


def areas_pointed_to(reps: Sequence[Candidate]) -> set[tuple[str, str]]:
    """The first-level areas a name's places (``representatives``) point a story to: those
    its towns and counties lie in and those it names; never a country ("Jordan" the country
    points nowhere)."""
    return {(c.country_code, c.admin1) for c in reps
            if c.country_code and c.admin1 and not is_country_level(c)
            and (is_town_or_county(c) or c.feature_code == "ADM1")}


def home_town_area(where: Collection[tuple[str, str]], pointed: Mapping[tuple[str, str], Any]
                   ) -> tuple[str, str] | None:
    """The area of ``where`` (those of a home town's namesakes) the stories point to most
    (``pointed``: votes by area), with a whole vote and strictly ahead of the next; else
    ``None``."""
    ranked = sorted(((pointed.get(a, 0), a) for a in where), key=lambda va: (-va[0], va[1]))
    if not ranked or ranked[0][0] < 1 or (len(ranked) > 1 and ranked[1][0] == ranked[0][0]):
        return None
    return ranked[0][1]


def vote(candidates: Sequence[Candidate],
         order: Sequence[str] = SOURCE_PREFERENCE) -> tuple[str, str] | None:
    """The (country, admin1) a name votes for: every town or county reading lies there and
    no reading is a country or first-level area; else ``None``. ``order``: the point
    convention's (``base.point_order``), which picks each place's record."""
    return vote_among(representatives(candidates, order))


def vote_among(reps: Sequence[Candidate]) -> tuple[str, str] | None:
    """``vote`` over a name's places, one per entity (``representatives``)."""
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
        #: Per group, each name its stories mention that its own name spells out: where the
        #: towns bearing it lie (``towns_named``).
        self.named: dict[str, dict[str, set[tuple[str, str]]]] = {}
        #: Per group, the first-level areas its stories' names point to, and their votes
        #: (``areas_pointed_to``; exact fractions, so that the sum is the same in any order).
        self.pointed: dict[str, Counter[tuple[str, str]]] = {}

    def add(self, group: str | None, mentions: Iterable[Mention],
            names: Mapping[str, Sequence[Candidate]]) -> None:
        """One document's mentions (their candidates looked up in ``names``)."""
        if not group:
            return
        voted, gave = set(), False
        letters = group_letters(group)
        for m in mentions:
            key = normalise_name(m.text)
            if key in voted or not names.get(m.text):
                continue
            voted.add(key)
            reps = representatives(names[m.text], self.order)
            if spells(letters, m.text):
                where = towns_named(reps, key)
                if where:
                    self.named.setdefault(group, {}).setdefault(key, set()).update(where)
            areas = areas_pointed_to(reps)
            for area in areas:
                self.pointed.setdefault(group, Counter())[area] += Fraction(1, len(areas))
            where = vote_among(reps)
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
        for group, named in other.named.items():
            for key, where in named.items():
                self.named.setdefault(group, {}).setdefault(key, set()).update(where)
        for group, pointed in other.pointed.items():
            self.pointed.setdefault(group, Counter()).update(pointed)

    def as_lists(self) -> dict[str, Any]:
        """The votes as plain lists and numbers, for JSON (``from_lists`` reads them back)."""
        return {
            "votes": [[group, cc, admin1, n] for group, counts in self.votes.items()
                      for (cc, admin1), n in counts.items()],
            "voted": dict(self.documents),
            "named": [[group, key, cc, admin1] for group, named in self.named.items()
                      for key, where in named.items() for cc, admin1 in sorted(where)],
            "pointed": [[group, cc, admin1, n.numerator, n.denominator]
                        for group, pointed in self.pointed.items()
                        for (cc, admin1), n in pointed.items()],
        }

    @classmethod
    def from_lists(cls, data: Mapping[str, Any]) -> HomeVotes:
        """The votes ``as_lists`` wrote (a ``KeyError`` or ``TypeError`` when they are not)."""
        votes = cls()
        for group, cc, admin1, n in data["votes"]:
            votes.votes.setdefault(group, Counter())[(cc, admin1)] += n
        votes.documents.update(data["voted"])
        for group, key, cc, admin1 in data["named"]:
            votes.named.setdefault(group, {}).setdefault(key, set()).add((cc, admin1))
        for group, cc, admin1, numerator, denominator in data["pointed"]:
            votes.pointed.setdefault(group, Counter())[(cc, admin1)] += Fraction(
                numerator, denominator)
        return votes

    def towns(self, group: str) -> tuple[tuple[str, str, str], ...]:
        """The group's home towns: (normalised name, country, admin1), by name."""
        pointed = self.pointed.get(group, Counter())
        out = []
        for key, where in sorted(self.named.get(group, {}).items()):
            area = home_town_area(where, pointed)
            if area is not None:
                out.append((key, *area))
        return tuple(out)

    def regions(self) -> dict[str, HomeRegion]:
        out = {}
        for group in sorted(set(self.votes) | set(self.named)):
            counts = self.votes.get(group, Counter())
            total = sum(counts.values())
            area = country = None
            n = 0
            if total >= MIN_VOTES and self.documents[group] >= MIN_DOCUMENTS:
                top = _ranked(counts)[:2]
                area = top[0][0] if (top[0][1] >= AREA_SHARE * total and (
                    len(top) == 1 or top[0][1] > top[1][1])) else None
                countries: Counter = Counter()
                for (cc, _), k in counts.items():
                    countries[cc] += k
                cc, n_cc = _ranked(countries)[0]
                country = cc if n_cc >= COUNTRY_SHARE * total else None
                if area is not None and area[0] != country:
                    area = None
                n = counts[area] if area else n_cc
            towns = self.towns(group)
            if not (area or country) and len({(cc, a1) for _, cc, a1 in towns}) == 1:
                # no home of its own towns' votes: the home of the town it is named for
                area, country, n = towns[0][1:], towns[0][1], 0
            if area or country or towns:
                out[group] = HomeRegion(group, area, country, n, total, towns)
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
