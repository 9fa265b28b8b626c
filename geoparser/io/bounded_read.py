"""Reads bounded while reading, never after: an endless input costs at most the bound.

A line, a stream or a small side file that exceeds its bound is refused as soon as the bound
is passed, so ``cat /dev/zero |``, ``<(yes)`` or a link to ``/dev/zero`` ends in one
``InputError`` instead of a MemoryError.

``open_regular`` opens a file that must be a regular file without blocking on a named pipe
(``O_NONBLOCK``), then refuses anything else; ``read_small_file`` reads such a file up to a
bound; ``read_whole_file`` reads a file that is parsed whole (a GeoJSON result, a corpus file) up to
``MAX_WHOLE_FILE_BYTES``, refusing a larger regular file before reading a byte;
``bounded_lines`` yields a file's lines, each at most ``MAX_LINE_BYTES``;
``read_at_most`` reads a stream whole, unless it holds more than a bound.
"""

from __future__ import annotations

import os
import re
import select
import stat
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, AnyStr, BinaryIO

from geoparser.errors import InputError
from geoparser.io.source_base import MAX_TEXT_CHARS

#: The longest line (JSONL) or physical CSV line read, in bytes (characters for CSV). A
#: document's text is at most ``MAX_TEXT_CHARS`` characters, and JSON spends at most 12 bytes
#: on one (an escaped surrogate pair, ``\\ud83c\\udf0a``): 16 bytes a character leaves room
#: for the id and any other field, so no line within it holds a document beyond the bound.
MAX_LINE_BYTES = 16 * MAX_TEXT_CHARS
#: The most bytes a plain-text document can take: four per character, and a byte-order mark.
MAX_TEXT_BYTES = 4 * MAX_TEXT_CHARS + 3
#: The largest settings file read (a dataset's ``dataset.json`` holds a few fields).
MAX_SETTINGS_BYTES = 1 << 20
#: The largest file parsed whole (a GeoJSON FeatureCollection, a corpus's XML or DocBin): it
#: is held in memory at once, and its parsed form takes several times as much.
MAX_WHOLE_FILE_BYTES = 1 << 30
#: The largest JSON file parsed whole (a Label Studio export, ``map``'s GeoJSON result): its
#: parsed form takes several times its size, so the bound is lower than for other files.
MAX_WHOLE_JSON_BYTES = 256 << 20
#: The most values (numbers, strings, lists, objects) a JSON file parsed whole may hold: each
#: becomes a Python object of 30 to 200 bytes, so memory stays within a few GB even when the
#: file is all tiny values (``[0,0,0,...]``: two bytes a value).
MAX_JSON_VALUES = 10_000_000
#: The most tags (``<``) an XML file parsed whole may hold: each element costs a few hundred
#: bytes once parsed (``<a/>`` is four bytes of the file).
MAX_XML_TAGS = 20_000_000
#: The most bytes a compressed file read whole (a DocBin) may unpack to.
MAX_UNPACKED_BYTES = MAX_WHOLE_FILE_BYTES
#: Bytes read at a time from a stream.
PIECE_BYTES = 1 << 16
#: A JSON string, escapes and all (left out when counting values: commas in a text are not).
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')


def open_regular(path: Path, what: str = "file", pipes: bool = False) -> BinaryIO:
    """``path`` opened for reading in binary, or an ``InputError`` if it is not a regular
    file: a named pipe (opened without waiting for a writer), a device such as ``/dev/zero``
    (also through a link) or a socket is refused before a byte is read. With ``pipes`` a
    named pipe is taken, and read once its writer has opened it."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except IsADirectoryError:
        raise InputError(f"is a folder, not a {what}", path) from None
    except FileNotFoundError:
        raise InputError("file not found", path) from None
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror or exc})", path) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode) and not (pipes and stat.S_ISFIFO(mode)):
            kind = ("a folder" if stat.S_ISDIR(mode) else
                    "a named pipe" if stat.S_ISFIFO(mode) else "a device or other special file")
            raise InputError(f"is {kind}, not a regular {what}", path)
        if stat.S_ISREG(mode):
            os.set_blocking(fd, True)
            return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    # A pipe: wait on this very descriptor until its writer has written or gone. Closing it
    # and opening the pipe again would lose what a writer wrote in between, then wait for ever
    # for a writer that has left.
    try:
        waiting = select.poll()
        waiting.register(fd, select.POLLIN)
        waiting.poll()
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_small_file(path: Path, what: str, limit: int = MAX_SETTINGS_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (a settings file), else an
    ``InputError`` naming it."""
    with open_regular(path, what) as fh:
        try:
            data = read_at_most(fh, limit)
        except OSError as exc:
            raise InputError(f"cannot read the file ({exc.strerror or exc})", path) from None
    if data is None:
        raise InputError(f"is larger than the {limit:,} bytes a {what} may have", path)
    return data


