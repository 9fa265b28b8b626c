"""What every command does when standard output cannot take what it writes: closed at start,
a full device, a reader that went away."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from geoparser.cli.common import BROKEN_PIPE_EXIT
from tests.cli.hostile import GOLD, PRED, write_jsonl
from tests.conftest import ROOT


def _run(*args: str, cwd: Path, stdout) -> subprocess.CompletedProcess:
    closed = stdout == "closed"
    return subprocess.run(
        [sys.executable, "-c", "from geoparser.cli.main import entry; entry()", *args],
        cwd=cwd, text=True, stdout=subprocess.DEVNULL if closed else stdout,
        stderr=subprocess.PIPE, preexec_fn=(lambda: os.close(1)) if closed else None,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False)


def _score(tmp_path: Path, fmt: str) -> list[str]:
    gold = write_jsonl(tmp_path / "gold.jsonl", GOLD)
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    return ["score", "--scheme", "all", "--gold", str(gold), "--pred", str(pred),
            "--format", fmt]


def _error_lines(done: subprocess.CompletedProcess) -> list[str]:
    return [ln for ln in done.stderr.splitlines() if ln.startswith("toposcope: error:")
            or "Traceback" in ln]


@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_score_with_stdout_closed_is_one_line_and_exit_2(tmp_path, fmt):
    done = _run(*_score(tmp_path, fmt), cwd=tmp_path, stdout="closed")
    assert done.returncode == 2, done.stderr
    assert _error_lines(done) == ["toposcope: error: cannot write to standard output: it is "
                                  "closed"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("fmt", ["table", "json"])
def test_score_to_a_full_device_is_one_line_and_exit_2(tmp_path, fmt):
    with open("/dev/full", "w") as full:
        done = _run(*_score(tmp_path, fmt), cwd=tmp_path, stdout=full)
    assert done.returncode == 2, done.stderr
    errors = _error_lines(done)
    assert len(errors) == 1 and "cannot write to standard output" in errors[0], done.stderr


def test_score_into_a_pipe_nobody_reads_stops_quietly(tmp_path):
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = _run(*_score(tmp_path, "table"), cwd=tmp_path, stdout=write_end)
    finally:
        os.close(write_end)
    assert done.returncode == BROKEN_PIPE_EXIT, done.stderr
    assert "Traceback" not in done.stderr and "Error" not in done.stderr


def test_version_with_stdout_closed_is_one_line(tmp_path):
    done = _run("--version", cwd=tmp_path, stdout="closed")
    assert done.returncode == 2
    assert _error_lines(done) == ["toposcope: error: cannot write to standard output: it is "
                                  "closed"]
