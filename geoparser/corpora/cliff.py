"""A document's record in CLIFF-CLAVIN's own answer shape, for users coming from CLIFF.

CLIFF's ``/parse/text`` answers ``{"status": "ok", "version", "milliseconds", "results":
{"places": {"mentions": [...], "focus": {"countries", "states", "cities"}}, "people",
"organizations"}}`` (``ParseManager.java`` in mediacloud/cliff-annotator, 2.x): each mention
is its GeoNames place (``id``, ``name``, ``lat``, ``lon``, ``population``, ``featureClass``,
``featureCode``, ``countryCode``, ``countryGeoNameId``, ``stateCode``, ``stateGeoNameId``)
with ``confidence`` and ``source`` (``string``, ``charIndex``); each focus place is the same
place fields with ``score``, the number of mentions in it.

The answer is made from the record ``toposcope parse`` writes (``io.writers.prediction_line``)
and the text, so the service and ``parse --format cliff`` say the same thing. Where ours
differs, it says so rather than pretending (docs/service.md): ``charIndex`` counts UTF-16
units as CLIFF's Java strings do; ``confidence`` is ours (the probability the point lies
within 161 km); toponyms left unplaced (or kept though the span decision rejected them),
which CLIFF never lists, are in ``places.unplaced``; ``people``, ``organizations`` and
``milliseconds`` are null (we look for neither; the answer does not depend on the time it
took); a field the record cannot give is null, never invented.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from geoparser.model import ParsedDocument
from geoparser.places import FEATURE_CLASSES

#: The GeoNames feature class of each feature code ``places.FEATURE_KINDS`` names, after
#: https://www.geonames.org/export/codes.html (class letter, then its codes).
_CLASS_CODES = {
    "A": "ADM1 ADM2 ADM3 ADM4 ADM5 ADMD PCL PCLD PCLF PCLH PCLI PCLIX PCLS TERR",
    "H": "BAY CHN FLLS GULF HBR LK LKS OCN RSV SEA STM STRT WTLD",
    "L": "AREA CONT CST PRK PRT RGN",
    "P": "PPL PPLA PPLA2 PPLA3 PPLA4 PPLA5 PPLC PPLF PPLG PPLH PPLL PPLQ PPLR PPLS PPLW PPLX",
    "R": "RD ST",
    "S": "AIRP BDG BLDG CH CSTL CTHSE GDN HSP HTL LIBR MALL MKT MSQE MUS PAL PRN RSTN SCH SQR "
         "STDM THTR TMPL TOWR UNIV",
    "T": "BCH BSN CAPE CNYN DLTA DPR DSRT GRGE HLL HLLS ISL ISLS ISTH LWLD MT MTS PASS PEN PK "
         "PLAT PLN VAL",
    "V": "FRST",
}
FEATURE_CLASS_OF_CODE = {code: cls for cls, codes in _CLASS_CODES.items()
                         for code in codes.split()}
_CLASS_OF_KIND = {kind: cls for cls, kind in FEATURE_CLASSES.items()}


def feature_class(code: str | None, kind: str | None) -> str | None:
    """The GeoNames feature class of a record's place: from its feature code, else from its
    kind when that names a class ("populated place" of a gazetteer without codes), else None."""
    if code:
        return FEATURE_CLASS_OF_CODE.get(code)
    return _CLASS_OF_KIND.get(kind or "")


def char_index(text: str, start: int) -> int:
    """Offset ``start`` (code points, as our records count) in UTF-16 units, as CLIFF's
    ``charIndex`` counts in a Java string: an emoji before the toponym counts two."""
    return len(text[:start].encode("utf-16-le")) // 2


@cache
def toposcope_version() -> str:
    try:
        return version("toposcope")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


@cache
def _area_codes() -> dict[tuple[str, str], str | None]:
    """(country code, first-level area name) -> its GeoNames admin1 code, None where one name
    stands for two codes of a country (then the code is not known from the name)."""
    from geoparser.gazetteers.regions import admin1_names

    out: dict[tuple[str, str], str | None] = {}
    for (cc, code), name in admin1_names().items():
        out[(cc, name)] = None if (cc, name) in out and out[(cc, name)] != code else code
    return out


def _id_text(value: int | None) -> str | None:
    """CLIFF gives the country's and state's GeoNames ids as strings."""
    return None if value is None else str(value)


def _country_id(cc: str | None) -> int | None:
    from geoparser.gazetteers.regions import country_ids

    return country_ids().get(cc) if cc else None


def _state_id(cc: str | None, code: str | None) -> int | None:
    from geoparser.gazetteers.regions import admin1_ids

    return admin1_ids().get((cc, code)) if cc and code else None


def _place(t: dict[str, Any]) -> dict[str, Any]:
    """CLIFF's place fields for a toponym record with a point."""
    cc = t.get("country_code")
    state = _area_codes().get((cc, t["admin1"])) if cc and t.get("admin1") else None
    return {"id": t.get("geonameid"), "name": t.get("name"), "lat": t["lat"], "lon": t["lon"],
            "population": t.get("population"),
            "featureClass": feature_class(t.get("feature_code"), t.get("kind")),
            "featureCode": t.get("feature_code"), "countryCode": cc,
            "countryGeoNameId": _id_text(_country_id(cc)), "stateCode": state,
            "stateGeoNameId": _id_text(_state_id(cc, state))}


