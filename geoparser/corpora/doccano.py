"""Doccano's sequence-labelling export read as gold (``toposcope convert --from doccano``).

JSON Lines, one document a line: ``{"id", "text", "label": [[start, end, "LABEL"], ...]}``
(doccano 1.x; ``"labels"`` in older exports) or ``{"id", "text", "entities": [{"start_offset",
"end_offset", "label"}, ...]}`` (the export with relations); a record with both is read when
they hold the same spans and refused when they differ. Offsets are Python string indices, as
doccano counts them; offsets outside the text are refused, by the rule Label Studio's are read
by (docs/annotation.md). Doccano stores no span text, so a span inside the text is taken as it
stands. Doccano keeps no coordinates, so the gold has spans and labels only (enough for the
recognition schemes); a document without ``id`` is numbered by its line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from geoparser.corpora.base import Conversion, ReadOptions
from geoparser.corpora.entity_types import tool_labels
from geoparser.corpora.toponym_record import entity, toponym
from geoparser.errors import InputError
from geoparser.io.json_lines import iter_json_lines

#: The fields a doccano record keeps its spans in, by shape (``entities``: the export with
#: relations; ``label``: doccano 1.x; ``labels``: older exports).
SPAN_FIELDS = ("entities", "label", "labels")


def _field_spans(obj: dict[str, Any], key: str, fail: Any) -> list[tuple[Any, Any, Any]]:
    items = obj[key]
    if key == "entities":
        if not isinstance(items, list) or not all(isinstance(e, dict) for e in items):
            raise fail("'entities' must be a list of objects")
        return [(e.get("start_offset"), e.get("end_offset"), e.get("label")) for e in items]
    if not isinstance(items, list):
        raise fail(f"{key!r} must be a list of [start, end, label]")
    out = []
    for item in items:
        if not isinstance(item, list) or len(item) != 3:
            raise fail(f"each label must be [start, end, label], got {item!r:.60}")
        out.append(tuple(item))
    return out


def _spans(obj: dict[str, Any], fail: Any) -> list[tuple[Any, Any, Any]]:
    """The record's spans from whichever field holds them; a record with two of those fields
    is read when they hold the same spans and refused when they differ, never settled by
    taking one in silence."""
    given = {key: _field_spans(obj, key, fail) for key in SPAN_FIELDS if key in obj}
    if not given:
        return []
    (first, spans), *others = given.items()
    for key, other in others:
        if sorted(map(repr, other)) != sorted(map(repr, spans)):
            raise fail(f"both {first!r} ({len(spans)} spans) and {key!r} ({len(other)} spans) "
                       "are given and they differ: export one of them")
    return spans


def convert(path: Path, options: ReadOptions | None = None) -> Conversion:
    """The gold documents of a doccano export: labels that name people, organisations or
    other things (``entity_types.tool_labels``, ``--types``) as entities, the rest
    toponyms."""
    types = tool_labels((options or ReadOptions()).types)
    out = Conversion()
    for lineno, obj in iter_json_lines(path):
        def fail(what: str, lineno: int = lineno) -> InputError:
            return InputError(f"not a doccano record: {what}", path, lineno)

        text = obj.get("text", obj.get("data"))
        if not isinstance(text, str):
            raise fail("'text' must be a string")
        doc_id = obj.get("id", lineno)
        if not isinstance(doc_id, str | int) or isinstance(doc_id, bool):
            raise fail("'id' must be a string or a number")
        toponyms, entities = [], []
        for start, end, label in _spans(obj, fail):
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in (start, end)):
                raise fail(f"offsets must be integers, got {start!r}, {end!r}")
            if not 0 <= start < end <= len(text):
                raise fail(f"offsets {start}-{end} outside the text of {len(text)} characters")
            if not isinstance(label, str):
                raise fail(f"a label must be a string, got {label!r:.40}")
            target = types.target(label)
            if target == "toponym":
                toponyms.append(toponym(text, text[start:end], start, end, label=label))
            elif target != "ignore":
                entities.append(entity(text, start, end, target, label=label))
        record = {"id": str(doc_id), "text": text,
                  "toponyms": sorted(toponyms, key=lambda t: (t["start"], t["end"]))}
        if entities:
            record["entities"] = sorted(entities, key=lambda t: (t["start"], t["end"]))
        out.documents.append(record)
    return out
