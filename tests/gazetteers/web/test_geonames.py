"""The GeoNames web gazetteer, replayed from cassettes: parsing, errors in a 200, retries."""

import json
import socket
import threading

import pytest

from geoparser.errors import ServiceError, UsageError
from geoparser.gazetteers.web.geonames import GeoNamesGazetteer, candidate
from geoparser.web_config import WebConfig
from tests.web_support.vcr_config import make_vcr


def test_caption_toponyms_give_every_candidate_with_its_fields(web_config, cassettes):
    gazetteer = GeoNamesGazetteer(web_config)
    with cassettes.use_cassette("geonames_captions.yaml") as cassette:
        boston = gazetteer.lookup("Boston")
        kyoto = gazetteer.lookup("Kyoto")
        recorded = next(json.loads(response["body"]["string"])
                        for request, response in cassette.data if "q=Boston" in request.uri)
    # every candidate, in GeoNames' order
    assert [c.geonameid for c in boston] == [r["geonameId"] for r in recorded["geonames"]]
    assert len(boston) > 1
    uk = next(c for c in boston if c.geonameid == 2655138)  # Boston, Lincolnshire
    assert (uk.source, uk.source_id, uk.country_code, uk.admin1) == (
        "geonames", "geonames:2655138", "GB", "ENG")
    assert uk.feature_class == "P" and uk.population and uk.population > 40_000
    assert isinstance(uk.lat, float) and abs(uk.lat - 52.97633) < 1e-3
    assert kyoto and all(c.has_point for c in kyoto)


def test_each_query_goes_to_the_service_once_per_run(web_config, cassettes):
    gazetteer = GeoNamesGazetteer(WebConfig(**{**web_config.__dict__, "use_cache": False}))
    with cassettes.use_cassette("geonames_captions.yaml") as cassette:
        first = gazetteer.lookup("Perth")
        again = gazetteer.lookup(" Perth ")
    assert first == again and cassette.play_count == 1


def test_missing_username_is_a_clear_error(web_config):
    with pytest.raises(UsageError, match="GEONAMES_USERNAME"):
        GeoNamesGazetteer(WebConfig(**{**web_config.__dict__, "geonames_username": None}))


def test_error_status_in_a_200_is_raised_and_never_cached(web_config, cassettes):
    with cassettes.use_cassette("geonames_status_error.yaml") as cassette:
        for _ in range(2):  # a fresh gazetteer each time: only the disk cache could answer
            with pytest.raises(ServiceError) as err:
                GeoNamesGazetteer(web_config).lookup("Whitby")
        assert cassette.play_count == 2  # asked the service again: nothing was stored
    message = str(err.value)
    assert "GeoNames" in message and "'Whitby'" in message
    assert "status 18" in message and "daily limit of credits" in message
    assert "\n" not in message


def test_429_is_retried_after_the_wait_the_service_asks(web_config, cassettes, fake_clock):
    with cassettes.use_cassette("geonames_429_then_ok.yaml") as cassette:
        found = GeoNamesGazetteer(web_config).lookup("Whitby")
        assert cassette.play_count == 2
    assert [c.geonameid for c in found] == [2634135]
    assert 2 in fake_clock.waits  # Retry-After: 2


def test_retry_after_beyond_the_ceiling_fails_at_once(web_config, cassettes, fake_clock):
    with cassettes.use_cassette("geonames_429_long_retry_after.yaml") as cassette:
        with pytest.raises(ServiceError, match=r"rate limited \(HTTP 429\).*3600 s"):
            GeoNamesGazetteer(web_config).lookup("Whitby")
        assert cassette.play_count == 1
    assert not any(w >= 60 for w in fake_clock.waits)


def test_server_errors_are_retried_with_bounded_backoff_then_named(web_config, cassettes,
                                                                    fake_clock):
    with cassettes.use_cassette("geonames_503_always.yaml") as cassette:
        with pytest.raises(ServiceError) as err:
            GeoNamesGazetteer(web_config).lookup("Whitby")
        assert cassette.play_count == web_config.retries + 1
    assert str(err.value) == "GeoNames, query 'Whitby': server error (HTTP 503) after 4 attempts"
    # urllib3 retries the first failure at once, then backs off exponentially (factor 1 s).
    assert fake_clock.waits == [2.0, 4.0]


def test_malformed_json_fails_clearly_and_is_not_cached(web_config, cassettes):
    with cassettes.use_cassette("geonames_truncated_json.yaml") as cassette:
        for _ in range(2):
            with pytest.raises(ServiceError, match="'Whitby': the answer is not valid JSON"):
                GeoNamesGazetteer(web_config).lookup("Whitby")
        assert cassette.play_count == 2


class SilentServer:
    """Accepts connections on loopback and never answers: every request times out."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.connections: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}"

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections.append(conn)

    def close(self) -> None:
        self.sock.close()
        for conn in self.connections:
            conn.close()


def test_timeouts_are_retried_then_fail_naming_service_and_query(web_config, fake_clock):
    server = SilentServer()
    try:
        config = WebConfig(**{**web_config.__dict__, "geonames_url": server.url,
                              "timeout_s": 0.2, "retries": 2})
        with pytest.raises(ServiceError) as err:
            GeoNamesGazetteer(config).lookup("Whitby")
    finally:
        server.close()
    assert str(err.value) == "GeoNames, query 'Whitby': no answer within 0.2 s, 3 attempts"
    assert len(server.connections) == 3
    assert "toposcope-test-user" not in str(err.value)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"name": "X", "lat": "1.5", "lng": "2", "geonameId": 7, "population": 0,
          "fcl": "P", "fcode": "PPL"}, ("geonames:7", 1.5, 2.0, 0, ())),
        ({"toponymName": "Y", "lat": "bad", "lng": "2"},
         ("geonames-name:Y", None, None, None,
          ("coordinates", "population", "geonameid", "feature_code"))),
    ],
)
def test_candidate_reads_strings_and_lists_what_is_missing(raw, expected):
    c = candidate(raw)
    assert (c.source_id, c.lat, c.lon, c.population, c.missing) == expected


def test_cassette_requests_carry_no_username():
    vcr = make_vcr("none")
    with vcr.use_cassette("geonames_captions.yaml") as cassette:
        uris = [r.uri for r in cassette.requests]
    assert uris and all("username" not in u for u in uris)