def _focus_place(part: dict[str, Any] | None, mentions: list[dict[str, Any]],
                 state: bool = False) -> list[dict[str, Any]]:
    """A focus part as CLIFF's list of focus places (ours has one, or none): the place fields
    of a mention of that very place where the text names it, else what the focus knows."""
    if part is None:
        return []
    same = next((m for m in mentions if part["geonameid"] is not None
                 and m["id"] == part["geonameid"]), None)
    if same is not None:
        fields = {k: v for k, v in same.items() if k not in ("confidence", "source")}
    else:
        cc = part["country_code"]
        code = part["admin1"] if state else None
        fields = {"id": part["geonameid"], "name": part["name"], "lat": None, "lon": None,
                  "population": None, "featureClass": None, "featureCode": None,
                  "countryCode": cc, "countryGeoNameId": _id_text(_country_id(cc)),
                  "stateCode": code, "stateGeoNameId": _id_text(_state_id(cc, code))}
    return [{**fields, "score": part["count"]}]


def cliff_answer(record: dict[str, Any], text: str) -> dict[str, Any]:
    """CLIFF's answer for one document: ``record`` is its line of ``parse``'s JSONL (read back
    as a dict) and ``text`` its text."""
    mentions, unplaced = [], []
    for t in record["toponyms"]:
        source = {"string": t["text"], "charIndex": char_index(text, t["start"])}
        if t.get("lat") is not None and t.get("lon") is not None and not t.get("rejected"):
            mentions.append({**_place(t), "confidence": t.get("confidence"), "source": source})
        else:
            unplaced.append({"source": source, "confidence": t.get("confidence"),
                             "reason": t.get("reason"), "rejected": t.get("rejected") is True,
                             "rejection": t.get("rejection")})
    focus = record.get("focus")
    places: dict[str, Any] = {"mentions": mentions, "focus": {}, "unplaced": unplaced}
    if focus is not None and mentions:
        places["focus"] = {"countries": _focus_place(focus["country"], mentions),
                           "states": _focus_place(focus["admin1"], mentions, state=True),
                           "cities": _focus_place(focus["city"], mentions)}
    return {"status": "ok", "version": f"toposcope {toposcope_version()}",
            "milliseconds": None,
            "results": {"places": places, "people": None, "organizations": None}}


def cliff_line(doc: ParsedDocument) -> str:
    """A parsed document as one line of ``parse --format cliff``: CLIFF's answer with the
    document's ``id`` first (CLIFF answers one text and names none)."""
    from geoparser.io.writers import prediction_line

    record = json.loads(prediction_line(doc))
    return json.dumps({"id": doc.document.id, **cliff_answer(record, doc.document.text)},
                      ensure_ascii=False) + "\n"
