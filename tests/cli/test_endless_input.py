"""Endless and special inputs through the command line: a dataset's ``dataset.json`` that is
a named pipe or a link to ``/dev/zero``, and endless bytes through standard input or a pipe.
Each ends at once in one line, exit 2: the bound is applied while reading, never after."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.cli.hostile import GOLD, PRED, assert_refused, invoke, write_jsonl

#: The address space a child process may use: before the bounds, these inputs grew until a
#: MemoryError at about 3 GB; the limit makes that fail fast instead of swapping.
MEMORY_LIMIT = 2 << 30
#: Seconds a command may take here; an input read for ever fails the test instead of hanging.
WITHIN_S = 120


def _dataset(tmp_path: Path) -> Path:
    folder = tmp_path / "set"
    folder.mkdir()
    write_jsonl(folder / "captions.jsonl", GOLD)
    return folder


def _readers(gold: Path, tmp_path: Path) -> dict[str, list[str | Path]]:
    """Every command that reads a dataset folder."""
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    return {
        "score": ["score", "--scheme", "semeval", "--gold", gold, "--pred", pred],
        "run": ["run", "--captions", gold, "--out", tmp_path / "results", "--ner",
                "gazetteer", "--others", ""],
        "resolve": ["resolve", "--gold", gold, "--out", tmp_path / "r.jsonl",
                    "--context-ner", "none"],
        "browse": ["browse", "--gold", gold, "--pred", pred, "--out", tmp_path / "b.html"],
        "compare": ["compare", "--gold", gold, "--ner", "gazetteer", "--out",
                    tmp_path / "cmp"],
    }


def _invoke_unblocking(fifo: Path, *args: str | Path):
    """``invoke``; if the command opens ``fifo`` to read and waits there, a writer opens and
    closes the pipe so that the command (and the test) end -- with what it read, nothing."""
    result: list = []
    worker = threading.Thread(target=lambda: result.append(invoke(*args)), daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(2)
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError as exc:
            if exc.errno != errno.ENXIO:  # ENXIO: nobody is reading it
                raise
    return result[0]


@pytest.mark.parametrize("command", ["score", "run", "resolve", "browse", "compare"])
def test_a_dataset_json_that_is_a_named_pipe_is_refused_by_every_reader(tmp_path, command):
    folder = _dataset(tmp_path)
    os.mkfifo(folder / "dataset.json")
    result = _invoke_unblocking(folder / "dataset.json", *_readers(folder, tmp_path)[command])
    lines = [line for line in result.stderr.splitlines()
             if line.strip() and "offline gazetteer index" not in line]  # built once a run
    assert result.exit_code == 2 and len(lines) == 1, (result.exit_code, lines)
    assert f"{folder / 'dataset.json'}: is a named pipe, not a regular" in lines[0]


def _child(args: list[str | Path], stdin=None, cwd: Path | None = None):
    """The command in a child process with its address space bounded."""
    import resource

    def bound() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    return subprocess.Popen(
        [sys.executable, "-m", "geoparser", *map(str, args)], stdin=stdin,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=bound, cwd=cwd)


def _one_line(proc: subprocess.Popen, *needles: str) -> str:
    _, stderr = proc.communicate(timeout=WITHIN_S)
    text = stderr.decode("utf-8", "replace")
    lines = [line for line in text.splitlines() if line.strip()]
    assert proc.returncode == 2 and len(lines) == 1, (proc.returncode, text[-2000:])
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


@pytest.mark.parametrize("command", ["score", "browse"])
def test_a_dataset_json_linked_to_dev_zero_is_refused_before_it_fills_memory(tmp_path,
                                                                             command):
    folder = _dataset(tmp_path)
    (folder / "dataset.json").symlink_to("/dev/zero")
    _one_line(_child(_readers(folder, tmp_path)[command]),
              "dataset.json: is a device or other special file")


def _endless(stream, piece: bytes) -> None:
    """Write ``piece`` to ``stream`` until the reader goes away."""
    try:
        while True:
            stream.write(piece)
    except (BrokenPipeError, ValueError, OSError):
        pass
    finally:
        with contextlib.suppress(OSError):
            stream.close()


@pytest.mark.parametrize("piece,fmt,needle", [
    (b"\0" * 65536, "text", "holds more than the 1,000,000 characters"),  # cat /dev/zero
    (b"Galway " * 9000, "jsonl", "a line longer than 16,000,000 bytes"),
])
def test_endless_standard_input_is_refused_while_it_is_read(tmp_path, piece, fmt, needle):
    read_end, write_end = os.pipe()
    proc = _child(["parse", "--in", "-", "--in-format", fmt, "--out", tmp_path / "o.jsonl",
                   "--ner", "gazetteer"], stdin=read_end)
    os.close(read_end)
    writer = threading.Thread(target=_endless, args=(os.fdopen(write_end, "wb"), piece),
                              daemon=True)
    writer.start()
    _one_line(proc, "<stdin>:1:", needle)
    assert not (tmp_path / "o.jsonl").exists()


@pytest.mark.parametrize("command", ["parse", "map"])
def test_an_endless_named_pipe_is_refused_while_it_is_read(tmp_path, command):
    """``map <(cat /dev/zero)`` and ``parse --in <(cat /dev/zero)``: a named pipe that never
    ends a line."""
    fifo = tmp_path / "endless.jsonl"
    os.mkfifo(fifo)
    args = (["parse", "--in", fifo, "--out", tmp_path / "o.jsonl", "--ner", "gazetteer"]
            if command == "parse" else ["map", fifo, "--out", tmp_path / "m.html"])
    proc = _child(args)
    stream = _writer_once_read(fifo, proc)
    if stream is not None:
        _endless(stream, b"\0" * 65536)
    _one_line(proc, f"{fifo}:1:", "a line longer than 16,000,000 bytes")


def _writer_once_read(fifo: Path, proc: subprocess.Popen):
    """The pipe opened for writing once ``proc`` opens it to read; None if ``proc`` ends
    first (it refused the pipe without reading it)."""
    import time

    while proc.poll() is None:
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as exc:
            if exc.errno != errno.ENXIO:  # ENXIO: no reader yet
                raise
            time.sleep(0.05)
            continue
        os.set_blocking(fd, True)
        return os.fdopen(fd, "wb")
    return None


def test_parse_reads_a_named_pipe_as_the_docs_say(tmp_path):
    """``parse --in <(cmd)`` answered "not a regular file" though the docs say it takes
    pipes; it reads one as it reads standard input."""
    fifo = tmp_path / "docs.jsonl"
    os.mkfifo(fifo)
    out = tmp_path / "o.jsonl"
    line = b'{"id": "a", "text": "Floods hit Galway."}\n'
    writer = threading.Thread(target=lambda: fifo.write_bytes(line), daemon=True)
    writer.start()
    result = invoke("parse", "--in", fifo, "--out", out, "--ner", "gazetteer")
    writer.join(WITHIN_S)
    assert result.exit_code == 0, result.output
    assert '"Galway"' in out.read_text(encoding="utf-8")


def test_resume_from_a_named_pipe_is_a_usage_error(tmp_path):
    fifo = tmp_path / "docs.jsonl"
    os.mkfifo(fifo)
    result = invoke("parse", "--in", fifo, "--out", tmp_path / "o.jsonl", "--ner",
                    "gazetteer", "--resume")
    assert_refused(result, "--resume needs an input file")


@pytest.mark.parametrize("command", ["parse", "resolve"])
def test_web_cache_equal_to_the_input_is_refused_as_the_input(tmp_path, command):
    """``--web-cache`` given the input file said "delete it or move it aside" about the
    user's own documents; it is refused as the input, before anything is opened."""
    source = write_jsonl(tmp_path / "in.jsonl", GOLD)
    before = source.read_bytes()
    if command == "parse":
        args = ["parse", "--in", source, "--out", tmp_path / "o.jsonl"]
    else:
        args = ["resolve", "--gold", source, "--out", tmp_path / "o.jsonl", "--context-ner",
                "none"]
    result = invoke(*args, "--gazetteer", "nominatim", "--contact", "t@example.org",
                    "--web-cache", source)
    line = assert_refused(result, f"--web-cache {source} is the input")
    assert "move it aside" not in line and source.read_bytes() == before
