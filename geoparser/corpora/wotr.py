"""The War of the Rebellion toponym corpus (DeLozier et al. 2016) read as gold (``toposcope
convert --from wotr``), in both of its forms:

- TR-CoNLL "classic" XML (``train-xml/*.xml``): ``<doc id><s><w tok="..."/>...<toponym
  term="..."><candidates><cand lat long selected="yes"/></candidates></toponym>...``. The text
  is the tokens and toponym terms joined by single spaces (a term's own line breaks become
  spaces); a toponym's point is its selected candidate's. No other entities are annotated.
- JSON (``wotr-topo-test.json``): a list of ``{"vol", "docid", "text", "named_entities":
  [{"char_start", "char_end", "entity_string", "entity_type": "place" | "person" | "org",
  "geo": GeoJSON}]}``. Places are toponyms, their point the GeoJSON's: a Point's coordinates,
  a polygon's centroid (by shapely, the ``geo`` extra). Where ``geo`` holds several geometries
  joined by ``@@`` (a state's outline and points along it), the first is the place's. People
  and organisations are kept as gold entities. Document ids are ``vol-docid``.

A folder is read whole: every ``.xml`` and ``.json`` file under it, in name order. A span whose
offsets do not give its text is looked for nearby (toponyms, ``repair``) or skipped with a
warning (entities).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from geoparser.corpora.base import Conversion, ReadOptions
from geoparser.corpora.conll import corpus_files
from geoparser.corpora.entity_types import TypeMap
from geoparser.corpora.toponym_record import entity, toponym
from geoparser.corpora.xml_text import parse
from geoparser.errors import InputError
from geoparser.io.json_lines import whole_json


class _Geometry:
    """A place's point from WoTR's GeoJSON, counting what could not be read."""

    def __init__(self) -> None:
        self.unreadable = 0
        self.no_shapely = 0

    def point(self, geo: Any) -> tuple[float | None, float | None]:
        if not isinstance(geo, str) or not geo.strip():
            return None, None
        try:
            value = json.loads(geo.split("@@")[0])
            kind, coords = value["type"], value["coordinates"]
        except (ValueError, KeyError, TypeError):
            self.unreadable += 1
            return None, None
        if kind == "Point" and isinstance(coords, list) and len(coords) >= 2:
            return coords[1], coords[0]
        try:
            from shapely.geometry import shape
        except ImportError:
            self.no_shapely += 1
            return None, None
        try:
            centre = shape(value).centroid
        except Exception:  # shapely raises its own for a malformed geometry
            self.unreadable += 1
            return None, None
        if centre.is_empty:
            self.unreadable += 1
            return None, None
        return centre.y, centre.x


def _xml_docs(path: Path, out: Conversion) -> None:
    root = parse(path)
    docs = [root] if root.tag == "doc" else list(root.iter("doc"))
    for k, doc in enumerate(docs, 1):
        doc_id = doc.get("id") or f"{path.stem}-{k}"
        parts: list[str] = []
        length = 0
        toponyms = []
        for node in doc.iter():
            if node.tag == "w":
                word = " ".join((node.get("tok") or "").split())
            elif node.tag == "toponym":
                word = " ".join((node.get("term") or "").split())
                if not word:
                    out.warnings.append(f"{path.name}: document {doc_id}: a toponym with an "
                                        "empty term was skipped")
                    continue
            else:
                continue
            if not word:
                continue
            start = length + (1 if parts else 0)
            parts.append(word)
            length = start + len(word)
            if node.tag == "toponym":
                chosen = [c for c in node.iter("cand") if c.get("selected") == "yes"]
                lat, lon = (_float(chosen[0].get("lat")), _float(chosen[0].get("long"))
                            ) if chosen else (None, None)
                toponyms.append((start, length, lat, lon))
        text = " ".join(parts)
        out.documents.append({"id": doc_id, "text": text, "toponyms": [
            toponym(text, "", s, e, lat=lat, lon=lon) for s, e, lat, lon in toponyms]})


def _float(value: str | None) -> float | str | None:
    try:
        return float(value) if value is not None else None
    except ValueError:
        return value  # kept, so the conversion's checks count it as a dropped point


def _json_docs(path: Path, types: TypeMap, geometry: _Geometry, out: Conversion) -> None:
    data = whole_json(path)
    if not isinstance(data, list):
        raise InputError("not WoTR JSON: a list of documents", path)
    for n, doc in enumerate(data, 1):
        if not isinstance(doc, dict) or not isinstance(doc.get("text"), str):
            raise InputError(f"document {n}: not a WoTR document (an object with 'text')",
                             path)
        text = doc["text"]
        doc_id = "-".join(str(doc[k]) for k in ("vol", "docid") if doc.get(k) is not None)
        doc_id = doc_id or f"{path.stem}-{n}"
        items = doc.get("named_entities", [])
        if not isinstance(items, list) or not all(isinstance(e, dict) for e in items):
            raise InputError(f"document {doc_id}: 'named_entities' must be a list of objects",
                             path)
        toponyms, entities = [], []
        for e in items:
            start, end = e.get("char_start"), e.get("char_end")
            phrase = e.get("entity_string") if isinstance(e.get("entity_string"), str) else ""
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in (start, end)):
                start = end = None
            target = types.target(str(e.get("entity_type")))
            if target == "toponym":
                start, end = out.repairs.locate(text, phrase, start, end,
                                                f"{doc_id} {phrase!r}")
                lat, lon = geometry.point(e.get("geo"))
                toponyms.append(toponym(text, phrase, start, end, lat=lat, lon=lon,
                                        label=str(e.get("entity_type"))))
            elif target != "ignore":
                if start is None or end is None or not 0 <= start < end <= len(text) or (
                        phrase and text[start:end] != phrase):
                    out.warnings.append(f"{path.name}: document {doc_id}: {target} "
                                        f"{phrase!r} at {start}-{end} does not match the "
                                        "text; skipped")
                    continue
                entities.append(entity(text, start, end, target,
                                       label=str(e.get("entity_type"))))
        record: dict[str, Any] = {"id": doc_id, "text": text, "toponyms": toponyms}
        if entities:
            record["entities"] = sorted(entities, key=lambda x: (x["start"], x["end"]))
        out.documents.append(record)


def convert(path: Path, options: ReadOptions | None = None) -> Conversion:
    """The gold documents of a WoTR XML or JSON file, or of every such file in a folder."""
    options = options or ReadOptions()
    types = TypeMap(options.types)  # type: ignore[arg-type]
    geometry = _Geometry()
    out = Conversion()
    for file, _ in corpus_files(path, (".xml", ".json")):
        if file.suffix.lower() == ".json":
            _json_docs(file, types, geometry, out)
        else:
            _xml_docs(file, out)
    if geometry.unreadable:
        out.warnings.append(f"{geometry.unreadable} places had GeoJSON that could not be "
                            "read; kept without a point")
    if geometry.no_shapely:
        out.warnings.append(f"{geometry.no_shapely} places given as polygons were kept "
                            "without a point: their centroid needs shapely (pip install "
                            "'toposcope[geo]')")
    out.warnings += types.notes()
    return out
