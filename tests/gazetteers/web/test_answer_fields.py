"""Every field read from a web answer is checked before the answer is parsed or cached, with
hypothesis putting random JSON into each field."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geoparser.errors import ServiceError
from geoparser.gazetteers.web import geonames, nominatim
from geoparser.gazetteers.web.answers import GEONAMES_FIELDS, NOMINATIM_FIELDS
from geoparser.gazetteers.web.geonames import GeoNamesGazetteer
from geoparser.gazetteers.web.nominatim import NominatimGazetteer
from tests.web_support.scripted_server import scripted_server

JSON = {"Content-Type": "application/json"}
USER = "toposcope-test-user"
#: Put in place of a value: the field is taken out of the record.
_ABSENT = object()
WHITBY = {"name": "Whitby", "toponymName": "Whitby", "asciiName": "Whitby",
          "lat": "54.48774", "lng": "-0.61498", "geonameId": 2634135, "population": 13213,
          "fcl": "P", "fcode": "PPL", "countryCode": "GB", "adminCode1": "ENG"}
WHITBY_OSM = {"place_id": 1, "osm_type": "node", "osm_id": 2, "name": "Whitby",
              "display_name": "Whitby, North Yorkshire, England", "lat": "54.48",
              "lon": "-0.61", "category": "place", "type": "town", "importance": 0.6,
              "address": {"state": "England", "country_code": "gb"},
              "extratags": {"population": "13213"}, "namedetails": {"name": "Whitby"}}


def _rows(path) -> int:
    if not path.exists():
        return 0
    con = sqlite3.connect(path)
    try:
        return con.execute("SELECT COUNT(*) FROM responses").fetchone()[0]
    finally:
        con.close()


def _set(record: dict, path: str, value: object) -> dict:
    record = json.loads(json.dumps(record))
    *parents, key = path.split(".")
    where = record
    for parent in parents:
        where = where.setdefault(parent, {})
    if value is _ABSENT:
        where.pop(key, None)
    else:
        where[key] = value
    return record


def _geonames_answer(record: dict) -> bytes:
    return json.dumps({"totalResultsCount": 1, "geonames": [record]}).encode()


def _refused_and_not_cached(web_config, service: str, body: bytes, field: str) -> str:
    with scripted_server(lambda path: (200, JSON, body)) as server:
        if service == "geonames":
            config = replace(web_config, geonames_url=server.url)
            make = GeoNamesGazetteer
        else:
            config = replace(web_config, nominatim_url=server.url)
            make = NominatimGazetteer
        for _ in range(2):  # a fresh gazetteer each time: only the disk cache could answer
            with pytest.raises(ServiceError) as err:
                make(config).lookup("Whitby")
        assert len(server.paths) == 2  # asked again: nothing was stored
    assert _rows(config.cache_path) == 0
    message = str(err.value)
    assert "\n" not in message and USER not in message and len(message) < 300
    assert f"record 1 has {field!r}" in message, message
    return message


@pytest.mark.parametrize("field,value", [
    ("population", "9" * 5000), ("population", -3), ("population", "about 5000"),
    ("countryCode", ["GB"]), ("fcode", {}), ("fcl", 7), ("adminCode1", [1]),
    ("geonameId", "x"), ("toponymName", ["Whitby"]),
])
def test_bad_geonames_field_is_one_line_and_not_cached(web_config, field, value):
    _refused_and_not_cached(web_config, "geonames",
                            _geonames_answer({**WHITBY, field: value}), field)


@pytest.mark.parametrize("field,value", [
    ("extratags.population", "9" * 5000), ("extratags.population", ["1"]),
    ("address.state", ["England"]), ("address", ["x"]), ("type", {"a": 1}),
    ("category", [1]), ("importance", "high"), ("osm_id", {}), ("namedetails.name", 3),
    ("extratags", "x"), ("address.country_code", {}),
])
def test_bad_nominatim_field_is_one_line_and_not_cached(web_config, fake_clock, field, value):
    body = json.dumps([_set(WHITBY_OSM, field, value)]).encode()
    _refused_and_not_cached(web_config, "nominatim", body, field)


def test_nominatim_answer_without_display_name_is_refused_and_not_cached(web_config,
                                                                         fake_clock):
    """The answer from issue 52: geopy's parser raised on it, and it was cached."""
    body = b'[{"place_id":1,"lat":"53.27","lon":"-9.05","name":"Galway"}]'
    message = _missing_refused_and_not_cached(web_config, "nominatim", body)
    assert message == ("Nominatim, query 'Whitby': unexpected answer: record 1 has no "
                       "'display_name' (a name, which every record carries)")


