"""The body of ``toposcope convert``: a corpus in, gold JSONL out, repairs counted on stderr."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import TextIO

from geoparser.corpora import convert

log = logging.getLogger(__name__)


def run_convert(fmt: str, path: Path, out: TextIO | None = None, err: TextIO | None = None
                ) -> int:
    """Write the converted documents as JSONL to ``out`` (standard output); return how many."""
    out = out or sys.stdout  # looked up at call time: test runners swap sys.stdout
    err = err or sys.stderr
    result = convert(fmt, path)
    for doc in result.documents:
        out.write(json.dumps(doc, ensure_ascii=False) + "\n")
    r = result.repairs
    n_toponyms = sum(len(d["toponyms"]) for d in result.documents)
    err.write(f"toposcope: converted {len(result.documents)} documents, {n_toponyms} toponyms "
              f"from {fmt} {path}\n")
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
    if d.empty_texts:
        err.write(f"toposcope: warning: {d.empty_texts} documents with an empty text were "
                  "skipped\n")
    if d.renamed_ids:
        err.write(f"toposcope: warning: {d.renamed_ids} documents repeated an earlier id and "
                  "were renamed with a ~N suffix\n")
    for line in d.details:
        log.info("%s", line)
    for note in result.notes:
        err.write(f"toposcope: note: {note}\n")
    return len(result.documents)
