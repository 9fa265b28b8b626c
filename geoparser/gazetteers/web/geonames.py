"""GeoNames ``searchJSON`` as a gazetteer: every result for a name, not only the first.

geopy's ``GeoNames`` sends ``maxRows`` only when one result is wanted, so ``GeoNamesSearch``
asks for up to ``max_rows``; it also checks each answer before geopy parses it, because
GeoNames reports errors inside a 200 (``{"status": {"value": 18, "message": ...}}``).
Such answers raise a ``ServiceError`` and, through ``is_cacheable``, are never stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from urllib.parse import urlencode

from geopy.geocoders import GeoNames
from geopy.geocoders.base import DEFAULT_SENTINEL

from geoparser.errors import UsageError
from geoparser.gazetteers.web.answers import GEONAMES_FIELDS, check_records, location
from geoparser.gazetteers.web.base import WebGazetteer
from geoparser.gazetteers.web.fields import as_float, as_int, split_url, user_agent
from geoparser.gazetteers.web.http import CachingRequestsAdapter
from geoparser.gazetteers.web.redact import register_secret
from geoparser.gazetteers.web.service_errors import ServiceAnswerError, cacheable_if
from geoparser.model import Candidate
from geoparser.web_config import WebConfig

SOURCE = "geonames"

# https://www.geonames.org/export/webservice-exception.html
STATUS_MEANINGS = {
    10: "authorization exception: check GEONAMES_USERNAME and that the account's free web "
        "services are enabled",
    11: "record does not exist", 12: "other error", 13: "database timeout",
    14: "invalid parameter", 15: "no result found", 16: "duplicate exception",
    17: "postal code not found", 18: "daily limit of credits exceeded",
    19: "hourly limit of credits exceeded", 20: "weekly limit of credits exceeded",
    21: "invalid input", 22: "server overloaded exception", 23: "service not implemented",
    24: "radius too large", 27: "maxRows too large",
}


class GeoNamesStatusError(ServiceAnswerError):
    """GeoNames answered with an error status object."""

    def __init__(self, value: object, message: str) -> None:
        self.value = value
        meaning = STATUS_MEANINGS.get(value) if isinstance(value, int) else None
        detail = f"status {value}" + (f", {meaning}" if meaning else "")
        super().__init__(f"GeoNames refused it: {message or 'no message'} ({detail})")


def check_answer(doc: object) -> None:
    """Raise unless ``doc`` is a searchJSON result list (possibly empty) of sound records."""
    if not isinstance(doc, Mapping):
        raise ServiceAnswerError(f"unexpected answer: a JSON {type(doc).__name__}, not an object")
    if "status" in doc:
        status = doc["status"] if isinstance(doc["status"], Mapping) else {}
        raise GeoNamesStatusError(status.get("value"), str(status.get("message") or ""))
    if not isinstance(doc.get("geonames"), list):
        raise ServiceAnswerError("unexpected answer: no 'geonames' list")
    check_records(doc["geonames"], GEONAMES_FIELDS)


#: Only a 200 whose body is a result list; never an error status or unreadable JSON.
is_cacheable = cacheable_if(check_answer)


class GeoNamesSearch(GeoNames):
    """geopy's GeoNames geocoder returning up to ``max_rows`` results per query."""

    def geocode(self, query, *, max_rows: int = 100, timeout=DEFAULT_SENTINEL):  # type: ignore[override]
        params = [("q", query), ("username", self.username), ("maxRows", max_rows)]
        url = "?".join((self.api, urlencode(params)))
        callback = partial(self._parse_json, exactly_one=False)
        return self._call_geocoder(url, callback, timeout=timeout)

    def _parse_json(self, doc, exactly_one):
        """The checked records as geopy ``Location``s, built from checked fields alone:
        geopy's own parser reads more (``adminName1``, ``countryName``, joined into an
        address we never use), and a field no check has seen must not reach any code."""
        check_answer(doc)
        places = [location(place, "name", "lat", "lng") for place in doc["geonames"]]
        return (places[0] if places else None) if exactly_one else places


def candidate(raw: Mapping) -> Candidate | None:
    """One searchJSON record as a candidate (lat/lng arrive as strings); None without a name."""
    name = raw.get("name") or raw.get("toponymName") or raw.get("asciiName")
    if not name:
        return None
    geonameid = as_int(raw.get("geonameId"))
    lat, lon = as_float(raw.get("lat")), as_float(raw.get("lng"))
    population = as_int(raw.get("population"))
    fields = {
        "coordinates": lat is not None and lon is not None,
        "population": population is not None,
        "geonameid": geonameid is not None,
        "feature_code": bool(raw.get("fcode")),
    }
    return Candidate(
        source=SOURCE,
        source_id=f"geonames:{geonameid}" if geonameid is not None else f"geonames-name:{name}",
        name=str(name),
        lat=lat if lon is not None else None,
        lon=lon if lat is not None else None,
        population=population,
        geonameid=geonameid,
        country_code=raw.get("countryCode") or None,
        admin1=raw.get("adminCode1") or None,
        feature_class=raw.get("fcl") or None,
        feature_code=raw.get("fcode") or None,
        missing=tuple(k for k, present in fields.items() if not present),
    )


class GeoNamesGazetteer(WebGazetteer):
    """Candidates from the GeoNames web service (username from ``GEONAMES_USERNAME``)."""

    name = "geonames"
    service = "GeoNames"

    def __init__(self, config: WebConfig | None = None) -> None:
        config = config or WebConfig.from_env()
        if not config.geonames_username:
            raise UsageError(
                "the geonames gazetteer needs a GeoNames account: set GEONAMES_USERNAME "
                "(free at https://www.geonames.org/login, then enable its free web services)"
            )
        register_secret(config.geonames_username)
        scheme, domain = split_url(config.geonames_url)
        adapter: list[CachingRequestsAdapter] = []

        def adapter_factory(**kwargs) -> CachingRequestsAdapter:
            adapter.append(CachingRequestsAdapter(config=config, cacheable=is_cacheable,
                                                  **kwargs))
            return adapter[0]

        geocoder = GeoNamesSearch(
            config.geonames_username, timeout=config.timeout_s,
            user_agent=user_agent(config.contact), adapter_factory=adapter_factory,
            scheme=scheme, domain=domain,
        )
        self.geocoder = geocoder
        super().__init__(config, partial(geocoder.geocode, max_rows=config.geonames_max_rows),
                         adapter[0], candidate)
