"""The body of ``toposcope convert``: a corpus or an annotation tool's export in, gold JSONL or
a spaCy DocBin out, repairs counted on stderr."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import TextIO

from geoparser.corpora import convert
from geoparser.corpora.base import TAKES_OPTIONS, ReadOptions
from geoparser.errors import UsageError
from geoparser.io.atomic import is_stream, write_bytes_atomic, write_text_atomic
from geoparser.io.output_path import check_output

log = logging.getLogger(__name__)


#: What ``--to`` writes.
TARGETS = ("jsonl", "docbin")


def run_convert(fmt: str, path: Path, out: TextIO | None = None, err: TextIO | None = None,
                to: str = "jsonl", out_path: Path | None = None, lang: str = "en",
                options: ReadOptions | None = None) -> int:
    """Write the converted documents as JSONL to ``out_path`` or ``out`` (standard output), or
    with ``to="docbin"`` as a spaCy DocBin to ``out_path``; return how many."""
    if to not in TARGETS:
        raise UsageError(f"--to: unknown format {to!r} (known: {', '.join(TARGETS)})")
    if to == "docbin" and (out_path is None or is_stream(out_path)):
        raise UsageError("--to docbin writes a binary file: give --out FILE.spacy")
    if out_path is not None:
        check_output(out_path, [path])
    out = out or sys.stdout  # looked up at call time: test runners swap sys.stdout
    err = err or sys.stderr
    result = convert(fmt, path, options)
    if to == "docbin":
        from geoparser.corpora.docbin import to_docbin

        data, no_offsets = to_docbin(result.documents, lang)
        write_bytes_atomic(out_path, data)  # type: ignore[arg-type]
        if no_offsets:
            result.notes.append(f"{no_offsets} toponyms without offsets have no span in the "
                                "DocBin and were left out")
    else:
        lines = "".join(json.dumps(doc, ensure_ascii=False) + "\n" for doc in result.documents)
        if out_path is None or is_stream(out_path):
            out.write(lines)
        else:
            write_text_atomic(out_path, lines)
    r = result.repairs
    n_toponyms = sum(len(d["toponyms"]) for d in result.documents)
    n_entities = sum(len(d.get("entities", ())) for d in result.documents)
    others = f", {n_entities} other entities" if n_entities or fmt in TAKES_OPTIONS else ""
    err.write(f"toposcope: converted {len(result.documents)} documents, {n_toponyms} toponyms"
              f"{others} from {fmt} {path}\n")
    if r.total:
        err.write(f"toposcope: warning: {r.total} annotations had offsets that did not match "
                  f"their text: {r.repaired} repaired by finding the phrase nearby, "
                  f"{r.unplaced} kept without offsets (-v lists them)\n")
        for line in r.details:
            log.info("%s", line)
    d = result.dropped
    if d.points:
        err.write(f"toposcope: warning: {d.points} toponyms had coordinates that are not a "
                  "valid point (out of range, not finite, not numbers, or half a pair): "
                  "their points were dropped, the toponyms kept (-v lists them)\n")
    if d.geonameids:
        err.write(f"toposcope: warning: {d.geonameids} toponyms had a GeoNames id that is not "
                  "a whole positive number: their ids were dropped, the toponyms kept (-v lists "
                  "them)\n")
    if d.empty_texts:
        err.write(f"toposcope: warning: {d.empty_texts} documents with an empty text were "
                  "skipped\n")
    if d.renamed_ids:
        err.write(f"toposcope: warning: {d.renamed_ids} documents repeated an earlier id and "
                  "were renamed with a ~N suffix\n")
    for line in d.details:
        log.info("%s", line)
    for warning in result.warnings:
        err.write(f"toposcope: warning: {warning}\n")
    for note in result.notes:
        err.write(f"toposcope: note: {note}\n")
    return len(result.documents)
