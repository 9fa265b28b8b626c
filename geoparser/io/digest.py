"""The SHA-256 of a file's bytes, read a megabyte at a time: how an input or an index is
recognised as the very same content (``--resume``, the offline index's checksum)."""

from __future__ import annotations

import hashlib
from pathlib import Path


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with Path(path).open("rb") as fh:
        while block := fh.read(1 << 20):
            h.update(block)
    return h.hexdigest()
