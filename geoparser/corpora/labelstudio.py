"""Label Studio both ways: its JSON export read as gold (``toposcope convert --from
labelstudio``), and parsed documents written as its import format with the geoparser's
toponyms as pre-annotations (``toposcope parse --out x.labelstudio.json``), so a user corrects
the geoparser's output in Label Studio and scores against the result.

A task is ``{"data": {"text": ..., "doc_id": ...}, "annotations" | "predictions": [{"result":
[...]}]}``; each toponym is a ``labels`` result on the ``text`` object (``from_name``
``label``), ``value: {"start", "end", "text", "labels": [LABEL]}``, and its place two
per-region ``textarea`` results with the region's ``id``: ``geonameid`` (the GeoNames id) and
``point`` ("lat, lon"), which the annotator may correct. Offsets are Unicode code points, as
Label Studio stores them (and Python counts); an export whose offsets count UTF-16 units (older
Label Studio, text with emoji) is read by those units where the span's own ``text`` says so.
Of a task's annotations that were not cancelled, its gold is the first marked ``ground_truth``,
else the first in the export; a task whose annotators disagree (on a span, a label, an id or a
point) is named in a warning saying which annotation was read. Tasks without an annotation are
skipped and counted. Offsets outside the task's text (by either count) are refused, as
doccano's are; offsets inside it that do not give the region's text are looked for nearby
(``repair``) and counted. The JSON-MIN export (``{"id", "text", "label": [...]}`` a task) is
read too, without the places (it flattens the per-region fields away from their regions).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from geoparser.corpora.base import Conversion, ReadOptions
from geoparser.corpora.entity_types import TypeMap, tool_labels
from geoparser.corpora.toponym_record import entity, toponym
from geoparser.errors import InputError
from geoparser.io.json_lines import whole_json
from geoparser.model import ParsedDocument

#: The names of the labelling config's tags (the config in docs/annotation.md).
LABELS_TAG, TEXT_TAG, ID_TAG, POINT_TAG = "label", "text", "geonameid", "point"
#: ``model_version`` of the pre-annotations.
MODEL_VERSION = "toposcope"
#: How many tasks whose annotators disagree the warning names (chosen by hand: one line).
NAMED_DISAGREEMENTS = 10


def _utf16_to_index(text: str, units: int) -> int | None:
    """The Python index of the character at UTF-16 offset ``units``, if one starts there."""
    count = 0
    for i, ch in enumerate(text):
        if count == units:
            return i
        count += 2 if ord(ch) > 0xFFFF else 1
    return len(text) if count == units else None


def _python_offsets(text: str, start: int, end: int, phrase: str | None
                    ) -> tuple[int, int] | None:
    """``start``-``end`` as Python indices: as given where they give the region's ``phrase``
    (or fit the text and UTF-16 units don't give it), by UTF-16 units where those give it or
    where only those fit the text; None when they lie outside the text by both counts."""
    a, b = _utf16_to_index(text, start), _utf16_to_index(text, end)
    by_units = (a, b) if a is not None and b is not None and a < b else None
    fits = 0 <= start < end <= len(text)
    if fits and (phrase is None or text[start:end] == phrase):
        return start, end
    if by_units is not None and (phrase is not None and text[a:b] == phrase or not fits):
        return by_units
    return (start, end) if fits else None


def _number(text: str) -> float | str:
    try:
        return float(text)
    except ValueError:
        return text


def _point(value: str | None) -> tuple[Any, Any]:
    """The annotator's "lat, lon" as two numbers where they are numbers, else as typed: a
    point out of range, not finite or not numbers is dropped and counted by ``checks.clean``
    as every converter's is, never dropped here in silence."""
    if not value:
        return None, None
    parts = [p.strip() for p in value.replace(";", ",").split(",")]
    if len(parts) != 2:
        return value, ""
    return _number(parts[0]), _number(parts[1])


def _geonameid(value: str | None) -> int | str | None:
    """The annotator's GeoNames id as a number, else as typed (``checks.clean`` drops and
    counts it)."""
    if not value:
        return None
    return int(value) if value.isascii() and value.isdigit() else value


def _textarea(item: dict[str, Any]) -> str | None:
    value = item.get("value")
    texts = value.get("text") if isinstance(value, dict) else None
    if isinstance(texts, list) and texts and isinstance(texts[0], str):
        return texts[0].strip()
    return texts.strip() if isinstance(texts, str) else None


def _from_json_min(row: dict[str, Any]) -> dict[str, Any]:
    """A task of Label Studio's JSON-MIN export (``{"id", "text", "label": [{"start", "end",
    "text", "labels"}]}``, annotated tasks only) in the full export's shape."""
    result = [{"id": f"m{n}", "type": "labels", "value": v}
              for n, v in enumerate(row[LABELS_TAG])]
    data = {k: v for k, v in row.items() if k not in (LABELS_TAG, "id", "annotator",
                                                        "annotation_id", "created_at",
                                                        "updated_at", "lead_time")}
    return {"id": row.get("id"), "data": data, "annotations": [{"result": result}]}


def _gold_annotation(done: list[dict[str, Any]]) -> dict[str, Any]:
    """The annotation that is a task's gold: the first marked ``ground_truth``, else the first
    in the export's list."""
    return next((a for a in done if a.get("ground_truth") is True), done[0])


def _says(annotation: dict[str, Any]) -> frozenset[str]:
    """What an annotation says, to compare annotators by: each region's span and labels, and
    the text of its per-region fields (GeoNames id, point)."""
    result = annotation.get("result")
    if not isinstance(result, list):
        return frozenset({repr(result)})
    regions: dict[str, str] = {}
    for r in result:
        value = r.get("value") if isinstance(r, dict) else None
        if isinstance(value, dict) and r.get("type") == "labels":
            regions[str(r.get("id"))] = repr((value.get("start"), value.get("end"),
                                              value.get("labels")))
    said = set(regions.values())
    for r in result:
        if isinstance(r, dict) and r.get("type") == "textarea":
            said.add(repr((regions.get(str(r.get("id"))), r.get("from_name"), _textarea(r))))
    return frozenset(said)


def _disagreement(n: int, doc_id: Any, done: list[dict[str, Any]], gold: dict[str, Any]
                  ) -> str | None:
    """Which task's annotators disagree and which annotation was read, or None when they
    all say the same."""
    if len({_says(a) for a in done}) < 2:
        return None
    which = gold.get("id", done.index(gold) + 1)
    marked = ", ground truth" if gold.get("ground_truth") is True else ""
    return f"task {n} {str(doc_id)!r} (annotation {which} of {len(done)}{marked})"


def _task_gold(path: Path, n: int, task: Any, out: Conversion, types: TypeMap,
               disagreements: list[str]) -> dict[str, Any] | None:
    """The gold document of task number ``n``, or None when it has no annotation; a task whose
    annotators disagree is added to ``disagreements``."""
    def fail(what: str) -> InputError:
        return InputError(f"task {n}: not a Label Studio task: {what}", path)

    if isinstance(task, dict) and "data" not in task and isinstance(task.get(LABELS_TAG), list):
        task = _from_json_min(task)
    if not isinstance(task, dict) or not isinstance(task.get("data"), dict):
        raise fail("it needs a 'data' object")
    data = task["data"]
    text = data.get(TEXT_TAG)
    if not isinstance(text, str):
        strings = [v for v in data.values() if isinstance(v, str)]
        if len(strings) != 1:
            raise fail("'data' needs a 'text' string")
        text = strings[0]
    annotations = task.get("annotations", task.get("completions", []))
    if not isinstance(annotations, list):
        raise fail("'annotations' must be a list")
    done = [a for a in annotations if isinstance(a, dict) and not a.get("was_cancelled")]
    if not done:
        return None
    gold = _gold_annotation(done)
    result = gold.get("result", [])
    if not isinstance(result, list) or not all(isinstance(r, dict) for r in result):
        raise fail("an annotation's 'result' must be a list of objects")
    doc_id = data.get("doc_id", task.get("id", n))
    if not isinstance(doc_id, str | int) or isinstance(doc_id, bool):
        raise fail("'doc_id' must be a string or a number")
    differ = _disagreement(n, doc_id, done, gold)
    if differ is not None:
        disagreements.append(differ)
    extras: dict[str, dict[str, str]] = {}
    for r in result:
        if r.get("type") == "textarea" and isinstance(r.get("id"), str):
            value = _textarea(r)
            if value:
                extras.setdefault(r["id"], {})[str(r.get("from_name"))] = value
    toponyms, entities = [], []
    for r in result:
        if r.get("type") != "labels":
            continue
        value = r.get("value")
        if not isinstance(value, dict):
            raise fail("a 'labels' result needs a 'value' object")
        start, end, labels = value.get("start"), value.get("end"), value.get("labels")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (start, end)):
            raise fail("a 'labels' result needs integer 'start' and 'end'")
        phrase = value.get("text") if isinstance(value.get("text"), str) else None
        offsets = _python_offsets(text, start, end, phrase)
        if offsets is None:
            raise fail(f"offsets {start}-{end} outside the task's text of {len(text)} "
                       "characters")
        start, end = offsets
        where = f"{doc_id} {phrase or text[start:end]!r}"
        start, end = out.repairs.locate(text, phrase or text[start:end], start, end, where)
        extra = extras.get(str(r.get("id")), {})
        lat, lon = _point(extra.get(POINT_TAG))
        label = labels[0] if isinstance(labels, list) and labels and isinstance(
            labels[0], str) else None
        target = types.target(label) if label is not None else "toponym"
        if target != "toponym":
            if target != "ignore" and start is not None and end is not None:
                entities.append(entity(text, start, end, target, label=label))
            elif target != "ignore":
                out.warnings.append(f"task {n}: {label} {phrase!r} is not in the text; skipped")
            continue
        toponyms.append(toponym(text, phrase or "", start, end, label=label, lat=lat, lon=lon,
                                geonameid=_geonameid(extra.get(ID_TAG))))
    doc = {"id": str(doc_id), "text": text,
           "toponyms": sorted(toponyms, key=lambda t: (t.get("start", -1), t.get("end", -1)))}
    if entities:
        doc["entities"] = sorted(entities, key=lambda t: (t["start"], t["end"]))
    return doc


