"""Reading gold and prediction documents (JSON Lines) with errors that name the file and line.

Gold line:  {"id": "c01", "text": "...", "toponyms": [{"start": 26, "end": 32, "text": "Whitby",
             "lat": 54.486, "lon": -0.615, "tolerance_km": 10}]}
Prediction: {"id": "c01", "toponyms": [{"start": 26, "end": 32, "text": "Whitby", "label": "GPE",
             "lat": 54.48, "lon": -0.61, "geonameid": 2634032}]}

Offsets are character offsets (Python ``str`` indices), end exclusive. A gold set may be a
directory holding ``captions.jsonl`` and an optional ``dataset.json`` with the set's
``default_tolerance_km``. Gold toponyms may carry ``name`` (the referent's canonical name);
predictions may carry ``n_candidates`` and ``candidates`` (objects with ``geonameid``, ``lat``,
``lon``, ``population``, ``name``), which the ``errors`` scheme uses, and ``confidence`` (the
system's probability, 0 to 1, that its point is within 161 km of the right one), which the
``distance`` scheme weighs.

A file is first decoded by ``msgspec`` in chunks into private records and checked column by
column (``documents_bulk``); if anything there fails, the file is read again line by line by
the field-by-field reader (``_Line``), which either accepts it (e.g. an integer id) or raises
the one-line error naming the file and line. So errors are as precise as ever while clean
files read several times faster. ``load_gold``/``load_predictions`` return those records and
their columns (what ``toposcope score`` scores from); ``read_gold``/``read_predictions`` the
model's dataclasses.
"""

from __future__ import annotations

import gc
import json
import math
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any, TypeVar

from geoparser.distance import check_point
from geoparser.errors import InputError
from geoparser.io.bulk import Source, read_gold_lines, read_prediction_lines
from geoparser.io.records import GoldRecords, PredictionRecords
from geoparser.model import (
    CandidatePoint,
    Document,
    GoldToponym,
    PredictedDocument,
    Prediction,
    group_of,
)

T = TypeVar("T")

GOLD_FILENAME = "captions.jsonl"
DATASET_FILENAME = "dataset.json"
DEFAULT_TOLERANCE_KM = 10.0


BOM = b"\xef\xbb\xbf"
#: JSON nested deeper than this is refused (Python's parser would overflow its stack first).
MAX_JSON_DEPTH = 100


#: The field that says which group (a paper, an archive) a document belongs to.
SOURCE_FIELD = "source"

def iter_json_lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) for every non-blank line; malformed lines raise ``InputError``.
    A UTF-8 byte-order mark before the first line and CRLF line ends are accepted."""
    try:
        with path.open("rb") as fh:
            for lineno, raw in enumerate(fh, start=1):
                if lineno == 1 and raw.startswith(BOM):
                    raw = raw[len(BOM):]
                if not raw.strip():
                    continue
                yield lineno, _slow_object(path, lineno, raw)
    except OSError as exc:
        raise _unreadable(path, exc) from None


def _unreadable(path: Path, exc: OSError) -> InputError:
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


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise _unreadable(path, exc) from None


def _numbered_lines(data: bytes) -> list[tuple[int, bytes]]:
    """(line number, raw bytes) for every non-blank line (a leading byte-order mark dropped)."""
    if data.startswith(BOM):
        data = data[len(BOM):]
    return [(n, raw) for n, raw in enumerate(data.split(b"\n"), start=1) if raw.strip()]


def document_line(path: Path, index: int) -> int | None:
    """The line of a JSONL file holding its ``index``-th document (0-based: blank lines do not
    count), for errors found after reading; None if the file has changed or cannot be read."""
    try:
        lines = _numbered_lines(path.read_bytes())
    except OSError:
        return None
    return lines[index][0] if 0 <= index < len(lines) else None


def _slow_object(path: Path, lineno: int, raw: bytes) -> dict[str, Any]:
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
    stack: list[tuple[object, int]] = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if not _encodable(value):
                return "a string holds a lone surrogate (such as \\ud800), which is not text"
        elif isinstance(value, dict | list):
            if depth > MAX_JSON_DEPTH:
                return f"JSON nested more than {MAX_JSON_DEPTH} levels deep"
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            stack.extend((v, depth + 1) for v in items)
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class _Line:
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
            cline = _Line(self.path, self.lineno, f"{self.where}candidate {k + 1}: ")
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


def _gold_source(path: Path, default_tolerance_km: float | None) -> tuple[Path, float]:
    """The JSONL file behind ``path`` (a file or a dataset directory) and the tolerance that
    applies to toponyms without their own."""
    path = Path(path)
    dataset_default = None
    if path.is_dir():
        dataset_default = _dataset_default_tolerance(path / DATASET_FILENAME)
        path = path / GOLD_FILENAME
    check_readable_file(path)
    return path, default_tolerance(default_tolerance_km, dataset_default)


def check_readable_file(path: Path, read_once: bool = False) -> None:
    """Refuse what cannot be read twice as a gold or predictions file: a device or socket
    (``/dev/zero`` never ends, a terminal waits for typing) and a named pipe (``<(cmd)``).
    These readers check a file in one pass and build its documents in another, and name an
    error's line by reading it again; a pipe's second reading would find nothing
    (``read_once``: a reader that reads its file once takes pipes). A missing file is left
    to the reader, which says so with the rest of its errors."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) or stat.S_ISSOCK(mode):
        raise InputError("is a device or socket, not a file of documents", path)
    if stat.S_ISFIFO(mode) and not read_once:
        raise InputError("is a pipe, and gold and predictions files are read more than once: "
                         "save it to a file first (parse reads pipes)", path)


