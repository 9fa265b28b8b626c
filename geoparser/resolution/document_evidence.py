"""What a document says about each of its toponyms: the other toponyms' facts, the places
they agree on, the focus, and what the text around a mention names (a container after it, a
list of areas beside it)."""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from geoparser.distance import haversine_km
from geoparser.model import Candidate, Mention
from geoparser.names import normalise_name
from geoparser.resolution import cues
from geoparser.resolution.base import (
    SOURCE_PREFERENCE,
    ResolutionContext,
)
from geoparser.resolution.place_facts import FACTS, NameFacts, is_country_level

_CONTAINER_GAP = (",", "in")
#: Up to this many names with a point (``DocumentEvidence.focus_keys``), each name's focus is
#: the exact medoid of the others from the whole distance matrix; beyond it
#: (``DocumentEvidence._medoid_of_many``), from each point's summed distance less its own, the
#: same medoid but for rounding, at a cost that grows with the square of the names, not the
#: cube. Chosen by hand: news articles have tens of names, the largest of GeoWebNews and
#: GeoVirus far fewer, so they keep the exact path (outputs byte-identical on 100 of them).
EXACT_MEDOID_NAMES = 300
#: Rows of the distance matrix computed at a time for the summed distances (chosen by hand:
#: 256 rows of 3,000 names are 6 MB).
MEDOID_BLOCK = 256
#: Of more than ``EXACT_MEDOID_NAMES`` placed names, how many of the others a candidate's
#: median distance (``median_nearest``) is measured against (chosen by hand: a median of 256
#: lies within a few ranks of the whole's).
MEDIAN_SAMPLE = 256