def convert(path: Path, options: ReadOptions | None = None) -> Conversion:
    """The gold documents of a Label Studio JSON export (a list of tasks): regions whose label
    names a person, an organisation or another thing (``entity_types.tool_labels``,
    ``--types``) as entities, the rest toponyms."""
    types = tool_labels((options or ReadOptions()).types)
    tasks = whole_json(path)
    if isinstance(tasks, dict):
        tasks = [tasks]
    if not isinstance(tasks, list):
        raise InputError("not a Label Studio export: a JSON list of tasks", path)
    out = Conversion()
    skipped = 0
    disagreements: list[str] = []
    for n, task in enumerate(tasks, 1):
        doc = _task_gold(path, n, task, out, types, disagreements)
        if doc is None:
            skipped += 1
        else:
            out.documents.append(doc)
    if skipped:
        out.notes.append(f"{skipped} tasks had no annotation (only predictions, or cancelled) "
                         "and were skipped")
    if disagreements:
        named = ", ".join(disagreements[:NAMED_DISAGREEMENTS])
        more = len(disagreements) - NAMED_DISAGREEMENTS
        named += f" and {more} more" if more > 0 else ""
        out.warnings.append(
            f"annotators disagree on {len(disagreements)} tasks, each read from its annotation "
            f"marked ground_truth, else its first: {named}")
    return out


