"""How an output names a place: its feature kind in words, and the fields every output shares.

Every writer (JSONL, GeoJSON, CSV, Parquet), the maps, the report and the spaCy component say
which place was chosen the same way: name, first-level area, country, feature kind and the
integer GeoNames id; a candidate listed beside it says whether it matched the toponym by its
own name or by one of its alternate names ("Brilliant, Alabama" is also called Boston).
Region and country names are filled in when the pipeline looks the names up
(``pipeline.lookup_all``); this module only reads the candidate.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from geoparser.model import Candidate
from geoparser.names import normalise_name

#: GeoNames feature codes (https://www.geonames.org/export/codes.html) in words, for the codes
#: toponyms in news and captions mostly resolve to; other codes fall back to their class.
FEATURE_KINDS = {
    "PCLI": "country", "PCL": "political entity", "PCLD": "dependent territory",
    "PCLF": "freely associated state", "PCLS": "semi-independent territory",
    "PCLIX": "section of a country", "PCLH": "historical political entity", "TERR": "territory",
    "ADM1": "first-level administrative area", "ADM2": "second-level administrative area",
    "ADM3": "third-level administrative area", "ADM4": "fourth-level administrative area",
    "ADM5": "fifth-level administrative area", "ADMD": "administrative division",
    "PPLC": "capital city", "PPLG": "seat of government",
    "PPLA": "seat of a first-level area", "PPLA2": "seat of a second-level area",
    "PPLA3": "seat of a third-level area", "PPLA4": "seat of a fourth-level area",
    "PPLA5": "seat of a fifth-level area", "PPL": "populated place",
    "PPLX": "part of a populated place", "PPLL": "locality", "PPLS": "populated places",
    "PPLF": "farm village", "PPLH": "historical place", "PPLQ": "abandoned place",
    "PPLW": "destroyed place", "PPLR": "religious settlement",
    "CONT": "continent", "RGN": "region", "AREA": "area", "PRK": "park", "PRT": "port",
    "ISL": "island", "ISLS": "islands", "PEN": "peninsula", "CAPE": "cape", "MT": "mountain",
    "MTS": "mountains", "HLL": "hill", "VAL": "valley", "DSRT": "desert",
    "STM": "river", "LK": "lake", "SEA": "sea", "OCN": "ocean", "BAY": "bay", "GULF": "gulf",
    "STRT": "strait", "CHN": "channel", "RSV": "reservoir", "FLLS": "waterfall",
    "WTLD": "wetland", "PK": "peak", "PLAT": "plateau", "PLN": "plain", "DPR": "depression",
    "PASS": "pass", "CST": "coast", "DLTA": "delta", "BSN": "basin", "LWLD": "lowland",
    "ISTH": "isthmus", "GRGE": "gorge", "HLLS": "hills", "CNYN": "canyon", "HBR": "harbour",
    "LKS": "lakes", "FRST": "forest", "BCH": "beach",
    "AIRP": "airport", "CSTL": "castle", "CH": "church", "UNIV": "university",
    "STDM": "stadium", "MUS": "museum", "RSTN": "railway station", "HTL": "hotel",
    "ST": "street", "RD": "road", "SQR": "square", "HSP": "hospital", "SCH": "school",
    "MSQE": "mosque", "TMPL": "temple", "GDN": "garden", "LIBR": "library", "PAL": "palace",
    "BDG": "bridge", "MALL": "mall", "MKT": "market", "TOWR": "tower", "PRN": "prison",
    "THTR": "theatre", "CTHSE": "courthouse", "BLDG": "building",
}
#: GeoNames feature classes in words: the fallback for codes not listed above.
FEATURE_CLASSES = {
    "A": "administrative area", "P": "populated place", "H": "water body",
    "L": "area or region", "R": "road or railway", "S": "building or spot",
    "T": "landform", "U": "undersea feature", "V": "vegetation",
}


def feature_kind(feature_class: str | None, feature_code: str | None) -> str | None:
    """The feature code in words ("PPLA" → "seat of a first-level area"), else the class's
    word, else the code as given (a web service's own type), else None."""
    if feature_code and feature_code in FEATURE_KINDS:
        return FEATURE_KINDS[feature_code]
    if feature_class and feature_class in FEATURE_CLASSES:
        return FEATURE_CLASSES[feature_class]
    return feature_code or feature_class or None


#: A part of a place named by a direction (``Candidate.part``) in words.
PART_KINDS = {
    "north": "northern part", "south": "southern part", "east": "eastern part",
    "west": "western part", "northeast": "north-eastern part",
    "northwest": "north-western part", "southeast": "south-eastern part",
    "southwest": "south-western part", "central": "central part", "whole": "greater area",
}


def place_fields(c: Candidate | None) -> dict[str, Any]:
    """The fields that say which place ``c`` is; all ``None`` for no place. A part of a place
    ("North Texas") is said so in its kind ("northern part of a first-level administrative
    area") and has no population of its own."""
    if c is None:
        return dict.fromkeys(PLACE_FIELDS)
    kind = feature_kind(c.feature_class, c.feature_code)
    whole = c.part is None
    return {
        "name": c.name, "admin1": c.admin1_name, "country": c.country_name,
        "country_code": c.country_code,
        "kind": kind if whole else f"{PART_KINDS.get(c.part, 'part')} of a {kind or 'place'}",
        "feature_code": c.feature_code,
        "geonameid": int(c.geonameid) if c.geonameid is not None else None,
        "lat": c.lat, "lon": c.lon, "population": c.population if whole else None,
        "source": c.source,
    }


PLACE_FIELDS = ("name", "admin1", "country", "country_code", "kind", "feature_code",
                "geonameid", "lat", "lon", "population", "source")


def name_match(text: str, c: Candidate) -> str:
    """"name" when the toponym is the candidate's own name (after normalisation), else
    "alternate name": the gazetteer found it under another of its names."""
    return "name" if normalise_name(text) == normalise_name(c.name) else "alternate name"


def describe(place: Mapping[str, Any] | None) -> str | None:
    """One line for people from a place's fields (``place_fields``, or a record read back from
    any output): "Paris, Texas, United States (seat of a second-level area, GeoNames 4717560)".
    """
    if not place or not place.get("name"):
        return None
    where = ", ".join(str(x) for x in (place.get("name"), place.get("admin1"),
                                       place.get("country") or place.get("country_code")) if x)
    gid = place.get("geonameid")
    extra = ", ".join(x for x in (place.get("kind"),
                                  f"GeoNames {gid}" if gid is not None else None) if x)
    return f"{where} ({extra})" if extra else where


def describe_focus(columns: Mapping[str, Any]) -> str | None:
    """One line for people from a document's focus columns (``model.FOCUS_COLUMNS``, as every
    flat output and GeoJSON feature holds them): "Austin 50% · Texas 100% · United States
    100%", city first; ``None`` without a focus. Values of the wrong type are skipped."""
    parts = []
    for key in ("city", "admin1", "country"):
        name, share = columns.get(f"focus_{key}"), columns.get(f"focus_{key}_share")
        if isinstance(name, str) and name:
            ok = isinstance(share, int | float) and not isinstance(share, bool) and (
                0 <= share <= 1)
            parts.append(f"{name} {round(share * 100)}%" if ok else name)
    return " · ".join(parts) or None