def default_tolerance(given: float | None, dataset_default: float | None = None) -> float:
    """The tolerance for gold toponyms without their own: ``given``, else the dataset's, else
    ``DEFAULT_TOLERANCE_KM``; it must be a positive, finite number of km."""
    default = next(v for v in (given, dataset_default, DEFAULT_TOLERANCE_KM) if v is not None)
    if not (math.isfinite(default) and default > 0):
        raise InputError(f"tolerance must be a positive number of km, got {default}")
    return float(default)


def read_gold(path: Path, default_tolerance_km: float | None = None) -> list[Document]:
    """Gold documents from a JSONL file or a dataset directory, all at once (fast path).

    A toponym's own ``tolerance_km`` wins; otherwise ``default_tolerance_km`` if given, else the
    dataset's ``default_tolerance_km``, else ``DEFAULT_TOLERANCE_KM``.
    """
    with paused_gc():
        return load_gold(path, default_tolerance_km).documents()


def load_gold(path: Path, default_tolerance_km: float | None = None) -> GoldRecords:
    """``read_gold``'s documents as records and columns, the model's dataclasses not built."""
    path, default = _gold_source(path, default_tolerance_km)
    with paused_gc():
        records = _bulk(read_gold_lines, path, default)
        if records is not None:
            return records
        data = _read_bytes(path)
        return GoldRecords.of_documents(_read_gold_by_line(path, _numbered_lines(data), default))


def _bulk(read: Callable[..., T | None], path: Path, *args: Any) -> T | None:
    """The bulk reader's records, or ``None`` when it refuses the file or cannot open it (the
    line-by-line reader then says precisely what is wrong)."""
    try:
        return read(Source(path), *args)
    except OSError:
        return None


def iter_documents(
    path: Path, default_tolerance_km: float | None = None, unique_ids: bool = False,
    group_field: str | None = SOURCE_FIELD,
) -> Iterator[Document]:
    """Documents one at a time, validated as they are read: memory stays bounded whatever
    the corpus size (unless ``unique_ids``, which remembers every id to reject duplicates).
    ``group_field`` names the field read as each document's ``source`` (its group: the
    paper; ``None``: none)."""
    path, default = _gold_source(path, default_tolerance_km)
    docs = ((lineno, _slow_gold(path, lineno, obj, default, group_field))
            for lineno, obj in iter_json_lines(path))
    for _, doc in _unique_ids(docs, path) if unique_ids else docs:
        yield doc


def _unique_ids(
    docs: Iterable[tuple[int, T]], path: Path
) -> Iterator[tuple[int, T]]:
    """Pass (line, document) pairs through, rejecting a document id seen before."""
    seen: dict[str, int] = {}
    for lineno, doc in docs:
        doc_id = doc.id  # type: ignore[attr-defined]
        if doc_id in seen:
            raise InputError(f"duplicate id {doc_id!r} (first on line {seen[doc_id]})",
                             path, lineno)
        seen[doc_id] = lineno
        yield lineno, doc


