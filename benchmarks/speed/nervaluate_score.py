"""The benchmark's competitor: load gold and prediction JSONL and score them with nervaluate.

    python -m benchmarks.speed.nervaluate_score GOLD.jsonl PRED.jsonl

prints the four schemes' counts.

Offsets are converted from Toposcope's end-exclusive to nervaluate's end-inclusive convention;
documents are aligned by id (a gold document without a predictions line has none).
"""

from __future__ import annotations

import json
import sys

from nervaluate import Evaluator

SCHEMES = {"strict": "strict", "exact": "exact", "partial": "partial", "ent_type": "type"}


def load(path: str) -> dict[str, list[dict]]:
    out = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                doc = json.loads(line)
                out[doc["id"]] = [{"label": t.get("label") or "", "start": t["start"],
                                   "end": t["end"] - 1} for t in doc.get("toponyms", [])]
    return out


def main() -> None:
    gold, pred = load(sys.argv[1]), load(sys.argv[2])
    ids = list(gold)
    true = [gold[i] for i in ids]
    predicted = [pred.get(i, []) for i in ids]
    tags = sorted({e["label"] for doc in true + predicted for e in doc})
    result = Evaluator(true, predicted, tags=tags, loader="dict").evaluate()["overall"]
    counts = {ours: [getattr(result[theirs], k) for k in
                     ("correct", "incorrect", "partial", "missed", "spurious")]
              for theirs, ours in SCHEMES.items()}
    json.dump(counts, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
