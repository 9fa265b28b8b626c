"""The one check every web answer passes before it is parsed or cached.

Both services send a list of records with coordinates as numbers or numeric strings. A record
that is not an object, a name that is not a string, or a coordinate that is not a finite number
in range (``"lat": "NaN"``, latitude 954) makes the whole answer an error: it is raised while
parsing, naming the service and query, and -- because ``cacheable_if`` runs the same check --
never stored, so one bad answer cannot poison later runs.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from geoparser.gazetteers.web.service_errors import ServiceAnswerError

#: Records accepted in one answer: GeoNames' own ceiling on ``maxRows`` (Nominatim's is 40).
#: An answer with more is refused; the byte ceiling is ``http.MAX_ANSWER_BYTES``.
MAX_RECORDS = 1000

_RANGES = {"latitude": 90.0, "longitude": 180.0}


def check_records(records: object, lat_key: str, lon_key: str,
                  name_keys: Sequence[str]) -> None:
    """Raise ``ServiceAnswerError`` unless ``records`` is a list of at most ``MAX_RECORDS``
    objects whose names are strings and whose coordinates are finite and in range."""
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
        for key in name_keys:
            value = record.get(key)
            if value is not None and not isinstance(value, str):
                raise ServiceAnswerError(
                    f"unexpected answer: record {n} has {key!r} {value!r}, not a string")
        for key, what in ((lat_key, "latitude"), (lon_key, "longitude")):
            _check_coordinate(record.get(key), n, key, what)


def _check_coordinate(value: object, n: int, key: str, what: str) -> None:
    if value is None or value == "":
        return  # absent: the candidate says it has no point
    number = None
    if isinstance(value, int | float | str) and not isinstance(value, bool):
        try:
            number = float(value)
        except ValueError:
            number = None
    if number is None or not math.isfinite(number) or abs(number) > _RANGES[what]:
        raise ServiceAnswerError(
            f"unexpected answer: record {n} has {key!r} {value!r}, not a {what}")