@pytest.mark.parametrize("service,field,value", [
    ("nominatim", "display_name", None), ("nominatim", "display_name", ""),
    ("nominatim", "lat", ""), ("nominatim", "lon", _ABSENT), ("nominatim", "lat", None),
    ("geonames", "name", None), ("geonames", "lat", ""), ("geonames", "lng", _ABSENT),
])
def test_a_field_every_record_carries_missing_is_refused_and_not_cached(
        web_config, fake_clock, service, field, value):
    """Every service, every field its ``Location`` is built from: absent, null or empty."""
    if service == "geonames":
        body = _geonames_answer(_set(WHITBY, field, value))
    else:
        body = json.dumps([_set(WHITBY_OSM, field, value)]).encode()
    message = _missing_refused_and_not_cached(web_config, service, body)
    assert f"record 1 has no {field!r}" in message


def _missing_refused_and_not_cached(web_config, service: str, body: bytes) -> str:
    with scripted_server(lambda path: (200, JSON, body)) as server:
        if service == "geonames":
            config, make = replace(web_config, geonames_url=server.url), GeoNamesGazetteer
        else:
            config, make = replace(web_config, nominatim_url=server.url), NominatimGazetteer
        for _ in range(2):
            with pytest.raises(ServiceError) as err:
                make(config).lookup("Whitby")
        assert len(server.paths) == 2
    assert _rows(config.cache_path) == 0
    assert "\n" not in str(err.value) and USER not in str(err.value)
    return str(err.value)


def test_sound_answers_still_give_their_candidates():
    (c,) = [geonames.candidate(WHITBY)]
    assert (c.population, c.country_code, c.feature_code) == (13213, "GB", "PPL")
    n = nominatim.candidate(WHITBY_OSM)
    assert (n.population, n.admin1, n.country_code, n.feature_code) == (
        13213, "England", "GB", "town")


_JSON = st.just(_ABSENT) | st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                               max_size=3),
    max_leaves=8)


def _check_random(service, record, path, value):
    """A random value in one field: either the answer is taken whole (a candidate comes out
    and nothing raises) or it is refused as one ServiceAnswerError before any parsing."""
    mutated = _set(record, path, value)
    module = geonames if service == "geonames" else nominatim
    doc = {"geonames": [mutated]} if service == "geonames" else [mutated]
    try:
        module.check_answer(doc)
    except ServiceError as exc:
        assert "\n" not in str(exc) and path in str(exc)
        assert not module.is_cacheable(_response(doc))
        return
    module.candidate(mutated)  # what passed the check must parse without raising
    _GEOCODERS[service]._parse_json(doc, exactly_one=False)  # and so must geopy's side
    assert module.is_cacheable(_response(doc))


_GEOCODERS = {"geonames": geonames.GeoNamesSearch(USER),
              "nominatim": nominatim.NominatimSearch(user_agent="toposcope-test")}


def _response(doc):
    import requests

    response = requests.Response()
    response.status_code = 200
    response._content = json.dumps(doc).encode()
    return response


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field=st.sampled_from([f.path for f in GEONAMES_FIELDS]), value=_JSON)
def test_random_json_in_any_geonames_field_is_taken_or_refused_whole(field, value):
    _check_random("geonames", WHITBY, field, value)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field=st.sampled_from([f.path for f in NOMINATIM_FIELDS]), value=_JSON)
def test_random_json_in_any_nominatim_field_is_taken_or_refused_whole(field, value):
    _check_random("nominatim", WHITBY_OSM, field, value)


@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from([f.path for f in GEONAMES_FIELDS]), value=_JSON)
def test_random_json_over_the_wire_is_one_line_or_a_candidate(web_config, tmp_path_factory,
                                                              field, value):
    """End to end through HTTP and the disk cache: one line and nothing cached, or found."""
    cache = tmp_path_factory.mktemp("cache") / "web.sqlite"
    body = _geonames_answer(_set(WHITBY, field, value))
    with scripted_server(lambda path: (200, JSON, body)) as server:
        config = replace(web_config, geonames_url=server.url, cache_path=cache)
        try:
            GeoNamesGazetteer(config).lookup("Whitby")
        except ServiceError as exc:
            assert "\n" not in str(exc) and USER not in str(exc)
            assert _rows(cache) == 0
        else:
            assert _rows(cache) == 1


@pytest.mark.parametrize("text", ["²", "1²", "³⁴", "½"])
def test_a_superscript_or_fraction_is_no_population(text):
    from geoparser.gazetteers.web.fields import as_int

    assert as_int(text) is None


def test_digits_of_other_scripts_are_numbers_as_python_reads_them():
    from geoparser.gazetteers.web.fields import as_int

    assert as_int("١٢٣") == 123 and as_int("12,345") == 12345
