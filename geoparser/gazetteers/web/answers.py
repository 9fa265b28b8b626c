"""The one check every web answer passes before it is parsed or cached.

Both services send a list of records. Every field a ``candidate`` function reads is declared
here with the type and range it must have (``GEONAMES_FIELDS``, ``NOMINATIM_FIELDS``): names
and codes are short strings, counts and ids whole numbers in range (a number or a string of
digits), coordinates finite and on the globe, nested objects (``address``, ``extratags``)
objects. A record that is not an object, or any declared field of the wrong type or out of
range (``"population"`` with 5,000 digits, ``"countryCode": ["GB"]``, ``"fcode": {}``,
``"lat": "NaN"``), makes the whole answer an error: it is raised while parsing, naming the
service, the query, the record and the field -- and because ``cacheable_if`` runs the same
check, never stored, so one bad answer cannot poison later runs. Fields we do not read are
not looked at. A field that is absent, ``null`` or ``""`` means the service does not know it
-- except the fields every record of the service carries and a ``Location`` is built from
(``required``: Nominatim's ``display_name``, ``lat``, ``lon``; GeoNames' ``name``, ``lat``,
``lng``): a record without one is refused like a field of the wrong type. ``location`` builds
that ``Location`` from checked fields alone, for every service, so geopy's own parsers (which
raise on a missing ``display_name`` or an empty ``lat``) never see an answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from geopy.location import Location

from geoparser.gazetteers.web.fields import as_float, as_int
from geoparser.gazetteers.web.service_errors import ServiceAnswerError

#: Records accepted in one answer: GeoNames' own ceiling on ``maxRows`` (Nominatim's is 40).
#: An answer with more is refused; the byte ceiling is ``http.MAX_ANSWER_BYTES``.
MAX_RECORDS = 1000
#: The longest name or label taken from an answer (GeoNames' names are at most 200).
MAX_TEXT = 1000
#: The longest code (country, admin, feature class and code, OSM type).
MAX_CODE = 64
#: Largest population taken (the world's is under 10^10).
MAX_POPULATION = 10**10
#: Largest id taken (GeoNames ids and OSM ids fit in 64 bits).
MAX_ID = 2**63 - 1


@dataclass(frozen=True)
class Field:
    """A field a ``candidate`` function reads: ``path`` (``"address.state"`` for a field of
    a nested object), a test its value must pass, and what it must be, said in the error;
    ``required`` when every record of the service has it and its ``Location`` needs it."""

    path: str
    accepts: Callable[[object], bool]
    what: str
    required: bool = False


def _text(value: object) -> bool:
    return isinstance(value, str) and len(value) <= MAX_TEXT


def _code(value: object) -> bool:
    return isinstance(value, str) and len(value) <= MAX_CODE


def _whole(limit: int) -> Callable[[object], bool]:
    def accepts(value: object) -> bool:
        if isinstance(value, str) and len(value) > 40:
            return False  # never hand int() thousands of digits
        number = as_int(value)
        return number is not None and 0 <= number <= limit
    return accepts


def _identifier(value: object) -> bool:
    return _whole(MAX_ID)(value) or _code(value)


def _coordinate(limit: float) -> Callable[[object], bool]:
    def accepts(value: object) -> bool:
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            return False
        if isinstance(value, str) and len(value) > 40:
            return False
        try:
            number = float(value)
        except (ValueError, OverflowError):
            return False
        return math.isfinite(number) and abs(number) <= limit
    return accepts


def _score(value: object) -> bool:
    return _coordinate(1e6)(value)


def _object(value: object) -> bool:
    return isinstance(value, Mapping)


LATITUDE = _coordinate(90.0)
LONGITUDE = _coordinate(180.0)

GEONAMES_FIELDS = (
    Field("name", _text, "a name", required=True), Field("toponymName", _text, "a name"),
    Field("asciiName", _text, "a name"),
    Field("lat", LATITUDE, "a latitude", required=True),
    Field("lng", LONGITUDE, "a longitude", required=True),
    Field("geonameId", _whole(MAX_ID), "a GeoNames id"),
    Field("population", _whole(MAX_POPULATION), "a population"),
    Field("countryCode", _code, "a country code"), Field("adminCode1", _code, "an admin code"),
    Field("fcl", _code, "a feature class"), Field("fcode", _code, "a feature code"),
)

NOMINATIM_FIELDS = (
    Field("name", _text, "a name"), Field("display_name", _text, "a name", required=True),
    Field("namedetails", _object, "an object"), Field("namedetails.name", _text, "a name"),
    Field("lat", LATITUDE, "a latitude", required=True),
    Field("lon", LONGITUDE, "a longitude", required=True),
    Field("extratags", _object, "an object"),
    Field("extratags.population", _whole(MAX_POPULATION), "a population"),
    Field("address", _object, "an object"), Field("address.state", _text, "a name"),
    Field("address.country_code", _code, "a country code"),
    Field("importance", _score, "a number"),
    Field("osm_type", _code, "an OSM type"), Field("osm_id", _identifier, "an OSM id"),
    Field("place_id", _identifier, "a place id"),
    Field("category", _code, "a category"), Field("class", _code, "a class"),
    Field("type", _code, "a type"),
)


def check_records(records: object, fields: Sequence[Field]) -> None:
    """Raise ``ServiceAnswerError`` unless ``records`` is a list of at most ``MAX_RECORDS``
    objects whose every declared field passes its test, or is absent when not required."""
    if not isinstance(records, list):
        raise ServiceAnswerError(
            f"unexpected answer: a JSON {type(records).__name__}, not a list of records")
    if len(records) > MAX_RECORDS:
        raise ServiceAnswerError(
            f"unexpected answer: {len(records):,} records, more than the {MAX_RECORDS:,} "
            "accepted per query")
    for n, record in enumerate(records, start=1):
        if not isinstance(record, Mapping):
            raise ServiceAnswerError(
                f"unexpected answer: record {n} is a JSON {type(record).__name__}, not an object")
        missing = None
        for field in fields:
            value = _lookup(record, field.path)
            if value is None or value == "":
                missing = missing or (field if field.required else None)
                continue
            if not field.accepts(value):
                raise ServiceAnswerError(
                    f"unexpected answer: record {n} has {field.path!r} {_shown(value)}, "
                    f"not {field.what}")
        if missing:
            raise ServiceAnswerError(
                f"unexpected answer: record {n} has no {missing.path!r} "
                f"({missing.what}, which every record carries)")


def location(record: Mapping, address: str, lat: str, lon: str) -> Location:
    """A record that passed ``check_records`` as a geopy ``Location``: its ``address`` field
    and point, with the record itself as ``raw`` -- built here, not by geopy's parser, so no
    field that no check has seen reaches any code."""
    return Location(str(record[address]), (as_float(record[lat]), as_float(record[lon])),
                    record)


def _lookup(record: Mapping, path: str) -> object:
    """The value at ``path`` (``a.b``), or None when it or an enclosing object is absent (an
    enclosing value that is not an object is checked as its own field)."""
    value: object = record
    for key in path.split("."):
        if not isinstance(value, Mapping):
            return None
        value = value.get(key)
    return value


def _shown(value: object) -> str:
    """``value`` as the error shows it: its repr, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:30]}... ({len(text):,} characters)"
