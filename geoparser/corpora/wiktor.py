"""WikToR as rebuilt from EUPEG: JSONL lines ``{"doc_index", "text", "toponyms": [{"start",
"end", "phrase", "lat", "lon", "page_title"}]}``. Only each article's own toponym is annotated;
the page title ("Santa Maria, California") becomes the toponym's ``name``."""

from __future__ import annotations

from pathlib import Path

from geoparser.corpora.base import Conversion
from geoparser.corpora.toponym_record import toponym
from geoparser.errors import InputError
from geoparser.io.json_lines import iter_json_lines


def convert(path: Path) -> Conversion:
    out = Conversion()
    for lineno, doc in iter_json_lines(path):
        def fail(what: str, lineno: int = lineno) -> InputError:
            return InputError(f"not a WikToR record: {what}", path, lineno)

        text, items = doc.get("text"), doc.get("toponyms", [])
        if not isinstance(text, str):
            raise fail(f"'text' must be a string, got {_kind(text)}")
        if not isinstance(items, list) or not all(isinstance(t, dict) for t in items):
            raise fail("'toponyms' must be a list of objects")
        index = doc.get("doc_index", lineno - 1)
        if not isinstance(index, int | str) or isinstance(index, bool):
            raise fail(f"'doc_index' must be a number or a string, got {_kind(index)}")
        doc_id = f"wiktor-{index}"
        toponyms = []
        for n, t in enumerate(items):
            where = f"toponym {n + 1}: "
            for key, kinds in _FIELDS.items():
                value = t.get(key)
                if value is not None and (not isinstance(value, kinds)
                                          or isinstance(value, bool)):
                    raise fail(f"{where}{key!r} must be {_NAMES[key]}, got {_kind(value)}")
            phrase = t.get("phrase") or ""
            start, end = out.repairs.locate(text, phrase, t.get("start"), t.get("end"),
                                            f"{doc_id} toponym {n + 1}")
            toponyms.append(toponym(text, phrase, start, end, lat=t.get("lat"),
                                    lon=t.get("lon"), name=t.get("page_title")))
        out.documents.append({"id": doc_id, "text": text, "toponyms": toponyms})
    return out


_FIELDS = {"phrase": str, "page_title": str, "start": int, "end": int,
           "lat": int | float, "lon": int | float}
_NAMES = {"phrase": "a string", "page_title": "a string", "start": "an integer",
          "end": "an integer", "lat": "a number", "lon": "a number"}


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__
