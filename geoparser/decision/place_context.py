"""How far a span's chosen place lies from the place its text states it is in or at
(``stated_km``: "Eastleigh in Nairobi", "Lavington, Nairobi", "the Fergus at Ennis").

A point thousands of km from the town the text says it is in is rarely the right one, whatever
the gazetteer's population or the policy's margin say (a stated container that holds the place
gives 0 km). The span decision reads it as a feature and, far enough, as a fixed judgement
(``span_decision.stated_apart``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from geoparser.distance import haversine_km
from geoparser.model import Candidate, Resolution
from geoparser.resolution.confidence import point_by_convention
from geoparser.resolution.document_evidence import LIST_GAP
from geoparser.resolution.place_facts import is_country_level

#: What stands between a name and the place the text says it is in or at: "Eastleigh in
#: Nairobi", "Lavington, Nairobi", "the Fergus at Ennis" (chosen by hand).
_STATED_GAP = re.compile(r",|in|at|near|outside(?: of)?", re.IGNORECASE)


def _placed(c: Candidate | None) -> bool:
    return c is not None and c.has_point


def _holds(area: Candidate, c: Candidate) -> bool:
    """Whether ``area`` (a country or a first-level area) holds ``c``."""
    if not area.country_code or c.country_code != area.country_code:
        return False
    return is_country_level(area) or (area.admin1 is not None and c.admin1 == area.admin1)


def _area(c: Candidate) -> bool:
    return is_country_level(c) or c.feature_code == "ADM1"


def stated_container(resolutions: Sequence[Resolution], i: int, text: str) -> int | None:
    """The index of the toponym the text states ``resolutions[i]`` is in or at (the next
    toponym, after ", ", " in ", " at ", " near " or " outside "), else None.

    After a comma a list may go on instead: the name after the comma is no container where a
    toponym and a comma lead to the span ("Zaïre, Bundibugyo, Côte d'Ivoire and Sudan"), nor
    where a list goes on from it ("Galway, Limerick and Cork", "Syria, Iraq, and
    Afghanistan") unless it is a country or first-level area, whose comma closes the town's
    place whatever follows ("Paris, Texas, and Dallas"; "Kilimani and Lavington, Nairobi":
    both in Nairobi). ``resolutions`` are in text order."""
    end = resolutions[i].mention.end
    j = i + 1
    while j < len(resolutions) and resolutions[j].mention.start < end:
        j += 1
    if j >= len(resolutions):
        return None
    gap = text[end:resolutions[j].mention.start].strip()
    if not _STATED_GAP.fullmatch(gap):
        return None
    if gap != ",":
        return j
    if _listed(resolutions, i - 1, i, text, ","):
        return None  # the span is the middle of a list: "Zaïre, Bundibugyo, Côte d'Ivoire"
    container = resolutions[j].candidate
    if not (container is not None and _area(container)) and _listed(resolutions, j, j + 1, text):
        return None
    return j


def _listed(resolutions: Sequence[Resolution], a: int, b: int, text: str,
            gap: str | None = None) -> bool:
    """Whether a list joins ``resolutions[a]`` to ``resolutions[b]``: a comma, "and", "or",
    "&" or a comma and one of them between (only ``gap``, where given)."""
    if a < 0 or b >= len(resolutions) or resolutions[a].mention.end > resolutions[b].mention.start:
        return False
    between = text[resolutions[a].mention.end:resolutions[b].mention.start].strip()
    return between == gap if gap is not None else bool(LIST_GAP.fullmatch(between))


def stated_km(r: Resolution, container: Resolution) -> float:
    """km from ``r``'s point to the place stated to hold it: 0 where that place is a country
    or first-level area that holds it. NaN where either has no point; where the container is
    of world scale without a country (a continent, a sea: no point says where it ends); and
    where ``r``'s place and the container are of a kind no text puts one in the other: a
    country, region or sea (``point_by_convention``), or two first-level areas ("Utah,
    Colorado": a list). A first-level area said to be in a town is measured ("Karen, Nairobi"
    read as Kayin State, Myanmar: the reading is wrong, and far)."""
    c, k = r.candidate, container.candidate
    if not _placed(c) or not _placed(k):
        return math.nan
    assert c is not None and k is not None
    if point_by_convention(c) or (c.feature_code == "ADM1" and k.feature_code == "ADM1"):
        return math.nan
    if _area(k):
        if not k.country_code:
            return math.nan
        if _holds(k, c):
            return 0.0
    return float(haversine_km(c.lat, c.lon, k.lat, k.lon))


def stated_distances(resolutions: Sequence[Resolution], text: str) -> list[float]:
    """Per resolution (in the order given), ``stated_km`` to the container its text states,
    NaN where none is stated. Read from the document alone."""
    order = sorted(range(len(resolutions)),
                   key=lambda i: (resolutions[i].mention.start, resolutions[i].mention.end))
    ordered = [resolutions[i] for i in order]
    stated = [math.nan] * len(resolutions)
    for pos, i in enumerate(order):
        j = stated_container(ordered, pos, text)
        if j is not None:
            stated[i] = stated_km(resolutions[i], ordered[j])
    return stated
