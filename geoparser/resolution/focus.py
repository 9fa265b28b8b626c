"""What a document is about: its focus country, first-level area and city, as CLIFF-CLAVIN
defines its "focus" (``FrequencyOfMentionFocusStrategy``).

Every toponym placed on the map votes once per mention: for the country of the chosen place
(its ISO code: "Texas" and "Dallas" both count for the United States, as does "United States"
itself), for its first-level area where the place has one the gazetteer knows ("Dallas" and
"Texas" for Texas), and, when the place is a populated place (GeoNames class P), for that
city by its GeoNames id. Each part's focus is the one with most votes; its ``share`` is its
votes over all placed toponyms of the document, so "2 of 5" reads 0.4.

Unlike CLIFF, which lists every tied place, one is chosen: most votes, then the one the text
names first, then the smaller code or id, so the focus depends on the document alone (never on
the order or neighbours of a batch). A document with no placed toponym has no focus
(``None``); one whose placed toponyms lie in no country (a sea, a continent) has a focus with
an empty country. Toponyms left unplaced (no candidate, or below the minimum confidence) do
not vote and do not count in the shares.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from geoparser.gazetteers.regions import admin1_ids, admin1_names, country_ids, country_name
from geoparser.model import Candidate, DocumentFocus, FocusPlace, Resolution


@dataclass
class _Tally:
    """Votes for one place and where the text first named it."""

    count: int
    first: int
    example: Candidate


def _vote(tally: dict[Hashable, _Tally], key: Hashable, position: int, c: Candidate) -> None:
    if key in tally:
        tally[key].count += 1
        tally[key].first = min(tally[key].first, position)
    else:
        tally[key] = _Tally(1, position, c)


def _top(tally: dict[Hashable, _Tally]) -> tuple[Hashable, _Tally] | None:
    """Most votes, then named first, then the smaller key (as text)."""
    if not tally:
        return None
    return min(tally.items(), key=lambda kv: (-kv[1].count, kv[1].first, str(kv[0])))


def placed(resolutions: Sequence[Resolution]) -> list[Resolution]:
    """The resolutions that put their toponym on the map (a chosen place with a point)."""
    return [r for r in resolutions if r.candidate is not None and r.candidate.has_point]


def _city_key(c: Candidate) -> Hashable:
    return c.geonameid if c.geonameid is not None else f"{c.source}:{c.source_id}"


def _town_votes(votes: Sequence[Resolution]) -> dict[Hashable, _Tally]:
    """The placed towns (GeoNames class P) among ``votes``, each with its mentions."""
    towns: dict[Hashable, _Tally] = {}
    for r in votes:
        if r.candidate is not None and r.candidate.feature_class == "P":
            _vote(towns, _city_key(r.candidate), r.mention.start, r.candidate)
    return towns


def focus_town(resolutions: Sequence[Resolution]) -> Candidate | None:
    """The placed town the document names most, its focus city: most mentions, then named
    first; ``None`` when no town is placed."""
    top = _top(_town_votes(placed(resolutions)))
    return top[1].example if top is not None else None


def document_focus(resolutions: Sequence[Resolution]) -> DocumentFocus | None:
    """The focus of a document from its resolutions (see the module docstring)."""
    votes = placed(resolutions)
    if not votes:
        return None
    total = len(votes)
    countries: dict[Hashable, _Tally] = {}
    areas: dict[Hashable, _Tally] = {}
    for r in votes:
        c, at = r.candidate, r.mention.start
        assert c is not None
        if c.country_code:
            _vote(countries, c.country_code, at, c)
            if c.admin1 and (c.country_code, c.admin1) in admin1_names():
                _vote(areas, (c.country_code, c.admin1), at, c)

    def share(n: int) -> float:
        return n / total

    country = area = city = None
    if (top := _top(countries)) is not None:
        cc, t = top
        country = FocusPlace(country_name(str(cc)), country_ids().get(str(cc)), str(cc), None,
                             t.count, share(t.count))
    if (top := _top(areas)) is not None:
        (cc, code), t = top  # type: ignore[misc]
        area = FocusPlace(admin1_names()[(cc, code)], admin1_ids().get((cc, code)), cc, code,
                          t.count, share(t.count))
    if (top := _top(_town_votes(votes))) is not None:
        _, t = top
        c = t.example
        city = FocusPlace(c.name, c.geonameid, c.country_code, c.admin1, t.count,
                          share(t.count))
    return DocumentFocus(country, area, city, total)
