"""Toposcope's own gold JSONL as a conversion's input (``toposcope convert --from jsonl``), so
a gold file can be written as a spaCy DocBin or checked and normalised."""

from __future__ import annotations

from pathlib import Path

from geoparser.corpora.base import Conversion
from geoparser.io.documents import gold_to_json, read_gold


def convert(path: Path) -> Conversion:
    return Conversion(documents=[gold_to_json(d) for d in read_gold(path)])
