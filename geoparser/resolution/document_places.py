"""The places a document's resolutions chose, read once a document: how a chosen place sits
among those of the document's other names (``document_agreement``, for the confidence
model)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import numpy as np

from geoparser.distance import haversine_km
from geoparser.model import Candidate, Resolution
from geoparser.names import normalise_name


class DocumentPlaces:
    """The first place chosen for each name a document's resolutions write (by normalised name,
    in text order): read once a document, not once a toponym, which made a long document's
    cost grow with the square of its toponyms."""

    def __init__(self, document: Sequence[Resolution]) -> None:
        first: dict[str, Candidate] = {}
        for o in document:
            c = o.candidate
            if c is not None and c.has_point:
                first.setdefault(normalise_name(o.mention.text), c)
        self.names = list(first)
        self.places = list(first.values())
        self.lats = np.array([c.lat for c in self.places])
        self.lons = np.array([c.lon for c in self.places])
        self.index = {name: i for i, name in enumerate(self.names)}
        self.in_country = Counter(c.country_code for c in self.places if c.country_code)

    def others(self, own: str) -> list[int]:
        """The indices of the places of names other than ``own``."""
        mine = self.index.get(own)
        everyone = range(len(self.names))
        return list(everyone) if mine is None else [*range(mine), *range(mine + 1,
                                                                          len(self.names))]

    def share_in(self, country_code: str | None, own: str) -> float:
        """The share of the places of names other than ``own`` in ``country_code`` (a count
        kept once a document, where counting over the others cost each toponym all of
        them)."""
        mine = self.index.get(own)
        n = len(self.names) - (mine is not None)
        if country_code is None:
            return 0 / n
        count = self.in_country[country_code]
        if mine is not None and self.places[mine].country_code == country_code:
            count -= 1
        return count / n


def document_agreement(r: Resolution, document: Sequence[Resolution] | DocumentPlaces
                       ) -> tuple[float, float]:
    """How the chosen place sits among the places chosen for the document's other names: the
    share in its country, and log1p of the km to the nearest (NaN, NaN with none)."""
    chosen = r.candidate
    known = document if isinstance(document, DocumentPlaces) else DocumentPlaces(document)
    own = normalise_name(r.mention.text)
    keep = known.others(own)
    if not keep or chosen is None:
        return math.nan, math.nan
    share = known.share_in(chosen.country_code, own)
    km = haversine_km(np.full(len(keep), chosen.lat), np.full(len(keep), chosen.lon),
                      known.lats[keep], known.lons[keep])
    return share, math.log1p(float(km.min()))
