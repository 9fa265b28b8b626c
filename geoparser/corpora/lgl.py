"""The LGL XML format (Lieberman et al. 2010; also TR-News): ``<articles><article docid=..>
<text/><toponyms><toponym><start/><end/><phrase/><gaztag geonameid=..><name/><fcode/><lat/>
<lon/></gaztag></toponym>``. Offsets are 0-based, end exclusive. A toponym without a
``gaztag`` is a gold span without coordinates. An article's ``domain`` (the paper it appeared
in, where the corpus gives it) becomes the document's ``source``, the key resolution groups a
paper's articles by (``resolution.home``)."""

from __future__ import annotations

from pathlib import Path

from geoparser.corpora.base import Conversion
from geoparser.corpora.toponym_record import toponym
from geoparser.corpora.xml_text import child_text, integer, number, parse


def convert(path: Path) -> Conversion:
    out = Conversion()
    for k, article in enumerate(parse(path).iter("article")):
        text = article.findtext("text") or ""
        doc_id = article.get("docid") or f"lgl-{k:04d}"
        toponyms = []
        for n, top in enumerate(article.iter("toponym")):
            phrase = child_text(top, "phrase") or ""
            start, end = out.repairs.locate(text, phrase, integer(child_text(top, "start")),
                                            integer(child_text(top, "end")),
                                            f"{doc_id} toponym {n + 1}")
            gaz = top.find("gaztag")
            extra = {}
            if gaz is not None:
                extra = {"lat": number(gaz, "lat"), "lon": number(gaz, "lon"),
                         "geonameid": integer(gaz.get("geonameid")),
                         "name": child_text(gaz, "name")}
            toponyms.append(toponym(text, phrase, start, end, **extra))
        domain = (article.findtext("domain") or article.get("domain") or "").strip()
        out.documents.append({"id": doc_id, "text": text, **({"source": domain} if domain else {}),
                              "toponyms": toponyms})
    return out
