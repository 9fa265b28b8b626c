"""Readers that turn public geoparsing corpora, annotation tools' exports (Label Studio, doccano)
and spaCy DocBin files into Toposcope's gold JSONL records; and what goes back to such tools:
Label Studio tasks, DocBin files, and answers in CLIFF-CLAVIN's shape (``cliff``).

Each reader is registered by format name in ``CONVERTERS`` and returns a ``Conversion``: the
documents (as gold JSONL objects) and an account of every annotation whose offsets did not
match its text (``repair``). Nothing is dropped silently.
"""

from __future__ import annotations

from geoparser.corpora.base import CONVERTERS, Conversion, convert, read_corpus

__all__ = ["CONVERTERS", "Conversion", "convert", "read_corpus"]
