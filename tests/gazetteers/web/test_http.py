"""The web gazetteers' HTTP layer: disk cache hits, --refresh, --no-cache, bounded retries."""

import sqlite3
from dataclasses import replace
from datetime import timedelta

import pytest

from geoparser.gazetteers.web.geonames import GeoNamesGazetteer
from geoparser.gazetteers.web.http import BoundedRetry, make_retry
from geoparser.web_config import WebConfig

CAPTION_NAMES = ["Boston", "Durham", "Galway", "Kyoto", "Whitby"]


def lookup_all(config: WebConfig, names=CAPTION_NAMES) -> GeoNamesGazetteer:
    gazetteer = GeoNamesGazetteer(config)
    for name in names:
        gazetteer.lookup(name)
    return gazetteer


def test_cache_hit_sends_no_request(web_config, cassettes, tmp_path):
    with cassettes.use_cassette("geonames_captions.yaml") as cassette:
        cold = lookup_all(web_config)
        assert cassette.play_count == len(CAPTION_NAMES) == cold.requests_sent
    # A cassette with nothing in it, record_mode "none": any request would raise.
    empty = cassettes.use_cassette(str(tmp_path / "no-requests-allowed.yaml"))
    with empty as cassette:
        warm = lookup_all(web_config)
        assert cassette.play_count == 0
    assert warm.requests_sent == 0
    assert [warm.lookup(n) for n in CAPTION_NAMES] == [cold.lookup(n) for n in CAPTION_NAMES]


def test_refresh_asks_again_and_updates_the_cache(web_config, cassettes):
    with cassettes.use_cassette("geonames_captions.yaml"):
        lookup_all(web_config)
    with cassettes.use_cassette("geonames_captions.yaml") as cassette:
        refreshed = lookup_all(replace(web_config, refresh=True))
        assert cassette.play_count == len(CAPTION_NAMES)
    assert refreshed.requests_sent == len(CAPTION_NAMES)


def test_no_cache_neither_reads_nor_writes(web_config, cassettes):
    config = replace(web_config, use_cache=False)
    with cassettes.use_cassette("geonames_captions.yaml", allow_playback_repeats=True) as cassette:
        lookup_all(config, ["Galway"])
        lookup_all(config, ["Galway"])
        assert cassette.play_count == 2
    assert not web_config.cache_path.exists()


def test_expired_answers_are_asked_again(web_config, cassettes):
    config = replace(web_config, expire_after=timedelta(0))
    with cassettes.use_cassette("geonames_captions.yaml", allow_playback_repeats=True) as c:
        lookup_all(config, ["Galway"])
        lookup_all(config, ["Galway"])
        assert c.play_count == 2


def test_username_is_not_stored_in_the_cache(web_config, cassettes):
    with cassettes.use_cassette("geonames_captions.yaml"):
        lookup_all(web_config)
    data = web_config.cache_path.read_bytes()
    assert b"toposcope-test-user" not in data
    con = sqlite3.connect(web_config.cache_path)
    try:
        assert con.execute("SELECT COUNT(*) FROM responses").fetchone()[0] == len(CAPTION_NAMES)
    finally:
        con.close()
    # masked (requests-cache's REDACTED, then our filter's ***), not an absent parameter
    assert b"username=***" in data


def test_retry_policy_covers_timeouts_connections_429_and_5xx():
    retry = make_retry(WebConfig(retries=3))
    assert isinstance(retry, BoundedRetry)
    assert (retry.total, retry.connect, retry.read, retry.status) == (3, 3, 3, 3)
    assert set(retry.status_forcelist) == {429, 500, 502, 503, 504}
    assert retry.respect_retry_after_header and not retry.raise_on_status
    assert retry.new(total=1).max_retry_after == retry.max_retry_after


@pytest.mark.parametrize(("errors", "min_wait", "expected"), [(1, 1.0, 1.0), (3, 0.0, 4.0),
                                                              (12, 0.0, 30.0)])
def test_backoff_has_a_floor_and_a_ceiling(errors, min_wait, expected):
    from urllib3.util.retry import RequestHistory

    retry = make_retry(WebConfig(retries=20), min_wait=min_wait)
    retry = retry.new(history=tuple(RequestHistory("GET", "/", None, 503, None)
                                    for _ in range(errors)))
    assert retry.get_backoff_time() == expected
