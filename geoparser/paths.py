"""Where Toposcope keeps derived files: the user cache dir, or ``$TOPOSCOPE_CACHE_DIR``."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def cache_dir() -> Path:
    override = os.environ.get("TOPOSCOPE_CACHE_DIR")
    return Path(override) if override else Path(platformdirs.user_cache_dir("toposcope"))
