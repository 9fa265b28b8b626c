"""JSON Lines read strictly, with errors that name the file and line: each line one object,
UTF-8 (a byte-order mark allowed on the first), no NaN, no duplicate keys, nesting bounded; and
the checks of a line's fields (``LineChecker``) that the gold and prediction readers share."""

from __future__ import annotations

import gc
import itertools
import json
import math
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from geoparser.distance import check_point
from geoparser.errors import InputError
from geoparser.io.bounded_read import (
    MAX_WHOLE_JSON_BYTES,
    bounded_lines,
    check_json_values,
    open_regular,
    read_whole_file,
)
from geoparser.model import (
    CandidatePoint,
)

BOM = b"\xef\xbb\xbf"
#: JSON nested deeper than this is refused (Python's parser would overflow its stack first).
MAX_JSON_DEPTH = 100



def iter_json_lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) for every non-blank line; malformed lines raise ``InputError``.
    A UTF-8 byte-order mark before the first line and CRLF line ends are accepted; a line
    is read with a bound (``bounded_read.MAX_LINE_BYTES``), so a pipe that never ends a line
    is refused, not read into memory."""
    for lineno, raw in file_lines(path):
        yield lineno, slow_object(path, lineno, raw)


def file_lines(path: Path) -> Iterator[tuple[int, bytes]]:
    """(line number, raw bytes) for every non-blank line of the file, read a line at a time
    with the bound every JSON Lines reader has (``bounded_read.MAX_LINE_BYTES``); a leading
    byte-order mark dropped. A device (a link to ``/dev/zero``) or a socket is refused
    before it is read; a named pipe is read once, as it comes."""
    try:
        with open_regular(path, "JSON Lines file", pipes=True) as fh:
            for lineno, raw in bounded_lines(fh, path):
                if lineno == 1 and raw.startswith(BOM):
                    raw = raw[len(BOM):]
                if raw.strip():
                    yield lineno, raw
    except OSError as exc:
        raise unreadable_error(path, exc) from None


def unreadable_error(path: Path, exc: OSError) -> InputError:
    if isinstance(exc, FileNotFoundError):
        return InputError("file not found", path)
    if isinstance(exc, IsADirectoryError):
        return InputError("is a directory, expected a JSONL file", path)
    return InputError(f"cannot read the file ({exc.strerror or exc})", path)


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector while building many acyclic records.

    Each of its passes walks every tracked object; over 100,000 documents that costs a third
    of the reading time and finds nothing to collect. On the way out the survivors are frozen
    (``gc.freeze``) so that later passes skip them too; reference counting still frees them.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


def numbered_lines(data: bytes) -> list[tuple[int, bytes]]:
    """(line number, raw bytes) for every non-blank line (a leading byte-order mark dropped)."""
    if data.startswith(BOM):
        data = data[len(BOM):]
    return [(n, raw) for n, raw in enumerate(data.split(b"\n"), start=1) if raw.strip()]


def document_line(path: Path, index: int) -> int | None:
    """The line of a JSONL file holding its ``index``-th document (0-based: blank lines do not
    count), for errors found after reading; None if the file has changed or cannot be read."""
    if index < 0:
        return None
    try:
        for k, (lineno, _) in enumerate(file_lines(path)):
            if k == index:
                return lineno
    except InputError:
        return None
    return None


def slow_object(path: Path, lineno: int, raw: bytes) -> dict[str, Any]:
    """The line as a JSON object, or the precise ``InputError`` for it."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason})", path, lineno) from None
    return json_object(line, path, lineno)


