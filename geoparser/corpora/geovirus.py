"""GeoVirus (Gritta et al. 2018): ``<articles><article><source/><text/><locations><location>
<name/><start/><end/><lat/><lon/><page/>``. Its offsets are 1-based: ``text[start-1:end-1]``
is the name (true for all 2,170 locations), so 1 is subtracted."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from geoparser.corpora.base import Conversion
from geoparser.corpora.toponym_record import toponym
from geoparser.corpora.xml_text import child_text, integer, number, parse


def _page_title(url: str | None) -> str | None:
    if not url:
        return None
    return unquote(url.rstrip("/").rsplit("/", 1)[-1]).replace("_", " ") or None


def convert(path: Path) -> Conversion:
    out = Conversion()
    for k, article in enumerate(parse(path).iter("article")):
        text = article.findtext("text") or ""
        doc_id = f"geovirus-{k:04d}"
        toponyms = []
        for n, loc in enumerate(article.iter("location")):
            phrase = child_text(loc, "name") or ""
            start, end = integer(child_text(loc, "start")), integer(child_text(loc, "end"))
            start = start - 1 if start is not None else None
            end = end - 1 if end is not None else None
            start, end = out.repairs.locate(text, phrase, start, end, f"{doc_id} location {n + 1}")
            toponyms.append(toponym(text, phrase, start, end, lat=number(loc, "lat"),
                                    lon=number(loc, "lon"),
                                    name=_page_title(child_text(loc, "page"))))
        out.documents.append({"id": doc_id, "text": text, "toponyms": toponyms})
    return out
