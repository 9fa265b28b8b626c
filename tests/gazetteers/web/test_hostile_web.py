"""Hostile input on the web gazetteers: no username in a cassette or
a cookie, no code run from a cache file, no hang on a cache that cannot be written or a
server that drips, an edited cache named as such, and no traceback for a bad service URL."""

from __future__ import annotations

import json
import pickle
import socket
import sqlite3
import threading
import time
from dataclasses import replace

import pytest

from geoparser.errors import InputError, OutputError, ServiceError, UsageError
from geoparser.gazetteers.web import cache_backend
from geoparser.gazetteers.web.geonames import GeoNamesGazetteer
from geoparser.web_config import WebConfig
from tests.web_support.scripted_server import scripted_server
from tests.web_support.vcr_config import make_vcr

JSON = {"Content-Type": "application/json"}
USER = "toposcope-test-user"
WHITBY = {"name": "Whitby", "lat": "54.48774", "lng": "-0.61498", "geonameId": 2634135,
          "population": 13213, "fcl": "P", "fcode": "PPL", "countryCode": "GB"}
BODY = json.dumps({"totalResultsCount": 1, "geonames": [WHITBY]}).encode()


def _redirecting(extra_headers=None):
    def answer(path: str):
        if path.startswith("/searchJSON"):  # moved, the query (username too) kept
            return 302, {"Location": "/v2" + path, **(extra_headers or {})}, b""
        return 200, JSON, BODY
    return answer


def test_username_not_in_a_cassette_after_a_302(web_config, tmp_path):
    """Case 1: the recorder masks the Location header and every request URI, not only
    bodies."""
    with scripted_server(_redirecting()) as server:
        config = replace(web_config, geonames_url=server.url, use_cache=False)
        recorder = make_vcr("all", tmp_path)
        gazetteer = GeoNamesGazetteer(config)
        with recorder.use_cassette("redirect.yaml"):
            assert [c.geonameid for c in gazetteer.lookup("Whitby")] == [2634135]
        assert any(USER in p for p in server.paths)  # the username did go over the wire
    text = (tmp_path / "redirect.yaml").read_text()
    assert "Location" in text and "/v2/searchJSON" in text
    assert USER not in text


def test_username_in_a_redirect_cookie_is_not_cached(web_config):
    """Case 11: a cookie set on the redirect (its value the username) is not stored."""
    cookie = {"Set-Cookie": f"session={USER}; Path=/"}
    with scripted_server(_redirecting(cookie)) as server:
        config = replace(web_config, geonames_url=server.url)
        GeoNamesGazetteer(config).lookup("Whitby")
    assert USER.encode() not in config.cache_path.read_bytes()


class _Touch:
    """Unpickling this creates a file: the proof that a cache value ran code."""

    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (open, (str(self.path), "w"))


def test_a_crafted_pickle_in_the_web_cache_runs_nothing(web_config, tmp_path):
    """Case 10: a cache file is data; a pickled value in it is never unpickled."""
    marker = tmp_path / "PWNED"
    with scripted_server(lambda path: (200, JSON, BODY)) as server:
        config = replace(web_config, geonames_url=server.url)
        GeoNamesGazetteer(config).lookup("Whitby")
        con = sqlite3.connect(config.cache_path)
        with con:
            con.execute("UPDATE responses SET value = ?", (pickle.dumps(_Touch(marker)),))
        con.close()
        found = GeoNamesGazetteer(config).lookup("Whitby")  # a miss: asked again
        assert [c.geonameid for c in found] == [2634135] and len(server.paths) == 2
    assert not marker.exists()


