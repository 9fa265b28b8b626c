"""Write files so that a reader sees the old content or the new, never half of either."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path`` and rename it into place."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_files_atomic(files: Mapping[Path, str | bytes]) -> None:
    """Write several files, each atomically, only once all their contents exist in memory."""
    for path, content in files.items():
        data = content.encode("utf-8") if isinstance(content, str) else content
        write_bytes_atomic(path, data)


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """A temporary path beside ``path`` to write to; renamed to ``path`` on a clean exit and
    removed otherwise (for writers that want a file name, such as pyarrow's)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        yield Path(tmp)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)