class DocumentEvidence:
    """The document's toponyms, prepared once per document for all its mentions."""

    def __init__(self, context: ResolutionContext,
                 order: tuple[str, ...] = SOURCE_PREFERENCE) -> None:
        self.context = context
        self.order = order  # the point convention's (``base.point_order``)
        names: dict[str, NameFacts] = {}
        for m in context.mentions:
            key = normalise_name(m.text)
            cs = context.candidates.get((m.start, m.end))
            if key in names or not cs:
                continue
            names[key] = FACTS.get(cs, order)
        if len(names) <= 1:  # a lone toponym borrows its collection's (``pipeline.resolve``)
            for key, cs in context.collection.items():
                if key not in names and cs:
                    names[key] = FACTS.get(cs, order)
        self.names = names
        keys = list(names)
        self.placed_keys = [k for k in keys if names[k].lats.size]
        self._points: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None  # see ``points``
        # Mentions in text order, to find the one after a mention by bisection: a document of
        # thousands of mentions must not cost a scan (or a sort) per mention.
        self.in_order = sorted(context.mentions, key=lambda m: (m.start, m.end))
        self.order_starts = [m.start for m in self.in_order]
        self.focus_keys = [k for k in keys if names[k].top.has_point
                           and not is_country_level(names[k].top)]
        self._focus_d: np.ndarray | None = None  # distances between them, when first needed
        self._focus_sums: np.ndarray | None = None  # each one's summed distance (many names)
        self._focus_latlon: tuple[np.ndarray, np.ndarray] | None = None
        self._focus_index = {k: i for i, k in enumerate(self.focus_keys)}
        self._sample: list[int] | None = None  # see ``others_placed``
        self._sample_points: tuple[np.ndarray, np.ndarray, np.ndarray, list[int]] | None = None
        self._focus_of_key = set(self.focus_keys)
        self._focus_of: dict[str | None, Candidate | None] = {}  # by name (``focus``)
        self._all: OtherNames | None = None  # counts over all names (``around``)
        # by reading and by (mention, candidates): see FeatureExtractor.rows
        self.rows: dict[tuple, tuple[list[Candidate], np.ndarray]] = {}
        # per name, the cues the story gives it anywhere, and per mention its own
        # (``FeatureExtractor._story_cues``)
        self.story_cues: dict[str, tuple[bool, bool, str | None]] | None = None
        self.mention_cues: dict[tuple[int, int], tuple[bool, bool, str | None]] = {}
        # by the identity of a reading's ``rows``, what the context policy chose by them
        # (``ContextPolicy.choose``); those rows live as long as this
        self.chosen: dict[int, tuple] = {}

    def points(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """All placed toponyms' candidate points in one array each (latitudes, longitudes),
        and where each toponym's run starts; built when a mention first needs them."""
        if self._points is None:
            names, keys = self.names, self.placed_keys
            self._points = (np.concatenate([names[k].lats for k in keys] or [[]]),
                            np.concatenate([names[k].lons for k in keys] or [[]]),
                            np.cumsum([0] + [names[k].lats.size for k in keys[:-1]]))
        return self._points

    def others_placed(self, own: str) -> list[int]:
        """The indices in ``placed_keys`` of the toponyms ``median_nearest`` measures against
        for ``own``: every other placed toponym, or of more than ``EXACT_MEDOID_NAMES``, a
        fixed sample of ``MEDIAN_SAMPLE`` of them spread evenly over the document (the
        median of a sample stands for the median of all; each mention then costs the same
        however many names the document has)."""
        keys = self.placed_keys
        if len(keys) <= EXACT_MEDOID_NAMES:
            return [i for i, k in enumerate(keys) if k != own]
        if self._sample is None:
            self._sample = sorted({round(j * (len(keys) - 1) / (MEDIAN_SAMPLE - 1))
                                   for j in range(MEDIAN_SAMPLE)})
        return [i for i in self._sample if keys[i] != own]

    def sample_points(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]:
        """``points`` of the toponyms of ``others_placed``'s sample only, and the sample."""
        if self._sample_points is None:
            self.others_placed("")  # fills the sample
            sample = self._sample or []
            names = self.names
            chosen = [self.placed_keys[i] for i in sample]
            self._sample_points = (
                np.concatenate([names[k].lats for k in chosen]),
                np.concatenate([names[k].lons for k in chosen]),
                np.cumsum([0] + [names[k].lats.size for k in chosen[:-1]]), sample)
        return self._sample_points

    def next_mention(self, offset: int) -> Mention | None:
        """The first mention (in text order) that starts at or after ``offset``."""
        i = bisect.bisect_left(self.order_starts, offset)
        return self.in_order[i] if i < len(self.in_order) else None

    def mention_before(self, offset: int) -> Mention | None:
        """The last mention (in text order) that starts before ``offset``."""
        i = bisect.bisect_left(self.order_starts, offset)
        return self.in_order[i - 1] if i > 0 else None

    def around(self, own: str) -> OtherNames:
        """What the names other than ``own`` say, counted: the document's counts less
        ``own``'s, where counting over the others anew for each name cost a long document
        the square of its names."""
        if self._all is None:
            self._all = OtherNames.of(self.names.values())
        mine = self.names.get(own)
        if mine is None:
            return self._all
        return self._all.without(mine)

    def focus(self, own: str) -> Candidate | None:
        """The medoid of the other toponyms' first readings (the same for every name that
        is none of them: a country, a name without a point)."""
        key = own if own in self._focus_of_key else None
        if key not in self._focus_of:
            self._focus_of[key] = self._medoid(own)
        return self._focus_of[key]

    def _medoid(self, own: str) -> Candidate | None:
        keep = [i for i, k in enumerate(self.focus_keys) if k != own]
        if not keep:
            return None
        if len(keep) == 1:
            return self.names[self.focus_keys[keep[0]]].top
        if len(self.focus_keys) > EXACT_MEDOID_NAMES:
            return self.names[self.focus_keys[self._medoid_of_many(own)]].top
        if self._focus_d is None:
            lat = np.array([self.names[k].top.lat for k in self.focus_keys], dtype=float)
            lon = np.array([self.names[k].top.lon for k in self.focus_keys], dtype=float)
            self._focus_d = haversine_km(lat[:, None], lon[:, None], lat[None, :], lon[None, :])
        sub = self._focus_d[np.ix_(keep, keep)]
        return self.names[self.focus_keys[keep[int(np.argmin(sub.sum(axis=1)))]]].top

    def _medoid_of_many(self, own: str) -> int:
        """``_medoid`` for a document of more than ``EXACT_MEDOID_NAMES`` names, as the index
        of the medoid in ``focus_keys``: each point's summed distance to all the others is
        computed once (in blocks of rows, so memory stays linear in the names), and for each
        name its own distance is taken off, one column at a time: the cost of all the names'
        medoids grows with the square of the names, not the cube, and the matrix is never
        held. The sums differ from ``_medoid``'s by rounding only (a tie may fall the other
        way)."""
        if self._focus_sums is None:
            lat, lon = self._focus_points()
            sums = np.empty(lat.size)
            for a in range(0, lat.size, MEDOID_BLOCK):
                b = min(a + MEDOID_BLOCK, lat.size)
                sums[a:b] = haversine_km(lat[a:b, None], lon[a:b, None], lat[None, :],
                                         lon[None, :]).sum(axis=1)
            self._focus_sums = sums
        sums = self._focus_sums
        mine = self._focus_index.get(own)
        if mine is None:
            return _first_least(sums)
        lat, lon = self._focus_points()
        scores = sums - haversine_km(lat, lon, lat[mine], lon[mine])
        scores[mine] = np.inf
        return _first_least(scores)

    def _focus_points(self) -> tuple[np.ndarray, np.ndarray]:
        if self._focus_latlon is None:
            self._focus_latlon = (
                np.array([self.names[k].top.lat for k in self.focus_keys], dtype=float),
                np.array([self.names[k].top.lon for k in self.focus_keys], dtype=float))
        return self._focus_latlon


def _first_least(scores: np.ndarray) -> int:
    """The first index whose score is the least but for rounding (a relative 1e-9): sums that
    are equal in exact arithmetic (two points, each the other's only other; points that
    coincide) go to the first, as ``np.argmin`` of the exact sums sends them, whatever the
    rounding of the subtraction."""
    least = float(np.min(scores))
    # 1e-9 relative: chosen by hand, far above float64 rounding of these sums (about 1e-16
    # relative a term) and far below any real difference of summed distances in km.
    return int(np.flatnonzero(scores <= least + 1e-9 * max(abs(least), 1.0))[0])


@dataclass(frozen=True)
class OtherNames:
    """Counts over a document's names' facts (``FeatureExtractor._rows``, co-mentions): how
    many names read first as a place in each country and first-level area (``top_cc``,
    ``top_a1``; positive counts only), have a candidate in each (``in_country``,
    ``in_first_level``), name each country and area, and read first as each state."""

    n: int
    top_cc: Counter
    top_a1: Counter
    in_country: Counter
    in_first_level: Counter
    named_countries: Counter
    named_first_levels: Counter
    named_states: Counter

    @staticmethod
    def of(names: Iterable[NameFacts]) -> OtherNames:
        # 7: fixed by the seven counts OtherNames holds (as in ``without``).
        counts = [Counter() for _ in range(7)]
        n = 0
        for facts in names:
            _count(counts, facts, 1)
            n += 1
        return OtherNames(n, *counts)

    def without(self, facts: NameFacts) -> OtherNames:
        """These counts less ``facts``'s (a name counted in them); a count ``facts`` has no
        key in is shared, not copied (the features only read them)."""
        counts = [self.top_cc, self.top_a1, self.in_country, self.in_first_level,
                  self.named_countries, self.named_first_levels, self.named_states]
        mine = _keys(facts)
        counts = [Counter(c) if ks else c for c, ks in zip(counts, mine, strict=True)]
        _count(counts, facts, -1)
        return OtherNames(self.n - 1, *counts)


def _keys(facts: NameFacts) -> tuple[Iterable, ...]:
    """``facts``'s keys in each of ``OtherNames``' seven counts (in its order)."""
    top = facts.top
    cc, a1 = top.country_code, top.admin1
    return ((cc,) if cc else (),
            ((cc, a1),) if cc and a1 and not is_country_level(top) else (),
            facts.countries, facts.first_levels, facts.named_countries,
            facts.named_first_levels,
            ((cc, a1),) if top.feature_code == "ADM1" and cc and a1 else ())


def _count(counts: list[Counter], facts: NameFacts, sign: int) -> None:
    """Add ``facts``'s keys to ``OtherNames``' seven counts (in its order) ``sign`` times."""
    for counted, keys in zip(counts, _keys(facts), strict=True):
        for k in keys:
            counted[k] += sign
            if counted[k] <= 0:  # a key no other name has is no key of the others
                del counted[k]


def containers_named(mention: Mention, context: ResolutionContext, doc: DocumentEvidence
                ) -> tuple[bool, list]:
    """Whether the text names the mention's container, and its (country, admin1 or None)
    keys: after it ("Salisbury, England", "Lancaster, Pa."; a name after a comma that a list
    goes on from is no container, "Washington, New York and Boston", as it is then no area,
    ``area_by_position``) or before it with the place's kind between ("the English city of
    Salisbury"). Both are the same evidence to the ranker and the confidence model
    (``contained``, ``container_named``), which read the second as they read the first."""
    text = context.document.text
    abbreviated = cues.abbreviated_container(text, mention.end)
    if abbreviated is not None:
        return True, [abbreviated]
    if (first := _container_before(mention, context, doc)) is not None:
        keys = [k for c in context.candidates.get((first.start, first.end), ())
                if (k := area_key(c)) is not None]
        if keys:
            return True, keys
    m = doc.next_mention(mention.end)
    if m is not None and text[mention.end:m.start].strip() == "," and (
            _lists_on(m, text, doc) or _listed_after_a_peer(mention, context, doc)):
        return False, []
    if m is not None and text[mention.end:m.start].strip() in _CONTAINER_GAP:
        keys = [k for c in context.candidates.get((m.start, m.end), ())
                if (k := area_key(c)) is not None]
        return bool(keys), keys
    return False, []


def _container_before(mention: Mention, context: ResolutionContext,
                      doc: DocumentEvidence) -> Mention | None:
    """The toponym that names the mention's container before it, with the place's kind
    between ("the English city of Salisbury": English; ``cues.held_name_start``), else
    None."""
    before = doc.mention_before(mention.start)
    if before is None or cues.held_name_start(context.document.text, before.start,
                                              before.end) != mention.start:
        return None
    return before


def area_key(c: Candidate) -> tuple[str, str | None] | None:
    """(country, None) for a country, (country, admin1) for a first-level area, else None:
    what a container or a code names."""
    if c.country_code and is_country_level(c):
        return (c.country_code, None)
    if c.country_code and c.feature_code == "ADM1" and c.admin1:
        return (c.country_code, c.admin1)
    return None


#: What goes on from a name to the next of a list: ",", "and", "or", "&", or a comma and one.
LIST_GAP = re.compile(r",|,?\s*(?:and|or|&)")


def _lists_on(mention: Mention, text: str, doc: DocumentEvidence) -> bool:
    """Whether a list goes on after the mention: "and" and the next toponym ("New York and
    Boston"), or a comma and a toponym that a list goes on from ("New York, Boston and
    Chicago"); not a comma and "and", which closes a town's state ("Paris, Texas, and
    Dallas")."""
    after = doc.next_mention(mention.end)
    if after is None:
        return False
    gap = text[mention.end:after.start].strip()
    if _CONJUNCTION.fullmatch(gap):
        return True
    then = doc.next_mention(after.end)
    return gap == "," and then is not None and bool(
        LIST_GAP.fullmatch(text[after.end:then.start].strip()))


_CONJUNCTION = re.compile(r"and|or|&")


def toponym_and_comma_before(mention: Mention, context: ResolutionContext,
                             doc: DocumentEvidence) -> Mention | None:
    """The toponym right before the mention when only a comma stands between them, where a
    container stands ("Buffalo, New York") or a list goes on; else None."""
    before = doc.mention_before(mention.start)
    if before is None or context.document.text[before.end:mention.start].strip() != ",":
        return None
    return before


def _listed_after_a_peer(mention: Mention, context: ResolutionContext,
                         doc: DocumentEvidence) -> bool:
    """Whether the mention follows a comma and a toponym of its own kind, both read at first
    as countries or both as first-level areas: a list ("Georgia, Iraq, Iran, and Syria"), so
    the name after it is the next of the list, not its container (Arāk, Iran, is also called
    Iraq)."""
    before = toponym_and_comma_before(mention, context, doc)
    if before is None:
        return False
    kinds = []
    for m in (before, mention):
        cs = context.candidates.get((m.start, m.end))
        if not cs:
            return False
        top = FACTS.get(cs, doc.order).top
        kinds.append("country" if is_country_level(top)
                     else "first-level" if top.feature_code == "ADM1" else None)
    return kinds[0] is not None and kinds[0] == kinds[1]


def area_by_position(mention: Mention, context: ResolutionContext, doc: DocumentEvidence,
                      reps: Sequence[Candidate]) -> bool:
    """Whether the mention's place in the text makes it an area: it holds the toponym just
    before it ("Buffalo, New York": a state of this name holds a Buffalo; not when a list goes
    on, as in "Washington, New York and Boston"), or it stands in a list beside a first-level
    area ("Florida and New York", "New Mexico, New York, Indiana")."""
    text = context.document.text
    i = bisect.bisect_left(doc.order_starts, mention.start)
    before = doc.in_order[i - 1] if i > 0 else None
    after = doc.in_order[i + 1] if i + 1 < len(doc.in_order) else None
    listed = after is not None and bool(LIST_GAP.fullmatch(text[mention.end:after.start].strip()))
    if before is not None and not listed and text[before.end:mention.start].strip() == "," and (
            any(holding(reps, context.candidates.get((before.start, before.end), ())))):
        return True
    for m, gap in ((before, text[before.end:mention.start] if before else ""),
                   (after, text[mention.end:after.start] if after else "")):
        cs = context.candidates.get((m.start, m.end)) if m is not None else None
        if cs and LIST_GAP.fullmatch(gap.strip()) and (
                FACTS.get(cs, doc.order).top.feature_code == "ADM1"):
            return True
    return False


def readings_held(mention: Mention, context: ResolutionContext,
                  doc: DocumentEvidence) -> Sequence[Candidate]:
    """The readings of the toponym right before the mention and a comma, which the mention
    may hold ("Atlanta, Georgia" and "Atlanta, Georgia, USA": Atlanta's readings); none when
    a list goes on from the mention ("Washington, New York and Boston"; ``_lists_on``)."""
    before = toponym_and_comma_before(mention, context, doc)
    if before is None or _lists_on(mention, context.document.text, doc):
        return ()
    return context.candidates.get((before.start, before.end), ())


def holding(reps: Sequence[Candidate], held: Sequence[Candidate]) -> list[bool]:
    """For each of ``reps``, whether it is a country or first-level area that holds one of
    ``held`` (the readings of the toponym before it)."""
    return [bool(held) and (k := area_key(c)) is not None and any(holds_key(k, p) for p in held)
            for c in reps]


def holds_key(key: tuple[str, str | None], c: Candidate) -> bool:
    cc, admin1 = key
    if c.country_code != cc:
        return False
    return admin1 is None or (c.admin1 == admin1 and not is_country_level(c))




def majority(counts: Counter):
    """The most common key when it is strictly ahead of the next; else ``None``."""
    top = counts.most_common(2)
    if not top or (len(top) == 2 and top[0][1] == top[1][1]):
        return None
    return top[0][0]


def median_nearest(lats: np.ndarray, lons: np.ndarray, doc: DocumentEvidence, own: str
                    ) -> list[float | None]:
    """Per candidate, the median over the other toponyms of the distance to their nearest
    candidate; ``None`` without a point or without other placed toponyms."""
    keep = doc.others_placed(own)
    if not keep:
        return [None] * len(lats)
    if len(doc.placed_keys) > EXACT_MEDOID_NAMES:  # the sample's points only
        all_lat, all_lon, starts, sample = doc.sample_points()
        keep = [j for j, i in enumerate(sample) if doc.placed_keys[i] != own]
    else:
        all_lat, all_lon, starts = doc.points()
    d = haversine_km(lats[:, None], lons[:, None], all_lat[None, :], all_lon[None, :])
    nearest = np.minimum.reduceat(d, starts, axis=1)[:, keep]
    nearest.sort(axis=1)
    k = nearest.shape[1]
    med = nearest[:, k // 2] if k % 2 else (nearest[:, k // 2 - 1] + nearest[:, k // 2]) / 2
    return [None if math.isnan(v) else float(v) for v in med]
