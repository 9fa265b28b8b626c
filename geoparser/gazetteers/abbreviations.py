"""How newspapers and papers abbreviate states, provinces and countries.

Two uses. ``ABBREVIATIONS`` (AP style and postal codes of US states and Canadian provinces ->
(country code, GeoNames admin1 code)) lets the resolution cues read "Lancaster, Pa." as held
by Pennsylvania. ``EXPANSIONS`` lets resolution (``pipeline.lookup_all``) answer such a code
when it is itself the toponym ("Davis, CA", "floods in NSW", "the DRC"): the written-out area
it stands for joins the code's candidates. Codes are matched exactly as written, capitals and
dots included, so "In" or "me" never become Indiana or Maine; and the gazetteer itself does
not expand them, so a recogniser scanning text for names is not led to "ACT" or "CAR".
``COUNTRY_INITIALS`` are the few that name a country wherever they stand ("DPRK", "T&T"):
the news conventions make them toponyms for every recogniser. Countries' initials live in
``vocabularies/country_initials.txt``.
"""

from __future__ import annotations

from geoparser.vocabularies import pairs

# AP style abbreviations (and common variants) and postal codes -> GeoNames admin1 codes.
_US_STATES = {
    "AL": ("Ala.",), "AK": ("Alaska",), "AZ": ("Ariz.",), "AR": ("Ark.",),
    "CA": ("Calif.", "Cal."), "CO": ("Colo.", "Col."), "CT": ("Conn.",), "DE": ("Del.",),
    "DC": ("D.C.",), "FL": ("Fla.",), "GA": ("Ga.",), "HI": ("Hawaii",), "ID": ("Idaho",),
    "IL": ("Ill.",), "IN": ("Ind.",), "IA": ("Iowa",), "KS": ("Kan.", "Kans."),
    "KY": ("Ky.",), "LA": ("La.",), "ME": ("Maine",), "MD": ("Md.",), "MA": ("Mass.",),
    "MI": ("Mich.",), "MN": ("Minn.",), "MS": ("Miss.",), "MO": ("Mo.",), "MT": ("Mont.",),
    "NE": ("Neb.", "Nebr."), "NV": ("Nev.",), "NH": ("N.H.",), "NJ": ("N.J.",),
    "NM": ("N.M.", "N.Mex."), "NY": ("N.Y.",), "NC": ("N.C.",), "ND": ("N.D.",),
    "OH": ("Ohio",), "OK": ("Okla.",), "OR": ("Ore.", "Oreg."), "PA": ("Pa.", "Penn."),
    "RI": ("R.I.",), "SC": ("S.C.",), "SD": ("S.D.",), "TN": ("Tenn.",),
    "TX": ("Tex.", "Texas"), "UT": ("Utah",), "VT": ("Vt.",), "VA": ("Va.",),
    "WA": ("Wash.",), "WV": ("W.Va.", "W. Va."), "WI": ("Wis.", "Wisc."), "WY": ("Wyo.",),
}
# GeoNames first-level codes of Canada's provinces and territories.
_CA_PROVINCES = {
    "01": ("Alta.", "AB"), "02": ("B.C.", "BC"), "03": ("Man.", "MB"), "04": ("N.B.", "NB"),
    "05": ("Nfld.", "N.L.", "NL"), "07": ("N.S.", "NS"), "08": ("Ont.", "ON"),
    "09": ("P.E.I.", "PE"), "10": ("Que.", "Qué.", "QC"), "11": ("Sask.", "SK"),
    "12": ("Y.T.", "YT"), "13": ("N.W.T.", "NT"), "14": ("Nvt.", "NU"),
}


def _abbreviations() -> dict[str, tuple[str, str]]:
    """AP abbreviation or postal code -> (country code, GeoNames admin1 code)."""
    out: dict[str, tuple[str, str]] = {}
    for code, names in _US_STATES.items():
        out[code] = ("US", code)
        for n in names:
            out[n] = ("US", code)
    for code, names in _CA_PROVINCES.items():
        for n in names:
            out[n] = ("CA", code)
    return out


ABBREVIATIONS: dict[str, tuple[str, str]] = _abbreviations()

# GeoNames admin1 codes of Australia's states and territories.
_AU_STATES = {"01": ("ACT",), "02": ("NSW",), "03": ("NT",), "04": ("QLD", "Qld"),
              "05": ("SA",), "06": ("TAS", "Tas."), "07": ("VIC", "Vic."), "08": ("WA",)}

#: Initials that name a country wherever they stand as a word of their own, as news writes
#: them ("the DPRK's concerns", "the T&T mission"): a recogniser taught on few of them misses
#: them (``vocabularies/country_initials.txt``, tagged ``standalone``).
COUNTRY_INITIALS: dict[str, str] = dict(pairs("country_initials", "country", "standalone"))


def _expansions() -> dict[str, tuple[tuple[str, str | None], ...]]:
    out: dict[str, list[tuple[str, str | None]]] = {}
    for code, target in ABBREVIATIONS.items():
        out.setdefault(code, []).append(target)
    for code, names in _AU_STATES.items():
        for n in names:
            out.setdefault(n, []).append(("AU", code))
    for initials, cc in pairs("country_initials", "country", "expansion"):  # "DRC", "CAR"
        out.setdefault(initials, []).append((cc, None))
    return {k: tuple(dict.fromkeys(v)) for k, v in out.items()}


#: Code as written -> the (country code, admin1 code or None for the country) it may stand for
#: ("WA": Washington State and Western Australia).
EXPANSIONS: dict[str, tuple[tuple[str, str | None], ...]] = _expansions()
