"""The bare spaCy model over the corpus texts, nothing else: what ``make bench`` compares
``toposcope parse`` with.

``--pipeline PACKAGE`` loads the whole pipeline as a user does (``spacy.load(PACKAGE)``, every
component, ``nlp.pipe`` with its default batch size) and imports nothing of Toposcope. Without
it, the recogniser's own pipeline object (``load_pipeline``: only ``ner`` and what it listens
to) with the recogniser's batch size, so the difference to ``parse --ner en_core_web_sm`` is
exactly what Toposcope adds.

Usage: ``python -m benchmarks.speed.raw_pipe CORPUS.jsonl [--pipeline PACKAGE]``.
"""

from __future__ import annotations

import argparse
import json


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("--pipeline", help="Load this package whole with spacy.load.")
    args = ap.parse_args(argv)
    with open(args.corpus, encoding="utf-8") as fh:
        texts = [json.loads(line)["text"] for line in fh]
    if args.pipeline:
        import spacy

        docs = spacy.load(args.pipeline).pipe(texts)
    else:
        from geoparser.recognition.spacy_ner import SpacyRecogniser

        rec = SpacyRecogniser()  # only for its pipeline object and batch size
        docs = rec.nlp.pipe(texts, batch_size=rec.batch_size)
    ents = sum(len(doc.ents) for doc in docs)
    print(json.dumps({"docs": len(texts), "entities": ents}))


if __name__ == "__main__":
    main()
