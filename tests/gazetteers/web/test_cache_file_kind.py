"""The web cache file the user names (``--web-cache``, ``TOPOSCOPE_WEB_CACHE``) must be a
regular file: a named pipe or a link to ``/dev/zero`` is one line naming it, exit 2, before
SQLite opens it and before anything is written or asked of a service."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.hostile import GOLD, write_jsonl

ROOT = Path(__file__).resolve().parents[3]


def _resolve_with_cache(tmp_path: Path, cache: Path) -> subprocess.CompletedProcess:
    """``resolve`` with GeoNames and ``--web-cache cache``, in a process that is killed if
    it waits (a pipe opened for reading waits for a writer)."""
    gold = write_jsonl(tmp_path / "gold.jsonl", GOLD)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GEONAMES_USERNAME": "toposcope-test-user",
           "TOPOSCOPE_GEONAMES_URL": "http://127.0.0.1:9"}  # never reached
    return subprocess.run(
        [sys.executable, "-m", "geoparser", "resolve", "--gold", str(gold), "--out",
         str(tmp_path / "out.jsonl"), "--gazetteer", "geonames", "--context-ner", "none",
         "--web-cache", str(cache)],
        capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)


@pytest.mark.parametrize("kind", ["named pipe", "link to /dev/zero"])
def test_a_web_cache_that_is_a_pipe_or_device_is_refused_in_one_line(tmp_path, kind):
    cache = tmp_path / "cache.sqlite"
    if kind == "named pipe":
        os.mkfifo(cache)
    else:
        cache.symlink_to("/dev/zero")
    result = _resolve_with_cache(tmp_path, cache)
    assert result.returncode == 2, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"toposcope: error: {cache}: is a "), lines[0]
    assert "not a regular web cache file" in lines[0]
    assert not (tmp_path / "out.jsonl").exists()


def test_a_web_cache_named_without_a_suffix_is_checked_where_it_is_kept(web_config):
    """requests-cache keeps ``--web-cache cache`` in ``cache.sqlite``: the check and the
    messages name that file, not the one without the suffix."""
    from dataclasses import replace

    from geoparser.errors import InputError
    from geoparser.gazetteers.web.geonames import GeoNamesGazetteer

    bare = web_config.cache_path.with_suffix("")
    bare.with_name(bare.name + ".sqlite").symlink_to("/dev/zero")
    with pytest.raises(InputError, match="web-cache.sqlite: is a device"):
        GeoNamesGazetteer(replace(web_config, cache_path=bare)).lookup("Galway")
