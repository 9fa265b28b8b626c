"""Files parsed whole are read with a bound: a regular file larger than the bound is refused
by its size before a byte is read, a device (``/dev/zero``, also through a link) before it is
opened for long, and an endless pipe once the bound is passed -- one ``InputError`` naming the
file, never a MemoryError."""

from __future__ import annotations

import os
import threading

import pytest

from geoparser.errors import InputError
from geoparser.io.bounded_read import MAX_WHOLE_FILE_BYTES, read_whole_file


def test_a_small_regular_file_is_read_whole(tmp_path):
    path = tmp_path / "r.geojson"
    path.write_bytes(b'{"type": "FeatureCollection"}')
    assert read_whole_file(path, "GeoJSON result") == b'{"type": "FeatureCollection"}'


def test_a_huge_regular_file_is_refused_by_its_size_before_reading(tmp_path):
    path = tmp_path / "huge.geojson"
    with path.open("wb") as fh:  # sparse: no disk is used, and nothing could be read in time
        fh.truncate(MAX_WHOLE_FILE_BYTES + 1)
    with pytest.raises(InputError) as err:
        read_whole_file(path, "GeoJSON result")
    assert str(path) in str(err.value) and "more than the 1,073,741,824" in str(err.value)


def test_a_link_to_dev_zero_is_refused_as_a_device(tmp_path):
    link = tmp_path / "zero.geojson"
    link.symlink_to("/dev/zero")
    for pipes in (False, True):
        with pytest.raises(InputError, match="is a device or other special file"):
            read_whole_file(link, "GeoJSON result", pipes=pipes)


def test_a_named_pipe_is_refused_unless_pipes_are_taken(tmp_path):
    fifo = tmp_path / "r.geojson"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="is a named pipe, not a regular"):
        read_whole_file(fifo, "GeoJSON result")


def test_an_endless_pipe_is_refused_once_the_bound_is_passed(tmp_path):
    fifo = tmp_path / "endless.geojson"
    os.mkfifo(fifo)

    def endless() -> None:
        with open(fifo, "wb") as fh:
            try:
                while True:
                    fh.write(b"\0" * 65536)
            except (BrokenPipeError, OSError):
                pass

    writer = threading.Thread(target=endless, daemon=True)
    writer.start()
    with pytest.raises(InputError, match="holds more than the 1,000,000 bytes"):
        read_whole_file(fifo, "GeoJSON result", limit=1_000_000, pipes=True)
    writer.join(10)


def test_a_pipe_written_and_closed_while_it_is_checked_is_read_not_waited_on(tmp_path, monkeypatch):
    """A writer that writes its whole result and leaves between the reader's first look at
    the pipe and its reading (the map of a result piped in) is read; the reader must not
    open the pipe anew and wait for a writer that has gone."""
    from geoparser.io import bounded_read

    fifo = tmp_path / "r.geojson"
    os.mkfifo(fifo)
    real_fstat = os.fstat

    def fstat_then_write(fd):
        if not hasattr(fstat_then_write, "done"):
            fstat_then_write.done = True
            with open(fifo, "wb") as fh:  # the reader's descriptor is open: no wait
                fh.write(b'{"type": "FeatureCollection", "features": []}')
        return real_fstat(fd)

    monkeypatch.setattr(bounded_read.os, "fstat", fstat_then_write)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(
        read_whole_file(fifo, "GeoJSON result", pipes=True)), daemon=True)
    reader.start()
    reader.join(20)
    if reader.is_alive():  # free the waiting reader, then fail
        with open(fifo, "wb"):
            pass
        pytest.fail("the reader waited for a writer that had already written and left")
    assert got == [b'{"type": "FeatureCollection", "features": []}']
