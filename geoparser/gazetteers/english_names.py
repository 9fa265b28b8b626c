"""How English news writes places no source spells so: countries' aliases and initials, short
forms and peoples of first-level areas, the people of states and provinces, the nouns of a
country's people, continent adjectives and seas named by a word alone. The offline
gazetteer's records carry these names (``offline_records``); recognition and resolution read
them from here."""

from __future__ import annotations

import re

from geoparser.vocabularies import pairs

# How English news writes some countries that no source spells so, after their initials
# (``vocabularies/country_initials.txt``, tagged ``alias``: "U.S.", "KSA", "T&T").
_NAMES: dict[str, tuple[str, ...]] = {
    "US": ("America",),
    "GB": ("Britain", "Great Britain"),
    "TC": ("Turks and Caicos", "Turks & Caicos"),
    "KR": ("Korea",), "KN": ("St Kitts & Nevis", "St Kitts and Nevis"),
    # Peoples that name their country where no demonym list does.
    "LK": ("Sinhalese", "Ceylon"),
    # Former names of a country whose land is the same ("Zaire" in a story about Ebola in 1995).
    "CD": ("Zaire",), "IR": ("Persia",), "TH": ("Siam",), "ZW": ("Rhodesia",),
    "BF": ("Upper Volta",), "BJ": ("Dahomey",), "ET": ("Abyssinia",), "BW": ("Bechuanaland",),
    "LS": ("Basutoland",), "MW": ("Nyasaland",),
}


def _aliases() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for initials, cc in pairs("country_initials", "country", "alias"):
        out.setdefault(cc, []).append(initials)
    for cc, names in _NAMES.items():
        out.setdefault(cc, []).extend(names)
    return {cc: tuple(names) for cc, names in out.items()}


#: Country code -> how English news writes the country where no source spells it so: its
#: initials first, then other names ("US": "U.S.", ..., "USA", "America").
ALIASES: dict[str, tuple[str, ...]] = _aliases()

#: Peoples named for a region that is no country ("Chechens", "the Abkhaz"), by the region:
#: like a country's demonym, a mention of one names a people rather than the place
#: (``demonyms.names_a_people``). The first three are names of their first-level area
#: (``ADMIN_ALIASES``); South Ossetia's are written into its record in the breakaway regions'
#: extract by ``scripts/breakaway_regions.py``. Chosen by hand from the shared corpora's text.
REGION_PEOPLES: dict[str, tuple[str, ...]] = {
    "Abkhazia": ("Abkhaz", "Abkhazian", "Abkhazians"),
    "Chechnya": ("Chechen", "Chechens"),
    "Catalonia": ("Catalan", "Catalans"),
    "South Ossetia": ("South Ossetian", "South Ossetians"),
}

# How English news writes some first-level areas, by (country, GeoNames admin1 code): a short
# form ("Jersey" for New Jersey in a US story; the island of Jersey, a country-level place,
# stays a candidate) and peoples named for their region.
ADMIN_ALIASES: dict[tuple[str, str], tuple[str, ...]] = {
    ("US", "NJ"): ("Jersey",),
    ("GE", "02"): REGION_PEOPLES["Abkhazia"],
    ("RU", "12"): REGION_PEOPLES["Chechnya"],
    ("ES", "56"): REGION_PEOPLES["Catalonia"],
}


def _state_demonyms() -> dict[tuple[str, str], tuple[str, ...]]:
    """(country, GeoNames admin1 code) -> its peoples, from
    ``vocabularies/gazetteers/state_demonyms.txt``, in file order."""
    out: dict[tuple[str, str], list[str]] = {}
    countries = pairs("gazetteers/state_demonyms", "country")
    areas = pairs("gazetteers/state_demonyms", "admin1")
    for (people, cc), (_, admin1) in zip(countries, areas, strict=True):
        out.setdefault((cc, admin1), []).append(people)
    return {key: tuple(peoples) for key, peoples in out.items()}


#: The people of US states, Canadian provinces and Australian states as news names them
#: ("Ohioans", "Texans", "Albertans", "Queenslanders"); each gets its plural too.
STATE_DEMONYMS: dict[tuple[str, str], tuple[str, ...]] = _state_demonyms()

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

#: Continent adjectives, as countries get their demonyms ("American" stays the US's), each
#: with its plural, the people ("Europeans"): ``vocabularies/continent_peoples.txt``, tagged
#: ``adjective``.
CONTINENT_ADJECTIVES: dict[str, tuple[str, ...]] = {
    continent: (adjective,)
    for adjective, continent in pairs("continent_peoples", "continent", "adjective")}

#: How news names a few seas by a word alone, as it names "the Atlantic": "the Gulf" is the
#: Persian Gulf in a story about Qatar and the Gulf of Mexico in one about Louisiana; the
#: story's places decide between them (and Gulf Province, Papua New Guinea).
WATER_ALIASES: dict[str, tuple[str, ...]] = {"Persian Gulf": ("Gulf",),
                                             "Gulf of Mexico": ("Gulf",)}