def json_object(line: str, path: Path, lineno: int) -> dict[str, Any]:
    """One JSON Lines line as an object, or the ``InputError`` naming its file and line:
    malformed, nested deeper than ``MAX_JSON_DEPTH``, or holding a lone surrogate (``\\ud800``
    escapes to no character, and no file could be written with it)."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InputError(f"malformed JSON ({exc.msg})", path, lineno) from None
    except RecursionError:
        raise InputError(f"JSON nested more than {MAX_JSON_DEPTH} levels deep", path,
                         lineno) from None
    # Only a line with an escape or many brackets can hold a surrogate or nest too deep.
    if "\\u" in line or line.count("[") + line.count("{") > MAX_JSON_DEPTH:
        problem = _problem(obj)
        if problem:
            raise InputError(problem, path, lineno)
    if not isinstance(obj, dict):
        raise InputError("expected a JSON object", path, lineno)
    return obj


def _problem(obj: object) -> str | None:
    """What makes a parsed line unacceptable, walking it without recursion; None if nothing."""
    # one iterator a level (not one entry a value): a list of 50 million values costs
    # nothing more to walk
    stack: list[Iterator[object]] = [iter((obj,))]
    while stack:
        value = next(stack[-1], _END)
        if value is _END:
            stack.pop()
        elif isinstance(value, str):
            if not _encodable(value):
                return "a string holds a lone surrogate (such as \\ud800), which is not text"
        elif isinstance(value, dict | list):
            if len(stack) > MAX_JSON_DEPTH:
                return f"JSON nested more than {MAX_JSON_DEPTH} levels deep"
            stack.append(iter(value) if isinstance(value, list) else
                         itertools.chain(value.keys(), value.values()))
    return None


_END = object()


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class LineChecker:
    """Field access for one JSON object, raising ``InputError`` at its file and line."""

    def __init__(self, path: Path, lineno: int, where: str = "") -> None:
        self.path, self.lineno, self.where = path, lineno, where

    def fail(self, message: str) -> InputError:
        return InputError(f"{self.where}{message}", self.path, self.lineno)

    def string(self, obj: dict, key: str, required: bool = True) -> str | None:
        value = obj.get(key)
        if value is None:
            if required:
                raise self.fail(f"missing field {key!r}")
            return None
        if isinstance(value, int) and not isinstance(value, bool) and key == "id":
            return str(value)
        if not isinstance(value, str):
            raise self.fail(f"field {key!r} must be a string, got {type(value).__name__}")
        return value

    def integer(self, obj: dict, key: str) -> int | None:
        value = obj.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"field {key!r} must be an integer, got {value!r}")
        return value

    def number(self, obj: dict, key: str) -> float | None:
        value = obj.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(f"field {key!r} must be a number, got {value!r}")
        if not math.isfinite(value):
            raise self.fail(f"field {key!r} must be a finite number, got {value!r}")
        return float(value)

    def probability(self, obj: dict, key: str) -> float | None:
        value = self.number(obj, key)
        if value is not None and not 0.0 <= value <= 1.0:
            raise self.fail(f"field {key!r} must be a probability from 0 to 1, got {value!r}")
        return value

    def point(self, obj: dict) -> tuple[float | None, float | None]:
        lat, lon = self.number(obj, "lat"), self.number(obj, "lon")
        if (lat is None) != (lon is None):
            raise self.fail("give both 'lat' and 'lon' or neither")
        if lat is not None:
            try:
                check_point(lat, lon)  # type: ignore[arg-type]
            except ValueError as exc:
                raise self.fail(str(exc)) from None
        return lat, lon

    def span(self, obj: dict, text: str, name: str | None) -> tuple[int | None, int | None]:
        start, end = self.integer(obj, "start"), self.integer(obj, "end")
        if (start is None) != (end is None):
            raise self.fail("give both 'start' and 'end' or neither")
        if start is None or end is None:
            return None, None
        if start == end:
            raise self.fail(f"offsets {start}-{end} give an empty span (end must follow start)")
        if not 0 <= start < end <= len(text):
            raise self.fail(f"offsets {start}-{end} are outside the text (length {len(text)})")
        if name is not None and text[start:end] != name:
            raise self.fail(
                f"offsets {start}-{end} give {text[start:end]!r}, not the toponym {name!r}"
            )
        return start, end

    def candidates(self, obj: dict) -> tuple[CandidatePoint, ...]:
        value = obj.get("candidates", [])
        if not isinstance(value, list) or not all(isinstance(c, dict) for c in value):
            raise self.fail("field 'candidates' must be a list of objects")
        out = []
        for k, c in enumerate(value):
            cline = LineChecker(self.path, self.lineno, f"{self.where}candidate {k + 1}: ")
            lat, lon = cline.point(c)
            out.append(CandidatePoint(cline.integer(c, "geonameid"), lat, lon,
                                      cline.integer(c, "population"),
                                      cline.string(c, "name", required=False)))
        return tuple(out)

    def toponym_list(self, obj: dict) -> list[dict]:
        value = obj.get("toponyms", [])
        if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
            raise self.fail("field 'toponyms' must be a list of objects")
        return value


def whole_json(path: Path) -> Any:
    """A whole JSON file (an annotation tool's export), read as strictly as a JSON Lines line:
    UTF-8 with or without a byte-order mark, not nested deeper than ``MAX_JSON_DEPTH``, no lone
    surrogate, read with a bound (``bounded_read.read_whole_file``: a pipe is taken, a device
    or an endless pipe refused) of ``MAX_WHOLE_JSON_BYTES`` and ``MAX_JSON_VALUES`` (counted
    before it is parsed); otherwise the ``InputError`` naming the file (and line, where JSON
    says)."""
    data = read_whole_file(path, "JSON file", MAX_WHOLE_JSON_BYTES, pipes=True)
    if data.startswith(BOM):
        data = data[len(BOM):]
    check_json_values(data, path, "JSON file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason})", path) from None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"malformed JSON ({exc.msg})", path, exc.lineno) from None
    except RecursionError:
        raise InputError(f"JSON nested more than {MAX_JSON_DEPTH} levels deep", path) from None
    problem = _problem(value)
    if problem:
        raise InputError(problem, path)
    return value