def read_whole_file(path: Path, what: str, limit: int = MAX_WHOLE_FILE_BYTES,
                    pipes: bool = False) -> bytes:
    """The bytes of a regular file (or, with ``pipes``, a named pipe) of at most ``limit``
    bytes, read with that bound; a device, a folder or a larger file is an ``InputError``
    naming it -- a regular file by its size, before anything is read."""
    with open_regular(path, what, pipes) as fh:
        size = os.fstat(fh.fileno()).st_size
        if stat.S_ISREG(os.fstat(fh.fileno()).st_mode) and size > limit:
            raise InputError(f"is {size:,} bytes, more than the {limit:,} a {what} may have",
                             path)
        try:
            data = read_at_most(fh, limit)
        except OSError as exc:
            raise InputError(f"cannot read the file ({exc.strerror or exc})", path) from None
    if data is None:
        raise InputError(f"holds more than the {limit:,} bytes a {what} may have (is it "
                         "endless?)", path)
    return data


def read_at_most(stream: IO[bytes], limit: int) -> bytes | None:
    """All of ``stream`` if it holds at most ``limit`` bytes, else None -- having read no more
    than ``limit`` + 1 bytes, whatever the stream holds."""
    pieces, size = [], 0
    while size <= limit:
        piece = stream.read(min(PIECE_BYTES, limit + 1 - size))
        if not piece:
            return b"".join(pieces)
        pieces.append(piece)
        size += len(piece)
    return None


def bounded_lines(fh: IO[AnyStr], path: Path | str, limit: int = MAX_LINE_BYTES
                  ) -> Iterator[tuple[int, AnyStr]]:
    """(line number, line) for every line of ``fh``, each read with a bound: a line longer
    than ``limit`` (bytes, or characters for a text stream) is an ``InputError`` at its line,
    raised once ``limit`` + 1 have been read."""
    for lineno in range(1, 1 << 62):
        line = fh.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and line[-1:] not in ("\n", "\r", b"\n", b"\r"):
            unit = "bytes" if isinstance(line, bytes) else "characters"
            raise InputError(
                f"a line longer than {limit:,} {unit}: it cannot hold a document of at most "
                f"{MAX_TEXT_CHARS:,} characters (is the input endless, or not text?)",
                Path(path), lineno)
        yield lineno, line


def _separators(data: bytes) -> int:
    return data.count(b",") + data.count(b"[") + data.count(b":") + 1


def check_json_values(data: bytes, path: Path | str, what: str,
                      limit: int = MAX_JSON_VALUES) -> None:
    """An ``InputError`` naming ``path`` if the JSON text ``data`` holds more than ``limit``
    values, counted before it is parsed (each value follows a ``,``, ``[`` or ``:`` outside a
    string): memory for its parsed form stays bounded, not only its bytes."""
    if _separators(data) <= limit:  # commas inside strings count too: an upper bound
        return
    if _separators(_JSON_STRING.sub(b"", data)) > limit:
        raise InputError(f"holds more than the {limit:,} JSON values a {what} may have "
                         "(parsed whole, each takes memory of its own)", Path(path))


def check_xml_tags(data: bytes, path: Path | str, what: str, limit: int = MAX_XML_TAGS) -> None:
    """An ``InputError`` naming ``path`` if the XML ``data`` holds more than ``limit`` tags
    (``<`` cannot appear unescaped in XML text), counted before it is parsed."""
    if data.count(b"<") > limit:
        raise InputError(f"holds more than the {limit:,} tags a {what} may have (parsed whole, "
                         "each element takes memory of its own)", Path(path))


def check_unpacked_size(data: bytes, path: Path | str, what: str,
                        limit: int = MAX_UNPACKED_BYTES) -> None:
    """An ``InputError`` naming ``path`` if the zlib stream ``data`` unpacks to more than
    ``limit`` bytes, found by unpacking it a piece at a time and keeping nothing (a file of a
    few MB may unpack to many GB). Data that is not zlib is left to its reader."""
    unpack = zlib.decompressobj()
    size = 0
    rest = data
    try:
        while rest and not unpack.eof:
            size += len(unpack.decompress(rest, PIECE_BYTES * 16))
            if size > limit:
                raise InputError(f"unpacks to more than the {limit:,} bytes a {what} may have",
                                 Path(path))
            rest = unpack.unconsumed_tail
    except zlib.error:
        return
