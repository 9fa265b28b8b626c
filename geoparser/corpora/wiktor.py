"""WikToR as rebuilt from EUPEG: JSONL lines ``{"doc_index", "text", "toponyms": [{"start",
"end", "phrase", "lat", "lon", "page_title"}]}``. Only each article's own toponym is annotated;
the page title ("Santa Maria, California") becomes the toponym's ``name``."""

from __future__ import annotations

from pathlib import Path

from geoparser.corpora.base import Conversion
from geoparser.corpora.toponym_record import toponym
from geoparser.errors import InputError
from geoparser.io.documents import iter_json_lines


def convert(path: Path) -> Conversion:
    out = Conversion()
    for lineno, doc in iter_json_lines(path):
        try:
            text = doc["text"]
            doc_id = f"wiktor-{doc.get('doc_index', lineno - 1)}"
            items = doc.get("toponyms", [])
        except (KeyError, TypeError) as exc:
            raise InputError(f"not a WikToR record ({exc})", path, lineno) from None
        toponyms = []
        for n, t in enumerate(items):
            phrase = t.get("phrase") or ""
            start, end = out.repairs.locate(text, phrase, t.get("start"), t.get("end"),
                                            f"{doc_id} toponym {n + 1}")
            toponyms.append(toponym(text, phrase, start, end, lat=t.get("lat"),
                                    lon=t.get("lon"), name=t.get("page_title")))
        out.documents.append({"id": doc_id, "text": text, "toponyms": toponyms})
    return out
