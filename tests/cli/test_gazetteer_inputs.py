"""``toposcope gazetteer build``'s dumps and ``gazetteer stats --index`` must be regular
files: a named pipe or a link to ``/dev/zero`` is one line saying what it is, exit 2, and no
index is written. Each runs in a process killed after a timeout, so a reader that opened a
pipe and waited would fail the test instead of hanging it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _toposcope(tmp_path: Path, *args: str | Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "geoparser", *map(str, args)],
                          capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)


def _special(path: Path, kind: str) -> Path:
    if kind == "named pipe":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    return path


def _one_error(result: subprocess.CompletedProcess, *needles: str) -> None:
    assert result.returncode == 2, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("toposcope: error:"), lines
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


KINDS = {"named pipe": "a named pipe", "link to /dev/zero": "a device"}


@pytest.mark.parametrize("name", ["GB.txt", "cities500.zip", "alternateNamesV2.zip"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_geonames_dump_that_is_a_pipe_or_device_is_refused(tmp_path, kind, name):
    place = tmp_path / "IE.txt"
    place.write_text("")
    dump = _special(tmp_path / name, kind)
    out = tmp_path / "index.sqlite"
    result = _toposcope(tmp_path, "gazetteer", "build", place, dump, "--out", out)
    _one_error(result, f"{dump}: is {KINDS[kind]}", "not a regular GeoNames dump")
    assert not out.exists()


@pytest.mark.parametrize("kind", KINDS)
def test_a_gazetteer_index_that_is_a_pipe_or_device_is_refused(tmp_path, kind):
    index = _special(tmp_path / "index.sqlite", kind)
    _one_error(_toposcope(tmp_path, "gazetteer", "stats", "--index", index),
               f"{index}: is {KINDS[kind]}", "not a regular gazetteer index")
