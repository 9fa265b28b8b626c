"""The one lock every command that writes a folder holds: two runs into one place never mix.

``parse`` holds it on ``OUT.parts/lock``; ``run`` and ``compare`` on the results folder itself
(``flock`` works on a folder's descriptor, so no file is added to it). A second command
writing the same place while the first runs is refused with one line, and the kernel drops
the lock when the process ends, however it ends.
"""

from __future__ import annotations

import errno
import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from geoparser.errors import OutputError, UsageError


class OutputLock:
    """An exclusive ``flock`` on a file or folder, held until ``release``."""

    def __init__(self, path: Path, what: Path | str) -> None:
        self._fd: int | None = None
        self.path = Path(path)
        flags = os.O_RDONLY if self.path.is_dir() else os.O_WRONLY | os.O_CREAT | os.O_APPEND
        try:
            self._fd = os.open(self.path, flags | os.O_CLOEXEC, 0o666)
        except OSError as exc:
            raise OutputError(f"cannot lock {self.path}: {exc.strerror or exc}") from None
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(self._fd)
            self._fd = None
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise UsageError(f"another toposcope run is writing {what} (it holds "
                                 f"{self.path}); wait for it to finish") from None
            raise OutputError(f"cannot lock {self.path}: {exc.strerror or exc}") from None

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:
        # A lock dropped without release (its holder garbage-collected) is let go, as a
        # closed file object's would be.
        with suppress(OSError):
            self.release()


@contextmanager
def locked_folder(folder: Path) -> Iterator[Path]:
    """Hold the lock on ``folder`` (created if missing, and removed again if the block fails
    while it is still empty) for the whole block."""
    folder = Path(folder)
    created = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create {folder}: {exc.strerror or exc}") from None
    lock = None
    try:
        lock = OutputLock(folder, folder)
        yield folder
    except BaseException:
        if created:
            with suppress(OSError):
                folder.rmdir()
        raise
    finally:
        if lock is not None:
            lock.release()