def gold_from_objects(objects: Iterable[dict[str, Any]], source: Path,
                      default_tolerance_km: float | None = None) -> list[Document]:
    """Gold documents from gold JSONL objects held in memory (a corpus converter's output),
    checked exactly as if they were the lines of ``source``."""
    default = DEFAULT_TOLERANCE_KM if default_tolerance_km is None else default_tolerance_km
    docs = ((lineno, _slow_gold(source, lineno, obj, default))
            for lineno, obj in enumerate(objects, 1))
    return [doc for _, doc in _unique_ids(docs, source)]


def _read_gold_by_line(path: Path, lines: list[tuple[int, bytes]], default: float
                       ) -> list[Document]:
    docs = ((lineno, _slow_gold(path, lineno, _slow_object(path, lineno, raw), default))
            for lineno, raw in lines)
    return [doc for _, doc in _unique_ids(docs, path)]


def _slow_gold(path: Path, lineno: int, obj: dict, default: float,
               group_field: str | None = SOURCE_FIELD) -> Document:
    line = _Line(path, lineno)
    doc_id = line.string(obj, "id")
    assert doc_id is not None
    if not doc_id:
        raise line.fail("empty 'id'")
    text = line.string(obj, "text")
    assert text is not None
    if not text.strip():
        raise line.fail(f"document {doc_id!r} has an empty text")
    toponyms = []
    spans: dict[tuple[int, int], int] = {}
    for i, t in enumerate(line.toponym_list(obj)):
        tline = _Line(path, lineno, f"toponym {i + 1} of {doc_id!r}: ")
        name = tline.string(t, "text")
        start, end = tline.span(t, text, name)
        if start is not None and end is not None:
            first = spans.setdefault((start, end), i + 1)
            if first != i + 1:
                raise tline.fail(f"offsets {start}-{end} are those of toponym {first}: a span "
                                 "is one gold toponym")
        lat, lon = tline.point(t)
        tol = tline.number(t, "tolerance_km")
        if tol is not None and tol <= 0:
            raise tline.fail(f"'tolerance_km' must be positive, got {tol}")
        toponyms.append(
            GoldToponym(
                start=start, end=end, text=name or "", lat=lat, lon=lon,
                tolerance_km=tol if tol is not None else default,
                label=tline.string(t, "label", required=False),
                geonameid=tline.integer(t, "geonameid"),
                name=tline.string(t, "name", required=False),
            )
        )
    source = group_of(obj.get(group_field)) if group_field else None
    return Document(doc_id, text, tuple(toponyms), source)


def _dataset_default_tolerance(path: Path) -> float | None:
    if not path.exists():
        return None
    try:
        meta = json.loads(path.read_text(encoding="utf-8-sig"))
    except OSError as exc:
        raise _unreadable(path, exc) from None
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason})", path) from None
    except json.JSONDecodeError as exc:
        raise InputError(f"malformed JSON ({exc.msg})", path, exc.lineno) from None
    except RecursionError:
        raise InputError(f"JSON nested more than {MAX_JSON_DEPTH} levels deep", path) from None
    value = meta.get("default_tolerance_km") if isinstance(meta, dict) else None
    if value is None:
        return None
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or not math.isfinite(value) or value <= 0):
        raise InputError(f"'default_tolerance_km' must be a positive number, got {value!r}", path)
    return float(value)


def read_predictions(path: Path, gold: Sequence[Document]) -> dict[str, PredictedDocument]:
    """Predictions keyed by document id, checked against the gold texts.

    A gold document absent from the file has no predictions; an id the gold does not have is an
    error (it is almost always a mismatch between files).
    """
    with paused_gc():
        return load_predictions(path, [d.id for d in gold], [d.text for d in gold]).predictions()


def load_predictions(path: Path, gold_ids: Sequence[str], gold_texts: Sequence[str]
                     ) -> PredictionRecords:
    """``read_predictions``'s documents as records and columns, given the gold documents' ids
    and texts."""
    path = Path(path)
    check_readable_file(path)
    with paused_gc():
        out = _bulk(read_prediction_lines, path, gold_ids, gold_texts)
        if out is not None:
            return out
        data = _read_bytes(path)
        texts = dict(zip(gold_ids, gold_texts, strict=True))
        docs = _read_predictions_by_line(path, _numbered_lines(data), texts)
        return PredictionRecords.of_documents(docs, gold_ids)


