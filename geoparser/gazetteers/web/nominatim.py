"""OpenStreetMap Nominatim ``search`` (jsonv2) as a gazetteer.

Nominatim's usage policy: an identifying user agent with a contact, and at most one request
per second -- geopy's ``RateLimiter`` spaces out the requests that reach the network (cache
hits are not delayed). Results map to ``Candidate`` with the OSM id as ``source_id``, OSM
class/type as feature class/code, the importance score, and the population from
``extratags`` when OSM has one.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from geopy.geocoders import Nominatim

from geoparser.errors import UsageError
from geoparser.gazetteers.web.answers import NOMINATIM_FIELDS, check_records, location
from geoparser.gazetteers.web.base import WebGazetteer
from geoparser.gazetteers.web.fields import as_float, as_int, host, split_url, user_agent
from geoparser.gazetteers.web.http import CachingRequestsAdapter
from geoparser.gazetteers.web.service_errors import ServiceAnswerError, cacheable_if
from geoparser.model import Candidate
from geoparser.web_config import NOMINATIM_URL, WebConfig

SOURCE = "nominatim"
MIN_DELAY_S = 1.0  # https://operations.osmfoundation.org/policies/nominatim/


def check_answer(doc: object) -> None:
    """Raise unless ``doc`` is a search result list (possibly empty) of sound records."""
    if isinstance(doc, Mapping) and "error" in doc:
        error = doc["error"]
        message = error.get("message") if isinstance(error, Mapping) else error
        raise ServiceAnswerError(f"Nominatim refused it: {message}")
    if not isinstance(doc, list):
        raise ServiceAnswerError(f"unexpected answer: a JSON {type(doc).__name__}, not a list")
    check_records(doc, NOMINATIM_FIELDS)


#: Only a 200 whose body is a result list; never an error status or unreadable JSON.
is_cacheable = cacheable_if(check_answer)


class NominatimSearch(Nominatim):
    """geopy's Nominatim geocoder asking for ``format=jsonv2``, checking each answer and
    building its ``Location``s from checked fields (geopy's parser raises on a record
    without ``display_name``, or with an empty ``lat``)."""

    def _construct_url(self, base_api, params):
        if base_api == self.api:
            params = {**params, "format": "jsonv2"}
        return super()._construct_url(base_api, params)

    def _parse_json(self, places, exactly_one):
        check_answer(places)
        found = [location(place, "display_name", "lat", "lon") for place in places]
        return (found[0] if found else None) if exactly_one else found


def candidate(raw: Mapping) -> Candidate | None:
    """One search result (jsonv2, or json's ``class``) as a candidate; ids may be strings or
    absent (postcode results have no OSM object)."""
    display = str(raw.get("display_name") or "")
    namedetails = raw.get("namedetails") if isinstance(raw.get("namedetails"), Mapping) else {}
    name = raw.get("name") or namedetails.get("name") or display.split(",")[0].strip()
    if not name:
        return None
    lat, lon = as_float(raw.get("lat")), as_float(raw.get("lon"))
    extratags = raw.get("extratags") if isinstance(raw.get("extratags"), Mapping) else {}
    address = raw.get("address") if isinstance(raw.get("address"), Mapping) else {}
    population = as_int(extratags.get("population"))
    importance = as_float(raw.get("importance"))
    osm_type, osm_id, place_id = raw.get("osm_type"), raw.get("osm_id"), raw.get("place_id")
    if osm_type and osm_id not in (None, ""):
        source_id = f"osm:{osm_type}/{osm_id}"
    elif place_id not in (None, ""):
        source_id = f"nominatim-place:{place_id}"
    else:
        source_id = f"nominatim-name:{display or name}"
    fields = {
        "coordinates": lat is not None and lon is not None,
        "population": population is not None,
        "geonameid": False,
        "importance": importance is not None,
    }
    return Candidate(
        source=SOURCE,
        source_id=source_id,
        name=str(name),
        lat=lat if lon is not None else None,
        lon=lon if lat is not None else None,
        population=population,
        country_code=str(address["country_code"]).upper() if address.get("country_code") else None,
        admin1=address.get("state") or None,
        feature_class=raw.get("category") or raw.get("class") or None,
        feature_code=raw.get("type") or None,
        missing=tuple(k for k, present in fields.items() if not present),
        importance=importance,
    )


class NominatimGazetteer(WebGazetteer):
    """Candidates from OSM Nominatim; needs a contact (``--contact`` or ``TOPOSCOPE_CONTACT``)."""

    name = "nominatim"
    service = "Nominatim"

    def __init__(self, config: WebConfig | None = None) -> None:
        config = config or WebConfig.from_env()
        if not config.contact and host(config.nominatim_url) == host(NOMINATIM_URL):
            raise UsageError(
                "Nominatim's usage policy asks for a contact in the user agent: pass "
                "--contact you@example.org or set TOPOSCOPE_CONTACT"
            )
        scheme, domain = split_url(config.nominatim_url)
        adapter: list[CachingRequestsAdapter] = []

        def adapter_factory(**kwargs) -> CachingRequestsAdapter:
            adapter.append(CachingRequestsAdapter(
                config=config, cacheable=is_cacheable, min_delay_s=MIN_DELAY_S, **kwargs))
            return adapter[0]

        geocoder = NominatimSearch(
            user_agent=user_agent(config.contact), timeout=config.timeout_s,
            adapter_factory=adapter_factory, scheme=scheme, domain=domain,
        )
        geocode = partial(geocoder.geocode, exactly_one=False, limit=config.nominatim_limit,
                          addressdetails=True, extratags=True)
        self.geocoder = geocoder
        super().__init__(config, geocode, adapter[0], candidate)
