"""GeoWebNews (Gritta et al. 2019) from its BRAT files: a folder of ``N.txt``/``N.ann``.

Toponym types (kept as the gold ``label``): literal — Literal, Literal_Modifier, Mixed,
Coercion, Embedded_Literal; associative — Metonymic, Non_Literal_Modifier, Embedded_Non_Lit,
Demonym, Language, Homonym. Non_Toponym, Literal_Expression and Non_Lit_Expression mark
non-toponyms and are left out (and counted). An ``AnnotatorNotes`` note holds a GeoNames id or
"lat, lon". The BRAT files carry no coordinates for GeoNames ids; when ``GWN.xml`` lies next to
the folder (as in the corpus release), its coordinates are joined by article and offsets.

Each BRAT text starts with a "TITLE: ... LINK: ..." line that the release's XML keeps apart from
the article's text and that its annotators left unannotated (5 of the 6,612 annotations lie in
it, 2 of them toponyms, in 2 of the 200 articles). A document's text is the article after that
line, exactly ``GWN.xml``'s text, so that no place named in a headline counts as a false
positive or teaches a model that a place is none; an annotation inside the line is left out
and counted.
"""

from __future__ import annotations

import re
from pathlib import Path

from geoparser.corpora.base import Conversion
from geoparser.corpora.brat import read_corpus_anns
from geoparser.corpora.toponym_record import toponym
from geoparser.corpora.xml_text import child_text, integer, number, parse
from geoparser.errors import InputError
from geoparser.io.bounded_read import read_whole_file

TOPONYM_TYPES = frozenset({
    "Literal", "Literal_Modifier", "Mixed", "Coercion", "Embedded_Literal",
    "Metonymic", "Non_Literal_Modifier", "Embedded_Non_Lit", "Demonym", "Language", "Homonym",
})
_LATLON = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$")


def _xml_points(path: Path) -> dict[tuple[str, int, int], tuple[float | None, float | None]]:
    """(article file, start, end) -> (lat, lon) from GWN.xml, offsets into the XML text."""
    out = {}
    for article in parse(path).iter("article"):
        for t in article.iter("toponym"):
            start, end = integer(child_text(t, "start")), integer(child_text(t, "end"))
            if start is not None and end is not None:
                out[article.get("file", ""), start, end] = (number(t, "latitude"),
                                                            number(t, "longitude"))
    return out


def _text(path: Path) -> str:
    """The article's text as a text-mode read gives it (line ends made ``\\n``)."""
    if not path.exists():
        raise InputError("no .txt beside this .ann file", path.with_suffix(".ann"))
    data = read_whole_file(path, "text file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason})", path,
                         data.count(b"\n", 0, exc.start) + 1) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def convert(path: Path) -> Conversion:
    """The gold documents of the BRAT folder ``path``, or of the one article a file names."""
    out = Conversion()
    read = read_corpus_anns(path, "gwn", order=lambda p: (len(p.stem), p.stem))
    xml = read[0][0].parent.parent / "GWN.xml"
    points = _xml_points(xml) if xml.exists() else {}
    skipped = no_point = in_header = 0
    for ann, bounds in read:
        whole = _text(ann.with_suffix(".txt"))
        header = len(whole.split("\n", 1)[0]) + 1 if whole.startswith("TITLE:") else 0
        text = whole[header:]
        doc_id = f"gwn-{ann.stem}"
        toponyms = []
        for tb in sorted(bounds, key=lambda t: (t.start, t.end, t.id)):
            if tb.type not in TOPONYM_TYPES:
                skipped += 1
                continue
            if tb.start < header:
                in_header += 1
                continue
            start, end = out.repairs.locate(text, tb.phrase, tb.start - header,
                                            tb.end - header, f"{doc_id} {tb.id}")
            lat = lon = geonameid = None
            for note in tb.notes:
                m = _LATLON.match(note)
                if m:
                    lat, lon = float(m.group(1)), float(m.group(2))
                elif integer(note) is not None:
                    geonameid = integer(note)
            if lat is None and start is not None and end is not None:
                lat, lon = points.get((ann.stem, start, end), (None, None))
            if lat is None:
                no_point += 1
            toponyms.append(toponym(text, tb.phrase, start, end, lat=lat, lon=lon,
                                    label=tb.type, geonameid=geonameid))
        out.documents.append({"id": doc_id, "text": text, "toponyms": toponyms})
    out.notes.append(f"{skipped} non-toponym annotations (Non_Toponym, Literal_Expression, "
                     "Non_Lit_Expression) left out")
    if in_header:
        out.notes.append(f"{in_header} toponyms in an article's TITLE/LINK line left out "
                         "(the line is not the article's text)")
    if no_point:
        where = ("in the BRAT notes or GWN.xml" if points
                 else "(GWN.xml not found beside the folder)")
        out.notes.append(f"{no_point} toponyms have no coordinates {where}")
    return out
