"""The GeoNames username never reaches a cassette, the cache, a log line or an error message."""

import json
import logging
import os
import re
import socket
from dataclasses import replace

import pytest
import yaml

from geoparser.errors import ServiceError
from geoparser.gazetteers.web.geonames import GeoNamesGazetteer
from geoparser.gazetteers.web.redact import MASK, redact, register_secret
from tests.web_support.vcr_config import CASSETTES, make_vcr

SECRET = "Zq7-secret-account"


def test_redact_masks_registered_secrets_and_username_parameters():
    register_secret(SECRET)
    assert redact(f"user {SECRET} over limit") == f"user {MASK} over limit"
    assert redact("/searchJSON?q=York&username=anyone&maxRows=5") == (
        f"/searchJSON?q=York&username={MASK}&maxRows=5")
    assert redact("nothing to hide") == "nothing to hide"


def test_committed_cassettes_hold_no_username():
    suspects = {"toposcope-test-user", "toposcope-synthesised", SECRET}
    if os.environ.get("GEONAMES_USERNAME"):
        suspects.add(os.environ["GEONAMES_USERNAME"])
    files = sorted(CASSETTES.glob("*.yaml"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        for suspect in suspects:
            assert suspect not in text, path.name
        for interaction in yaml.safe_load(text)["interactions"]:
            assert "username" not in interaction["request"]["uri"], path.name
        assert not re.search(r"username=(?!\*\*\*)", text), path.name


def test_recording_filters_the_username_and_contact(tmp_path, fake_clock):
    from tests.web_support.emulator import running_emulator
    from tests.web_support.record import record

    with running_emulator() as base:
        config = replace(_config(tmp_path), geonames_url=base, use_cache=False,
                         contact="me@private.invalid")
        path = record("geonames", config, ["Whitby", "Kyoto"], tmp_path,
                      (base, "http://api.geonames.org"))
    text = path.read_text(encoding="utf-8")
    assert SECRET not in text and "me@private.invalid" not in text
    assert "http://api.geonames.org/searchJSON?maxRows=100&q=Whitby" in text
    with make_vcr("none", tmp_path).use_cassette(path.name) as cassette:
        assert GeoNamesGazetteer(_config(tmp_path)).lookup("Kyoto")
        assert cassette.play_count == 1


def _config(tmp_path):
    from geoparser.web_config import WebConfig

    return WebConfig(cache_path=tmp_path / "cache.sqlite", geonames_username=SECRET,
                     timeout_s=1.0, retries=1)


def test_service_message_naming_the_account_is_masked(tmp_path):
    body = json.dumps({"status": {"value": 19, "message": f"the hourly limit of 1000 credits "
                                             f"for {SECRET} has been exceeded"}})
    cassette = {"version": 1, "interactions": [{
        "request": {"body": None, "headers": {}, "method": "GET",
                    "uri": "http://api.geonames.org/searchJSON?q=York&maxRows=100"},
        "response": {"body": {"string": body}, "status": {"code": 200, "message": "OK"},
                     "headers": {"Content-Type": ["application/json"]}}}]}
    (tmp_path / "limit.yaml").write_text(yaml.safe_dump(cassette))
    with make_vcr("none", tmp_path).use_cassette("limit.yaml"), \
            pytest.raises(ServiceError) as err:
        GeoNamesGazetteer(_config(tmp_path)).lookup("York")
    assert SECRET not in str(err.value)
    assert "hourly limit of credits exceeded" in str(err.value)


def test_logs_and_errors_of_a_failing_connection_hold_no_username(tmp_path, caplog,
                                                                  fake_clock):
    with socket.socket() as s:  # a free port nobody listens on: connection refused
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = replace(_config(tmp_path), geonames_url=f"http://127.0.0.1:{port}")
    caplog.set_level(logging.DEBUG)
    with pytest.raises(ServiceError) as err:
        GeoNamesGazetteer(config).lookup("York")
    assert "could not connect after 2 attempts" in str(err.value)
    assert "searchJSON" in caplog.text  # the libraries did log the request...
    assert SECRET not in caplog.text  # ...masked
    assert SECRET not in str(err.value)
    assert not (tmp_path / "cache.sqlite").exists() or (
        SECRET.encode() not in (tmp_path / "cache.sqlite").read_bytes())
