"""What the data-building scripts share: a PyPI release downloaded once and checked against
its pinned sha256, and a gzip file written so that the same input gives the same bytes.

Imported by its sibling scripts (``python scripts/build_….py`` puts this folder first on
the import path); never at build or run time of the package.
"""

from __future__ import annotations

import gzip
import hashlib
import subprocess
from pathlib import Path


def pinned_release(name: str, version: str, sha256: str, filename: str, work: Path,
                   sdist: bool = False) -> Path:
    """``filename`` of ``name==version`` from PyPI in ``work`` (downloaded when absent),
    refused unless its sha256 is the pinned one; ``sdist`` asks for the source archive."""
    work.mkdir(parents=True, exist_ok=True)
    path = work / filename
    if not path.exists():
        subprocess.run(["pip", "download", "--no-deps",
                        *(["--no-binary", ":all:"] if sdist else []),
                        "-d", str(work), f"{name}=={version}"],
                       check=True, stdout=subprocess.DEVNULL)
    if hashlib.sha256(path.read_bytes()).hexdigest() != sha256:
        raise SystemExit(f"{path}: sha256 is not the pinned {sha256}")
    return path


def write_reproducible_gzip(path: Path, header: str, body: bytes) -> None:
    """``path`` as gzip holding ``header`` (one comment line) then ``body``, with mtime 0 so
    that rebuilding from the same release gives the same file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        gz.write(f"# {header}\n".encode())
        gz.write(body)
