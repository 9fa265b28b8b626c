"""Shared fixtures. The offline gazetteer index is built once into pytest's own cache folder,
never into the user's cache dir, and reused across runs."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CAPTIONS = ROOT / "data" / "captions"
SHARED = ROOT.parent / "shared"


def pytest_configure(config: pytest.Config) -> None:
    # Without the cache plugin (-p no:cacheprovider, as read-only checkouts run) there is no
    # config.cache: a fresh temporary folder stands in, so the user's cache dir is never used.
    cache = getattr(config, "cache", None)
    folder = cache.mkdir("toposcope-cache") if cache is not None else Path(
        tempfile.mkdtemp(prefix="toposcope-tests-"))
    os.environ["TOPOSCOPE_CACHE_DIR"] = str(folder)


@pytest.fixture(scope="session")
def offline_gazetteer():
    from geoparser.gazetteers import create_gazetteer

    return create_gazetteer("offline")


@pytest.fixture(scope="session")
def captions():
    from geoparser.io.documents import read_gold

    return read_gold(CAPTIONS)


class FakeClock:
    """Stands in for the time the web gazetteers wait: records each wait instead of sleeping,
    so rate limits and backoff are checked by what was asked, not by the wall clock."""

    def __init__(self) -> None:
        self.now = 0.0
        self.waits: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += max(seconds, 0.0)


@pytest.fixture
def fake_clock(monkeypatch):
    """geopy's RateLimiter and urllib3's retry backoff use this clock instead of real time."""
    import time

    from geopy.extra.rate_limiter import RateLimiter

    clock = FakeClock()
    monkeypatch.setattr(RateLimiter, "_clock", lambda self: clock.now)
    monkeypatch.setattr(RateLimiter, "_sleep", lambda self, s: clock.sleep(s))
    monkeypatch.setattr(time, "sleep", clock.sleep)
    return clock


@pytest.fixture
def web_config(tmp_path):
    """Settings for a web gazetteer under test: a private cache file, a test username."""
    from geoparser.web_config import WebConfig

    return WebConfig(
        cache_path=tmp_path / "web-cache.sqlite",
        geonames_username="toposcope-test-user",
        contact="tests@toposcope.invalid",
        timeout_s=5.0,
    )


@pytest.fixture(scope="session")
def cassettes():
    """vcrpy replaying `cassettes/` with record_mode="none": an unrecorded request fails."""
    from tests.web_support.vcr_config import make_vcr

    return make_vcr("none")
