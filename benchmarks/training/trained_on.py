"""Write the shipped models' ``trained_on.json``: fingerprints of the documents each was
trained on, so ``compare`` and ``score`` can warn when a model meets them
(``evaluation.reports.trained_on``).

``train-ner`` and ``train-ranker`` call it when they ship a model; run alone it writes both for
the models in the tree (reads ``../shared/corpora`` in place; skipped when absent):
``python -m benchmarks.training.trained_on [--shared ../shared]``.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping
from pathlib import Path

from benchmarks.public_corpora import CORPORA, SHARED
from evaluation.reports.trained_on import FILE, fingerprints_json, read_fingerprints
from geoparser.corpora import convert
from geoparser.io.atomic import write_text_atomic


def write_fingerprints(path: Path, corpora_dir: Path,
                       sources: Iterable[tuple[str, str, str]],
                       read: Mapping[str, list[str]] | None = None,
                       inherited: Path | None = None) -> Path:
    """Fingerprint every document of ``sources`` ((name, converter, path under
    ``corpora_dir``)) into ``path``, and the texts ``read`` already holds by corpus name; with
    ``inherited`` (a teacher's ``trained_on.json``), its fingerprints too: a student learnt
    what its teacher learnt from that gold."""
    texts = {name: [d["text"] for d in convert(fmt, corpora_dir / rel).documents]
             for name, fmt, rel in sources}
    texts.update(read or {})
    known = read_fingerprints(inherited) if inherited is not None and inherited.is_file() else None
    write_text_atomic(path, fingerprints_json(texts, known))
    return path


def toponym_sources() -> list[tuple[str, str, str]]:
    from geoparser.recognition.training.data import SOURCES

    return [(s.name, s.converter, s.path) for s in SOURCES]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=SHARED)
    args = ap.parse_args(argv)
    corpora = args.shared / "corpora"
    if not corpora.is_dir():
        print(f"trained-on: skipped: no corpora at {corpora}")
        return 0
    from geoparser.recognition.toponym_model import MODEL_DIR
    from geoparser.recognition.transformer_tagger import MODEL_DIR as TAGGER_DIR
    from geoparser.resolution.learned import MODEL_PATH

    print(write_fingerprints(MODEL_DIR / FILE, corpora, toponym_sources()))
    print(write_fingerprints(TAGGER_DIR / FILE, corpora, toponym_sources()))
    print(write_fingerprints(MODEL_PATH.with_suffix(".trained_on.json"), corpora, CORPORA))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
