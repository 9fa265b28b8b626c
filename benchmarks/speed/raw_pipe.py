"""Case (a): the bare model, ``nlp.pipe`` over the corpus texts, nothing else.

The same pipeline object the recogniser uses (``load_pipeline``: only ``ner`` enabled) and the
same batch size, so the difference to ``toposcope parse`` is exactly what Toposcope adds.
Usage: ``python -m benchmarks.speed.raw_pipe CORPUS.jsonl``.
"""

from __future__ import annotations

import json
import sys

from geoparser.recognition.spacy_ner import SpacyRecogniser


def main(path: str) -> None:
    with open(path, encoding="utf-8") as fh:
        texts = [json.loads(line)["text"] for line in fh]
    rec = SpacyRecogniser()  # only for its pipeline object and batch size
    ents = sum(len(doc.ents) for doc in rec.nlp.pipe(texts, batch_size=rec.batch_size))
    print(json.dumps({"docs": len(texts), "entities": ents}))


if __name__ == "__main__":
    main(sys.argv[1])