def _results(doc: ParsedDocument) -> Iterable[dict[str, Any]]:
    by_span = {(r.mention.start, r.mention.end): r for r in doc.resolutions}
    for n, m in enumerate(doc.mentions):
        region = f"t{n + 1}"
        span = {"start": m.start, "end": m.end, "text": m.text}
        item: dict[str, Any] = {"id": region, "from_name": LABELS_TAG, "to_name": TEXT_TAG,
                                "type": "labels", "origin": "prediction",
                                "value": {**span, "labels": [m.label]}}
        r = by_span.get((m.start, m.end))
        c = r.candidate if r is not None else None
        if r is not None and r.confidence is not None:
            item["score"] = r.confidence
        yield item
        if c is None:
            continue
        if c.geonameid is not None:
            yield {"id": region, "from_name": ID_TAG, "to_name": TEXT_TAG, "type": "textarea",
                   "origin": "prediction", "value": {**span, "text": [str(c.geonameid)]}}
        yield {"id": region, "from_name": POINT_TAG, "to_name": TEXT_TAG, "type": "textarea",
               "origin": "prediction", "value": {**span, "text": [f"{c.lat}, {c.lon}"]}}


def task(doc: ParsedDocument) -> dict[str, Any]:
    """One Label Studio task: the document's text and id, its toponyms as a prediction."""
    return {"data": {TEXT_TAG: doc.document.text, "doc_id": doc.document.id},
            "predictions": [{"model_version": MODEL_VERSION, "result": list(_results(doc))}]}


def task_lines(docs: Sequence[ParsedDocument]) -> str:
    """The tasks of ``docs``, one JSON object a line (the items of the export's list)."""
    return "".join(json.dumps(task(d), ensure_ascii=False) + "\n" for d in docs)
