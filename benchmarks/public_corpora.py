"""The public corpora the accuracy benchmark and the ranker's training both read.

One reading of ``../shared/corpora`` (read in place, never copied): which corpora, where each
lives, how it becomes gold documents (161 km tolerance) and its gold mentions. Kept apart from
``benchmarks.accuracy.bench_accuracy`` and ``benchmarks.training.ranker_data`` so that neither
imports the other just for this.
"""

from __future__ import annotations

from pathlib import Path

from geoparser.corpora import read_corpus
from geoparser.model import Document, Mention, ParsedDocument

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
TOLERANCE_KM = 161.0

#: (name, converter, path under shared/corpora)
CORPORA = [
    ("GeoVirus", "geovirus", "geovirus/GeoVirus.xml"),
    ("WikToR", "wiktor", "wiktor/WikToR_reconstructed_from_EUPEG.jsonl"),
    ("GeoWebNews", "gwn", "geowebnews/brat"),
    ("SemEval-2019 T12 (train)", "semeval2019",
     "semeval2019_task12/Training/Training_Data_Participant"),
]


def load(converter: str, path: Path) -> list[Document]:
    """A corpus as gold documents with the 161 km tolerance."""
    return read_corpus(converter, path, TOLERANCE_KM)


def gold_mentions(doc: Document) -> ParsedDocument:
    """The document with its gold toponyms as the mentions to resolve."""
    mentions = [Mention(t.start, t.end, t.text, t.label or "GOLD", "gold")
                for t in doc.toponyms if t.start is not None and t.end is not None]
    return ParsedDocument(doc, sorted(mentions, key=lambda m: (m.start, m.end)))