def test_an_edited_cache_answer_is_blamed_on_the_cache_file(web_config):
    """Case 21: an answer changed inside the cache names the file, not GeoNames."""
    with scripted_server(lambda path: (200, JSON, BODY)) as server:
        config = replace(web_config, geonames_url=server.url)
        gazetteer = GeoNamesGazetteer(config)
        gazetteer.lookup("Whitby")
        responses = gazetteer.adapter.session.cache.responses
        (key,) = list(responses.keys())
        stored = responses[key]
        stored._content = BODY.replace(b'"54.48774"', b'"NaN"')
        responses[key] = stored
        with pytest.raises(InputError) as err:
            GeoNamesGazetteer(config).lookup("Whitby")
        assert len(server.paths) == 1  # it came from the cache
    message = str(err.value)
    assert message.startswith(f"{config.cache_path}: the web cache holds an unsound GeoNames "
                              "answer for 'Whitby'")
    assert "--refresh" in message and "\n" not in message


def test_a_cache_that_cannot_be_written_stops_with_one_line(web_config, monkeypatch):
    """Case 8: requests-cache retried its write lock for ever (a full disk, a file another
    program holds); now it gives up after a bounded wait."""
    monkeypatch.setattr(cache_backend, "LOCK_WAIT_S", 0.2)
    config = replace(web_config, geonames_url="http://127.0.0.1:9")
    GeoNamesGazetteer(config)  # creates the cache file
    holder = sqlite3.connect(config.cache_path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # holds the write lock, as a stuck writer would
    outcome: list[object] = []

    def build():
        try:
            GeoNamesGazetteer(config)
        except OutputError as exc:
            outcome.append(exc)

    thread = threading.Thread(target=build, daemon=True)
    thread.start()
    thread.join(30)
    holder.rollback()
    holder.close()
    assert not thread.is_alive(), "hung on the cache's write lock"
    (exc,) = outcome
    assert str(exc).startswith(f"cannot write the web cache {config.cache_path}")
    assert "\n" not in str(exc)


def _dripping_server():
    """A server that sends headers, then one byte of its body every 0.2 s."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    stop = threading.Event()

    def serve():
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            with conn:
                conn.recv(65536)
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                             b"Content-Length: %d\r\n\r\n" % len(BODY))
                for byte in BODY:
                    if stop.is_set():
                        break
                    try:
                        conn.sendall(bytes([byte]))
                    except OSError:
                        break
                    time.sleep(0.2)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return listener, stop


def test_a_server_dripping_bytes_is_cut_at_the_request_timeout(web_config):
    """Case 9: the timeout bounds the whole request, not each read."""
    listener, stop = _dripping_server()
    port = listener.getsockname()[1]
    config = replace(web_config, geonames_url=f"http://127.0.0.1:{port}", timeout_s=1.0,
                     retries=0)
    outcome: list[object] = []

    def look():
        try:
            GeoNamesGazetteer(config).lookup("Whitby")
        except ServiceError as exc:
            outcome.append(exc)

    try:
        thread = threading.Thread(target=look, daemon=True)
        thread.start()
        thread.join(30)
        assert not thread.is_alive(), "held by a dripping server"
    finally:
        stop.set()
        listener.close()
    (exc,) = outcome
    assert "came too slowly" in str(exc) and "1 s allowed per request" in str(exc)
    assert not config.cache_path.exists() or USER.encode() not in config.cache_path.read_bytes()


@pytest.mark.parametrize("url", ["file:///etc/passwd", "http://[::1", "ftp://example.org",
                                 "http://"])
def test_a_service_url_that_is_not_http_is_a_usage_error(url):
    """Case 24: TOPOSCOPE_GEONAMES_URL=file:///etc/passwd or http://[::1 was a traceback."""
    with pytest.raises(UsageError, match="TOPOSCOPE_GEONAMES_URL must be an http or https"):
        WebConfig.from_env({"TOPOSCOPE_GEONAMES_URL": url})
    with pytest.raises(UsageError, match="TOPOSCOPE_NOMINATIM_URL"):
        WebConfig.from_env({"TOPOSCOPE_NOMINATIM_URL": url})


def test_service_urls_without_a_scheme_still_work():
    config = WebConfig.from_env({"TOPOSCOPE_GEONAMES_URL": "localhost:8080",
                                 "TOPOSCOPE_NOMINATIM_URL": "https://nominatim.example.org/"})
    assert config.geonames_url == "localhost:8080"

