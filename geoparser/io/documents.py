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
column (``geoparser.io.bulk``); if anything there fails, the file is read again line by line by
the field-by-field reader (``LineChecker``), which either accepts it (e.g. an integer id) or
raises the one-line error naming the file and line. The line reader is the one definition of
the format; the bulk reader only accepts faster what it would accept, which a property test
checks. So errors are as precise as ever while clean files read several times faster.
``load_gold``/``load_predictions`` return those records and their columns (what ``toposcope
score`` scores from); ``read_gold``/``read_predictions`` the model's dataclasses.
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any, TypeVar

from geoparser.errors import InputError
from geoparser.io.bulk import Source, read_gold_lines, read_prediction_lines
from geoparser.io.json_lines import (
    MAX_JSON_DEPTH,
    LineChecker,
    file_lines,
    iter_json_lines,
    paused_gc,
    slow_object,
)
from geoparser.io.records import GoldRecords, PredictionRecords
from geoparser.model import (
    ENTITY_KINDS,
    Document,
    GoldEntity,
    GoldToponym,
    PredictedDocument,
    Prediction,
    group_of,
)

T = TypeVar("T")

GOLD_FILENAME = "captions.jsonl"
DATASET_FILENAME = "dataset.json"
DEFAULT_TOLERANCE_KM = 10.0


#: The field that says which group (a paper, an archive) a document belongs to.
SOURCE_FIELD = "source"

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
                         "save it to a file first (parse and map read pipes)", path)


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
        return GoldRecords.of_documents(_read_gold_by_line(path, file_lines(path), default))


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


def _read_gold_by_line(path: Path, lines: Iterable[tuple[int, bytes]], default: float
                       ) -> list[Document]:
    docs = ((lineno, _slow_gold(path, lineno, slow_object(path, lineno, raw), default))
            for lineno, raw in lines)
    return [doc for _, doc in _unique_ids(docs, path)]


def _slow_gold(path: Path, lineno: int, obj: dict, default: float,
               group_field: str | None = SOURCE_FIELD) -> Document:
    line = LineChecker(path, lineno)
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
        tline = LineChecker(path, lineno, f"toponym {i + 1} of {doc_id!r}: ")
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
    return Document(doc_id, text, tuple(toponyms), source, _gold_entities(line, obj, text))


def _gold_entities(line: LineChecker, obj: dict, text: str) -> tuple[GoldEntity, ...]:
    """A gold document's other named entities (``entities``: each with offsets, text, kind and
    optional ``link`` and ``label``), checked like its toponyms."""
    value = obj.get("entities", [])
    if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
        raise line.fail("field 'entities' must be a list of objects")
    out = []
    for i, e in enumerate(value):
        eline = LineChecker(line.path, line.lineno, f"{line.where}entity {i + 1}: ")
        name = eline.string(e, "text")
        start, end = eline.span(e, text, name)
        if start is None or end is None:
            raise eline.fail("an entity needs 'start' and 'end'")
        kind = eline.string(e, "kind")
        if kind not in ENTITY_KINDS:
            raise eline.fail(f"'kind' must be one of {', '.join(ENTITY_KINDS)}, got {kind!r}")
        out.append(GoldEntity(start, end, name or "", kind,  # type: ignore[arg-type]
                              eline.string(e, "link", required=False),
                              eline.string(e, "label", required=False)))
    return tuple(out)


def _dataset_default_tolerance(path: Path) -> float | None:
    """A dataset's ``default_tolerance_km``: its ``dataset.json`` must be a regular file of
    at most ``MAX_SETTINGS_BYTES`` (a named pipe would block every reader, a link to
    ``/dev/zero`` fill the memory)."""
    from geoparser.io.bounded_read import read_small_file

    if not path.exists() and not path.is_symlink():
        return None
    try:
        meta = json.loads(read_small_file(path, "dataset settings file").decode("utf-8-sig"))
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
        texts = dict(zip(gold_ids, gold_texts, strict=True))
        docs = _read_predictions_by_line(path, file_lines(path), texts)
        return PredictionRecords.of_documents(docs, gold_ids)


def _read_predictions_by_line(path: Path, lines: Iterable[tuple[int, bytes]],
                              texts: dict[str, str]
                              ) -> dict[str, PredictedDocument]:
    docs = ((lineno, _slow_predictions(path, lineno, slow_object(path, lineno, raw), texts))
            for lineno, raw in lines)
    return {doc.id: doc for _, doc in _unique_ids(docs, path)}


def _slow_predictions(path: Path, lineno: int, obj: dict, texts: dict[str, str]
                      ) -> PredictedDocument:
    line = LineChecker(path, lineno)
    doc_id = line.string(obj, "id")
    assert doc_id is not None
    if doc_id not in texts:
        raise line.fail(f"document id {doc_id!r} is not in the gold file")
    text = texts[doc_id]
    preds = []
    for i, t in enumerate(line.toponym_list(obj)):
        tline = LineChecker(path, lineno, f"toponym {i + 1} of {doc_id!r}: ")
        if t.get("rejected") is True:  # kept by --keep-rejected for analysis, not predicted
            continue
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
                marker_confidence=tline.probability(t, "marker_confidence"),
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
    out["toponyms"] = toponyms
    if doc.entities:
        out["entities"] = [{k: v for k in ENTITY_FIELDS if (v := getattr(e, k)) is not None}
                           for e in doc.entities]
    return out


#: A gold entity's fields in the order JSONL writes them.
ENTITY_FIELDS = ("start", "end", "text", "kind", "link", "label")


def prediction_to_json(doc: PredictedDocument) -> dict[str, Any]:
    """A predicted document as one JSONL object (``None`` fields left out)."""
    toponyms = []
    for p in doc.toponyms:
        item = {
            "start": p.start, "end": p.end, "text": p.text, "label": p.label,
            "lat": p.lat, "lon": p.lon, "geonameid": p.geonameid, "n_candidates": p.n_candidates,
            "name": p.name, "confidence": p.confidence,
            "marker_confidence": p.marker_confidence,
        }
        if p.candidates:
            item["candidates"] = [
                {k: v for k, v in asdict(c).items() if v is not None}
                for c in p.candidates
            ]
        toponyms.append({k: v for k, v in item.items() if v is not None})
    return {"id": doc.id, "toponyms": toponyms}
