"""Shared fixtures. The offline gazetteer index is built once into pytest's own cache folder,
never into the user's cache dir, and reused across runs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CAPTIONS = ROOT / "data" / "captions"
SHARED = ROOT.parent / "shared"


def pytest_configure(config: pytest.Config) -> None:
    cache = config.cache.mkdir("toposcope-cache") if config.cache else None
    if cache is not None:
        os.environ["TOPOSCOPE_CACHE_DIR"] = str(cache)


@pytest.fixture(scope="session")
def offline_gazetteer():
    from geoparser.gazetteers import create_gazetteer

    return create_gazetteer("offline")


@pytest.fixture(scope="session")
def captions():
    from geoparser.documents_io import read_gold

    return read_gold(CAPTIONS)
