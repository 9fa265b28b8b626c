"""Web gazetteer settings: environment first, command-line options over it."""

from datetime import timedelta
from pathlib import Path

import pytest

from geoparser.cli.options import gazetteer_config
from geoparser.errors import UsageError
from geoparser.gazetteers.web.fields import as_int, split_url
from geoparser.web_config import WebConfig


def test_from_env_reads_credentials_cache_and_addresses():
    cfg = WebConfig.from_env({
        "GEONAMES_USERNAME": "someone", "TOPOSCOPE_CONTACT": "a@b.c",
        "TOPOSCOPE_WEB_CACHE": "/x/c.sqlite", "TOPOSCOPE_WEB_CACHE_DAYS": "2",
        "TOPOSCOPE_NOMINATIM_URL": "http://localhost:8080",
    })
    assert (cfg.geonames_username, cfg.contact) == ("someone", "a@b.c")
    assert cfg.resolved_cache_path() == Path("/x/c.sqlite")
    assert cfg.expire_after == timedelta(days=2)
    assert cfg.nominatim_url == "http://localhost:8080"
    assert "someone" not in repr(cfg)


def test_cli_options_override_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("TOPOSCOPE_CONTACT", "env@b.c")
    cache = tmp_path / "web.sqlite"
    cfg = gazetteer_config("nominatim", no_cache=True, refresh=True, cache_path=cache,
                           cache_days=0.5, contact="cli@b.c")["config"]
    assert (cfg.use_cache, cfg.refresh, cfg.cache_path, cfg.contact) == (
        False, True, cache, "cli@b.c")
    assert cfg.expire_after == timedelta(hours=12)
    assert gazetteer_config("offline", no_cache=True) == {}


def test_negative_expiry_is_a_usage_error():
    with pytest.raises(UsageError, match="expiry"):
        gazetteer_config("geonames", cache_days=-1)


@pytest.mark.parametrize(("value", "expected"), [("12,345", 12345), ("1 017 449", 1017449),
                                                 (3.0, 3), ("ca. 500", None), (True, None)])
def test_as_int_reads_osm_style_numbers(value, expected):
    assert as_int(value) == expected


def test_split_url_gives_geopy_scheme_and_domain():
    assert split_url("http://127.0.0.1:8080/nominatim/") == ("http", "127.0.0.1:8080/nominatim")
