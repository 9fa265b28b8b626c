"""SemEval-2019 Task 12 (toponym resolution in scientific papers): BRAT ``.ann``/``.txt`` pairs.

``Location`` annotations are the toponyms; an ``AnnotatorNotes`` note holds
``<latlng>lat, lon</latlng><geoID>id</geoID>`` (test files have none: spans only). Offsets count
raw characters of the file, including ``\\r\\n`` and a leading byte-order mark, so the text is
kept exactly as stored. One file encodes characters outside the Basic Multilingual Plane as
UTF-16 surrogate pairs (CESU-8) and counts them as two; those are joined into one character
and the offsets after them shifted accordingly.
"""

from __future__ import annotations

import bisect
import re
from pathlib import Path

from geoparser.corpora.base import Conversion
from geoparser.corpora.brat import read_corpus_anns
from geoparser.corpora.toponym_record import toponym
from geoparser.errors import InputError
from geoparser.io.bounded_read import read_whole_file

_LATLNG = re.compile(r"<latlng>\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)\s*</latlng>")
_GEOID = re.compile(r"<geoID>\s*(\d+)\s*</geoID>")
_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")


def read_text(path: Path) -> tuple[str, list[int]]:
    """The text, and the positions (in stored units) of surrogate pairs that were joined."""
    raw = read_whole_file(path, "text file").decode("utf-8", errors="surrogatepass")
    joined = [m.start() for m in _PAIR.finditer(raw)]
    if joined:
        raw = _PAIR.sub(lambda m: m.group().encode("utf-16", "surrogatepass").decode("utf-16"),
                        raw)
    raw = re.sub("[\ud800-\udfff]", "\ufffd", raw)
    return raw, joined


def _shift(offset: int, joined: list[int]) -> int:
    return offset - bisect.bisect_left(joined, offset)


def convert(path: Path) -> Conversion:
    """The gold documents of a folder of ``.ann``/``.txt`` pairs, or of the one pair a file
    names."""
    out = Conversion()
    for ann, bounds in read_corpus_anns(path, "semeval2019"):
        txt = ann.with_suffix(".txt")
        if not txt.exists():
            raise InputError("no .txt beside this .ann file", ann)
        text, joined = read_text(txt)
        toponyms = []
        for tb in sorted(bounds, key=lambda t: (t.start, t.end, t.id)):
            if tb.type != "Location":
                continue
            start, end = out.repairs.locate(text, tb.phrase, _shift(tb.start, joined),
                                            _shift(tb.end, joined), f"{ann.stem} {tb.id}")
            lat = lon = geonameid = None
            for note in tb.notes:
                m = _LATLNG.search(note)
                if m:
                    lat, lon = float(m.group(1)), float(m.group(2))
                g = _GEOID.search(note)
                if g:
                    geonameid = int(g.group(1))
            toponyms.append(toponym(text, tb.phrase, start, end, lat=lat, lon=lon,
                                    geonameid=geonameid))
        if text.strip():
            out.documents.append({"id": ann.stem, "text": text, "toponyms": toponyms})
    return out
