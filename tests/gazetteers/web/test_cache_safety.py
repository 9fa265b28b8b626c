"""What reaches the web cache: no credentials (redirects included), no unsound answer, no
answer past the size bounds, and a damaged cache file named as such."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace

import pytest

from geoparser.errors import InputError, ServiceError, UsageError
from geoparser.gazetteers.web.answers import MAX_RECORDS
from geoparser.gazetteers.web.geonames import GeoNamesGazetteer
from geoparser.gazetteers.web.http import read_bounded
from geoparser.gazetteers.web.nominatim import NominatimGazetteer
from tests.web_support.scripted_server import scripted_server

JSON = {"Content-Type": "application/json"}
USER = "toposcope-test-user"


def geonames_body(*records: dict) -> bytes:
    return json.dumps({"totalResultsCount": len(records), "geonames": list(records)}).encode()


WHITBY = {"name": "Whitby", "lat": "54.48774", "lng": "-0.61498", "geonameId": 2634135,
          "population": 13213, "fcl": "P", "fcode": "PPL", "countryCode": "GB"}


def rows(config) -> int:
    con = sqlite3.connect(config.cache_path)
    try:
        return con.execute("SELECT COUNT(*) FROM responses").fetchone()[0]
    finally:
        con.close()


def test_username_not_cached_after_redirect(web_config):
    def answer(path: str):
        if path.startswith("/searchJSON"):  # moved, the query (username too) kept
            return 302, {"Location": "/v2" + path}, b""
        return 200, JSON, geonames_body(WHITBY)

    with scripted_server(answer) as server:
        config = replace(web_config, geonames_url=server.url)
        found = GeoNamesGazetteer(config).lookup("Whitby")
        assert [c.geonameid for c in found] == [2634135]
        assert any(p.startswith("/v2/") and USER in p for p in server.paths)  # it did go there
        again = GeoNamesGazetteer(config)
        assert again.lookup("Whitby") == found and again.requests_sent == 0  # from the cache
    data = config.cache_path.read_bytes()
    assert rows(config) >= 1
    assert USER.encode() not in data  # neither the Location header nor any request URL


@pytest.mark.parametrize("bad", [{"lat": "NaN"}, {"lng": "Infinity"}, {"lat": "954"},
                                 {"lat": [1]}, {"name": {"x": 1}}])
def test_nan_answer_is_not_cached(web_config, bad):
    with scripted_server(lambda path: (200, JSON, geonames_body({**WHITBY, **bad}))) as server:
        config = replace(web_config, geonames_url=server.url)
        for _ in range(2):  # a fresh gazetteer each time: only the disk cache could answer
            with pytest.raises(ServiceError) as err:
                GeoNamesGazetteer(config).lookup("Whitby")
        assert len(server.paths) == 2  # asked again: nothing was stored
    message = str(err.value)
    assert message.startswith("GeoNames, query 'Whitby': unexpected answer: record 1 has")
    assert "\n" not in message and USER not in message
    assert not config.cache_path.exists() or rows(config) == 0


def test_nominatim_nan_answer_is_not_cached(web_config, fake_clock):
    body = json.dumps([{"name": "Whitby", "lat": "NaN", "lon": "-0.6", "place_id": 1}]).encode()
    with scripted_server(lambda path: (200, JSON, body)) as server:
        config = replace(web_config, nominatim_url=server.url)
        for _ in range(2):
            with pytest.raises(ServiceError, match=r"^Nominatim, query 'Whitby': unexpected "
                                                   r"answer: record 1 has 'lat' 'NaN'"):
                NominatimGazetteer(config).lookup("Whitby")
        assert len(server.paths) == 2


def test_answer_with_too_many_records_is_refused(web_config):
    body = geonames_body(*([WHITBY] * (MAX_RECORDS + 1)))
    with scripted_server(lambda path: (200, JSON, body)) as server:
        config = replace(web_config, geonames_url=server.url)
        with pytest.raises(ServiceError, match=f"{MAX_RECORDS + 1:,} records, more than the "
                                               f"{MAX_RECORDS:,} accepted per query"):
            GeoNamesGazetteer(config).lookup("Whitby")
    assert not config.cache_path.exists() or rows(config) == 0


def test_answer_past_the_byte_ceiling_is_refused_unread(monkeypatch, web_config):
    monkeypatch.setattr("geoparser.gazetteers.web.http.MAX_ANSWER_BYTES", 1000)
    body = geonames_body(*([WHITBY] * 50))
    assert len(body) > 1000
    with scripted_server(lambda path: (200, JSON, body)) as server:
        config = replace(web_config, geonames_url=server.url)
        with pytest.raises(ServiceError, match="more than the 1,000 read from a service"):
            GeoNamesGazetteer(config).lookup("Whitby")
    assert not config.cache_path.exists() or rows(config) == 0


def test_a_body_without_length_is_cut_at_the_ceiling():
    class Raw:
        """A chunked answer: no Content-Length, bytes without end."""

    import requests

    response = requests.Response()
    response.status_code = 200
    response.raw = Raw()
    served = []

    def chunks(size, decode_unicode=False):
        for _ in range(1000):
            served.append(size)
            yield b"x" * size

    response.iter_content = chunks  # type: ignore[method-assign]
    response.close = lambda: None  # type: ignore[method-assign]
    with pytest.raises(ServiceError, match="more than the 100,000 bytes"):
        read_bounded(response, limit=100_000)
    assert len(served) <= 2  # stopped reading at the ceiling, not at the end


def test_garbled_web_cache_names_the_file(web_config, cassettes):
    with cassettes.use_cassette("geonames_captions.yaml"):
        GeoNamesGazetteer(web_config).lookup("Galway")
    data = bytearray(web_config.cache_path.read_bytes())
    data[4096:8192] = b"\x5a" * 4096  # a page garbled inside the file
    web_config.cache_path.write_bytes(bytes(data))
    with pytest.raises(InputError) as err:
        GeoNamesGazetteer(web_config).lookup("Galway")
    message = str(err.value)
    assert message.startswith(f"{web_config.cache_path}: the web cache is unreadable")
    assert "GeoNames" not in message and "Galway" not in message and "\n" not in message


@pytest.mark.parametrize("damage", ["truncated", "not-sqlite"])
def test_truncated_web_cache_names_the_file(web_config, cassettes, damage):
    with cassettes.use_cassette("geonames_captions.yaml"):
        GeoNamesGazetteer(web_config).lookup("Galway")
    data = web_config.cache_path.read_bytes()
    web_config.cache_path.write_bytes(data[:5000] if damage == "truncated" else b"hello" * 999)
    with pytest.raises(InputError, match="the web cache is unreadable"):
        GeoNamesGazetteer(web_config).lookup("Galway")


def test_a_cache_table_of_another_shape_is_blamed_on_the_cache_not_geonames(web_config):
    con = sqlite3.connect(web_config.cache_path)
    con.execute("CREATE TABLE responses (x INTEGER)")
    con.commit()
    con.close()
    with pytest.raises(InputError) as err:
        GeoNamesGazetteer(web_config).lookup("Galway")
    message = str(err.value)
    assert message.startswith(f"{web_config.cache_path}: the web cache is unreadable")
    assert "responses table has no key, value column" in message
    assert "GeoNames" not in message and "Galway" not in message


def test_a_locked_web_cache_says_busy_and_never_advises_deleting_it(web_config, cassettes,
                                                                     monkeypatch):
    import geoparser.gazetteers.web.http as http

    with cassettes.use_cassette("geonames_captions.yaml"):
        GeoNamesGazetteer(web_config).lookup("Galway")
    monkeypatch.setattr(http, "LOCK_WAIT_S", 0.05)
    holder = sqlite3.connect(web_config.cache_path, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(InputError) as err:
            GeoNamesGazetteer(web_config).lookup("Galway")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    message = str(err.value)
    assert "locked by another program" in message
    assert "delete" not in message and "GeoNames" not in message


def test_long_retry_after_says_what_happened(web_config, cassettes, fake_clock):
    with cassettes.use_cassette("geonames_429_long_retry_after.yaml"), \
            pytest.raises(ServiceError) as err:
        GeoNamesGazetteer(web_config).lookup("Whitby")
    assert str(err.value) == ("GeoNames, query 'Whitby': rate limited (HTTP 429) after "
                              "1 attempt; it asked to wait 3600 s; try again later")


@pytest.mark.parametrize("url", ["https://nominatim.openstreetmap.org/",
                                 "nominatim.openstreetmap.org",
                                 "HTTPS://Nominatim.OpenStreetMap.org",
                                 "https://nominatim.openstreetmap.org:443/"])
def test_nominatim_contact_check_compares_hosts(web_config, url):
    config = replace(web_config, contact=None, nominatim_url=url)
    with pytest.raises(UsageError, match="contact"):
        NominatimGazetteer(config)


def test_a_password_in_the_service_url_is_stored_nowhere(web_config):
    import base64

    with scripted_server(lambda path: (200, JSON, geonames_body(WHITBY))) as server:
        host = server.url.split("://", 1)[1]
        config = replace(web_config, geonames_url=f"http://alice:pa55word@{host}")
        found = GeoNamesGazetteer(config).lookup("Whitby")
        assert [c.geonameid for c in found] == [2634135]
        assert GeoNamesGazetteer(config).lookup("Whitby") == found  # from the cache
    data = config.cache_path.read_bytes()
    assert rows(config) >= 1
    assert b"pa55word" not in data and b"alice" not in data
    assert base64.b64encode(b"alice:pa55word") not in data  # the Basic header requests sends


def test_a_url_password_is_masked_in_every_message():
    from geoparser.gazetteers.web.redact import redact

    assert redact("GET http://alice:pa55word@geo.example:8080/search?q=x failed") == (
        "GET http://***@geo.example:8080/search?q=x failed")
    assert redact("https://example.org/a@b") == "https://example.org/a@b"  # no userinfo


@pytest.mark.parametrize("odd", [{"adminName1": ["England"]}, {"countryName": {"x": 1}},
                                 {"adminName1": 7, "countryName": None}])
def test_fields_only_geopy_reads_never_break_a_lookup_or_a_rerun(web_config, odd):
    with scripted_server(lambda path: (200, JSON, geonames_body({**WHITBY, **odd}))) as server:
        config = replace(web_config, geonames_url=server.url)
        first = GeoNamesGazetteer(config).lookup("Whitby")
        again = GeoNamesGazetteer(config)
        assert again.lookup("Whitby") == first and again.requests_sent == 0  # cached, sound
    assert [c.geonameid for c in first] == [2634135]


def test_a_cache_write_that_fails_on_commit_is_one_line_not_silence(tmp_path):
    """A disk that fills up while an answer is written: requests-cache rolled back and went on
    without a word, asking the service again on every run."""
    import sqlite3 as sql

    from geoparser.errors import OutputError
    from geoparser.gazetteers.web.cache_backend import BoundedSQLiteDict

    store = BoundedSQLiteDict(tmp_path / "web.sqlite", table_name="responses")
    store["a"] = "kept"

    class FullDisk:
        def __init__(self, real):
            self.real = real

        def commit(self):
            raise sql.OperationalError("database or disk is full")

        def __getattr__(self, name):
            return getattr(self.real, name)

    store._connection = FullDisk(store._connection)
    with pytest.raises(OutputError, match=r"cannot write the web cache .*web.sqlite "
                                          r"\(database or disk is full\)"):
        store["b"] = "lost"
    store._connection = store._connection.real
    assert "b" not in store and store["a"] == "kept"
