"""Rivers and lakes that two records describe made one (the offline gazetteer's merge:
``offline_records``): a river's tidal mouth and its upstream record, a lake two sources
place."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace

from geoparser.distance import distance_km
from geoparser.gazetteers.english_names import WATER_ALIASES
from geoparser.gazetteers.extras_source import ExtraPlace, candidate_of
from geoparser.gazetteers.name_forms import natural_code
from geoparser.gazetteers.region_records import as_described
from geoparser.gazetteers.sqlite_index import PlaceRecord
from geoparser.names import normalise_name_uncached as normalise_name

#: The extracts of Natural Earth's physical labels (islands, mountains, rivers, regions...)
#: and of the regions it groups first-level areas into ("Darfur", "East Midlands") or that
#: broke away from a country ("South Ossetia").
PHYSICAL_SOURCES = frozenset({"ne-physical", "ne-regions", "ne-breakaway"})
_ADJECTIVAL_WATER = re.compile(r"^(\w+(?:an|ic)) (?:Sea|Ocean)$")


#: How far apart (km) cadis's record of a river's tidal mouth and its record of the river
#: upstream may lie to be one river (the Columbia's lie 700 km apart).
#: Chosen by hand (commit df914cb: GeoWebNews resolution 0.8520 -> 0.8540).
SAME_RIVER_KM = 1500.0


def rivers_at_their_mouths(water: list[ExtraPlace]) -> list[ExtraPlace]:
    """The water bodies, a "sea" cadis names as a river ("Columbia River", "Saint Lawrence
    River": the tidal reach at its mouth) made a river, as its name says, and cadis's record
    of the same river upstream folded into it: one river, one candidate, at its mouth as
    GeoNames places a stream, with the names of both. An estuary's name ("Pearl River
    Estuary", "Río de la Plata") stays a sea's."""
    mouths = {w.source_id: replace(w, feature_code="STM") for w in water
              if w.source not in PHYSICAL_SOURCES and w.feature_code == "SEA"
              and natural_code(w.name) == "STM"}
    by_name: dict[str, list[ExtraPlace]] = {}
    for m in mouths.values():
        by_name.setdefault(normalise_name(m.name), []).append(m)
    folded: dict[str, list[str]] = {}
    out: list[ExtraPlace] = []
    for w in water:
        mouth = next((m for m in by_name.get(normalise_name(w.name), ())
                      if w.source not in PHYSICAL_SOURCES and w.feature_code == "STM"
                      and w.has_point and m.has_point
                      and distance_km(w.lat, w.lon, m.lat, m.lon) <= SAME_RIVER_KM), None)
        if mouth is not None:
            folded.setdefault(mouth.source_id, []).extend((w.name, *w.names))
        else:
            out.append(mouths.get(w.source_id, w))
    return [replace(w, names=tuple(dict.fromkeys(
        n for n in (*w.names, *folded[w.source_id]) if n != w.name)))
        if w.source_id in folded else w for w in out]


#: How far apart two sources' points of one lake may lie (a lake's box centre and its
#: centroid); a river is one river by name alone, since its points (cadis's box centre,
#: Natural Earth's mouth) may lie a thousand km apart.
#: Chosen by hand (commit c0eb0ec).
SAME_LAKE_KM = 300.0


def water_by_name(places: Iterable[ExtraPlace]) -> dict[tuple[str, str | None], list]:
    out: dict[tuple[str, str | None], list[ExtraPlace]] = {}
    for w in places:
        for n in (w.name, *w.names):
            out.setdefault((normalise_name(n), w.feature_code), []).append(w)
    return out


def described(p: ExtraPlace, names: list[str], known: Mapping) -> ExtraPlace | None:
    """The record of another extract that already has this river or lake (same kind, a shared
    name; a lake also near), if any: one water body is one candidate, with the names of both,
    so that a second source's copy does not make it look ambiguous."""
    for n in names:
        for w in known.get((normalise_name(n), p.feature_code), ()):
            if p.feature_code == "STM" or (w.has_point and p.has_point and distance_km(
                    p.lat, p.lon, w.lat, w.lon) <= SAME_LAKE_KM):
                return w
    return None


def water_places(water: list[ExtraPlace], joined: Mapping[str, ExtraPlace],
                 claimed: Callable[[str, ExtraPlace], bool], demonyms: set[str]
                 ) -> Iterator[PlaceRecord]:
    """The water bodies, physical features and regions, as ``offline_records``' docstring
    says; ``claimed`` tells the names a country, an area or a town holds."""
    water = rivers_at_their_mouths(water)
    known = water_by_name(w for w in water if w.source not in PHYSICAL_SOURCES)
    physical: list[tuple[ExtraPlace, list[str]]] = []
    more_names: dict[str, list[str]] = {}  # names a described water body gains, by source id
    more_rank: dict[str, float] = {}  # and Natural Earth's scale rank, by source id
    lies_in: dict[str, ExtraPlace] = {}  # and the feature whose derived country it takes
    for p in water:
        if p.source not in PHYSICAL_SOURCES:
            continue
        names = [n for n in dict.fromkeys((p.name, *p.names)) if not claimed(n, p)]
        # A sea is matched by every name (the Red Sea is also two states'), then gains only the
        # names no area or town holds.
        matched_by = [p.name, *p.names] if p.feature_code == "SEA" else names
        same = described(p, matched_by, known) if matched_by else None
        if same is not None:
            more_names.setdefault(same.source_id, []).extend(names)
            if p.scale_rank is not None:
                more_rank[same.source_id] = min(p.scale_rank,
                                                more_rank.get(same.source_id, p.scale_rank))
            if p.country_code and not same.country_code:
                lies_in.setdefault(same.source_id, p)
        elif names:
            physical.append((p, names))
    for p in water:
        if p.source in PHYSICAL_SOURCES:
            continue
        m = _ADJECTIVAL_WATER.match(p.name)
        bare = (m.group(1),) if m and m.group(1) not in demonyms else ()
        rank = p.scale_rank if p.scale_rank is not None else more_rank.get(p.source_id)
        if p.name.endswith(" Ocean"):  # labelled at world scale, as Natural Earth's Pacific
            code, rank = "OCN", 0.0 if rank is None else rank
        else:
            code = p.feature_code
        where = lies_in.get(p.source_id)
        located = {"country_code": where.country_code, "admin1": where.admin1,
                   "derived": (*p.derived, *where.derived)} if where else {}
        yield PlaceRecord(candidate_of(as_described(p, joined), p.name, feature_code=code,
                                     scale_rank=rank, **located),
                          tuple(dict.fromkeys((*p.names, *bare, *WATER_ALIASES.get(p.name, ()),
                                               *more_names.get(p.source_id, ())))))
    for p, names in physical:
        yield PlaceRecord(candidate_of(as_described(p, joined), names[0],
                                     feature_code=p.feature_code), tuple(names[1:]))
