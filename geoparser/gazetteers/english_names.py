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
