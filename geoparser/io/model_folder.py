"""Model folders are read as every other input is: regular files only, each of a bounded size.

spaCy, ONNX Runtime and our own checks read a model folder's files whole (``ner/model``,
``vocab/strings.json``, ``checksums.json``, ``model.onnx``): a file there that is a link to
``/dev/zero`` would grow until memory runs out, and a named pipe would wait for ever. So before
any of them is opened, ``check_model_folder`` walks the folder and refuses, in one line naming
the entry, anything that is not a folder or a regular file (a device, a named pipe, a socket,
a dangling link) and any file larger than ``MAX_MODEL_FILE_BYTES``; the small JSON files we
parse ourselves are read with ``read_model_json`` (``bounded_read.read_small_file``, at most
``MAX_MODEL_JSON_BYTES``).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from geoparser.errors import ModelNotFoundError
from geoparser.io.bounded_read import MAX_WHOLE_FILE_BYTES, read_small_file

#: The largest file a model folder may hold: spaCy and ONNX Runtime read each whole (the
#: largest in common use, ``en_core_web_lg``'s vectors, is about 600 MB).
MAX_MODEL_FILE_BYTES = MAX_WHOLE_FILE_BYTES
#: The largest settings file of a model folder that Toposcope parses itself (``meta.json``,
#: ``checksums.json``: kilobytes).
MAX_MODEL_JSON_BYTES = 16 << 20
#: The most entries walked in a model folder (a pipeline has tens): a link loop or a link to
#: ``/`` ends here.
MAX_MODEL_ENTRIES = 10_000


def _kind(mode: int) -> str:
    return ("a named pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "a device or other special file")


def check_model_folder(path: Path, what: str) -> None:
    """A ``ModelNotFoundError`` naming the first entry of the folder at ``path`` that is not
    a folder or a regular file of at most ``MAX_MODEL_FILE_BYTES`` (links followed, nothing
    opened); ``what`` names the model in the message."""
    seen = 0
    for root, dirs, files in os.walk(path, followlinks=True):
        for name in [*dirs, *files]:
            seen += 1
            entry = Path(root) / name
            if seen > MAX_MODEL_ENTRIES:
                raise ModelNotFoundError(f"{what} at {path} holds more than "
                                         f"{MAX_MODEL_ENTRIES:,} files and folders (a link "
                                         f"loop?), at {entry}")
            try:
                info = entry.stat()
            except OSError as exc:
                raise ModelNotFoundError(f"{what} at {path}: {entry} cannot be read "
                                         f"({exc.strerror or exc})") from None
            if stat.S_ISDIR(info.st_mode):
                continue
            if not stat.S_ISREG(info.st_mode):
                raise ModelNotFoundError(f"{what} at {path}: {entry} is {_kind(info.st_mode)}, "
                                         "not a regular file of the model")
            if info.st_size > MAX_MODEL_FILE_BYTES:
                raise ModelNotFoundError(
                    f"{what} at {path}: {entry} is {info.st_size:,} bytes, more than the "
                    f"{MAX_MODEL_FILE_BYTES:,} a file of a model may have")


def read_model_json(file: Path, what: str) -> Any:
    """The JSON value of a model folder's settings file, read as a regular file of at most
    ``MAX_MODEL_JSON_BYTES``; an ``InputError`` naming it if it is not one, ``ValueError`` or
    ``UnicodeDecodeError`` if it is not JSON."""
    return json.loads(read_small_file(file, what, MAX_MODEL_JSON_BYTES).decode("utf-8"))