def _read_predictions_by_line(path: Path, lines: list[tuple[int, bytes]], texts: dict[str, str]
                              ) -> dict[str, PredictedDocument]:
    docs = ((lineno, _slow_predictions(path, lineno, _slow_object(path, lineno, raw), texts))
            for lineno, raw in lines)
    return {doc.id: doc for _, doc in _unique_ids(docs, path)}


def _slow_predictions(path: Path, lineno: int, obj: dict, texts: dict[str, str]
                      ) -> PredictedDocument:
    line = _Line(path, lineno)
    doc_id = line.string(obj, "id")
    assert doc_id is not None
    if doc_id not in texts:
        raise line.fail(f"document id {doc_id!r} is not in the gold file")
    text = texts[doc_id]
    preds = []
    for i, t in enumerate(line.toponym_list(obj)):
        tline = _Line(path, lineno, f"toponym {i + 1} of {doc_id!r}: ")
        name = tline.string(t, "text", required=False) or None
        start, end = tline.span(t, text, name)
        if name is None:
            if start is None:
                empty = " ('text' is empty)" if t.get("text") == "" else ""
                raise tline.fail(f"give 'text' or 'start'/'end'{empty}")
            name = text[start:end]
        lat, lon = tline.point(t)
        preds.append(
            Prediction(
                text=name, start=start, end=end,
                label=tline.string(t, "label", required=False), lat=lat, lon=lon,
                geonameid=tline.integer(t, "geonameid"),
                n_candidates=tline.integer(t, "n_candidates"),
                candidates=tline.candidates(t),
                name=tline.string(t, "name", required=False),
                confidence=tline.probability(t, "confidence"),
            )
        )
    return PredictedDocument(doc_id, tuple(preds))


def checked_documents(
    gold: Sequence[Document], predictions: Mapping[str, PredictedDocument],
    default_tolerance_km: float | None = None,
) -> tuple[list[Document], dict[str, PredictedDocument]]:
    """Documents held in memory, checked and completed by the very rules that read files: the
    same errors (an unknown prediction id, offsets that do not spell the name, a repeated gold
    span, …; located as "gold documents:N" / "predictions:N", the N-th document) and the same
    defaults (a gold toponym without ``tolerance_km`` gets ``default_tolerance_km``, else
    ``DEFAULT_TOLERANCE_KM``). What ``evaluation.score`` runs before scoring."""
    default = default_tolerance(default_tolerance_km)
    gold_path, pred_path = Path("gold documents"), Path("predictions")
    with paused_gc():
        docs = ((k, _slow_gold(gold_path, k, gold_to_json(d), default))
                for k, d in enumerate(gold, 1))
        checked = [doc for _, doc in _unique_ids(docs, gold_path)]
        texts = {d.id: d.text for d in checked}
        preds = {}
        for k, (key, doc) in enumerate(predictions.items(), 1):
            if key != doc.id:
                raise InputError(f"key {key!r} holds the predictions of {doc.id!r}", pred_path, k)
            preds[key] = _slow_predictions(pred_path, k, prediction_to_json(doc), texts)
    return checked, preds


def gold_to_json(doc: Document) -> dict[str, Any]:
    """A gold document as one JSONL object (``None`` fields left out)."""
    fields = ("start", "end", "text", "lat", "lon", "tolerance_km", "label", "geonameid", "name")
    toponyms = [{k: v for k in fields if (v := getattr(t, k)) is not None} for t in doc.toponyms]
    out: dict[str, Any] = {"id": doc.id, "text": doc.text}
    if doc.source is not None:
        out[SOURCE_FIELD] = doc.source
    return {**out, "toponyms": toponyms}


def prediction_to_json(doc: PredictedDocument) -> dict[str, Any]:
    """A predicted document as one JSONL object (``None`` fields left out)."""
    toponyms = []
    for p in doc.toponyms:
        item = {
            "start": p.start, "end": p.end, "text": p.text, "label": p.label,
            "lat": p.lat, "lon": p.lon, "geonameid": p.geonameid, "n_candidates": p.n_candidates,
            "name": p.name, "confidence": p.confidence,
        }
        if p.candidates:
            item["candidates"] = [
                {k: v for k, v in asdict(c).items() if v is not None}
                for c in p.candidates
            ]
        toponyms.append({k: v for k, v in item.items() if v is not None})
    return {"id": doc.id, "toponyms": toponyms}
