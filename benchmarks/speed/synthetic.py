"""Synthetic gold and prediction JSONL for the evaluation benchmark (``make bench-eval``).

Each document is a short text of filler words with about three gold toponyms (labels ``GPE``,
``LOC``, ``FAC``) and about three predictions derived from them: exact copies, shifted or widened
boundaries, swapped labels, misses, spurious mentions, duplicates, a prediction spanning two
gold toponyms and two predictions inside one gold toponym. The conflicting patterns are made so
that nervaluate's greedy, order-dependent matching reaches the same counts as Toposcope's optimal
assignment, which lets the benchmark check that both report identical counts.

    python -m benchmarks.speed.synthetic --docs 100000 --seed 4 --out DIR

writes DIR/gold.jsonl and DIR/pred.jsonl.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

WORDS = ("the", "river", "market", "north", "old", "road", "near", "from", "with", "harbour",
         "bridge", "and", "south", "valley", "on", "hill", "to", "castle", "in", "at")
NAMES = ("Whitby", "Boston", "Richmond", "Perth", "Galway", "Kyoto", "Durham", "Windsor",
         "Portree", "Kilkenny", "Dubrovnik", "Reykjavik", "New York", "Santa Maria", "Port Louis",
         "Saint Ives", "Los Angeles", "Cape Town", "Hong Kong", "Rio de Janeiro")
LABELS = ("GPE", "LOC", "FAC")


def _doc(rng: random.Random, doc_id: str) -> tuple[dict, dict]:
    parts: list[str] = []
    pos = 0
    gold: list[dict] = []

    def add(piece: str) -> None:
        nonlocal pos
        if parts:
            parts.append(" ")
            pos += 1
        parts.append(piece)
        pos += len(piece)

    for _ in range(rng.choice((1, 2, 3, 3, 3, 4, 5))):
        for _ in range(rng.randint(1, 5)):
            add(rng.choice(WORDS))
        name = rng.choice(NAMES)
        add(name)
        gold.append({"start": pos - len(name), "end": pos, "text": name,
                     "label": rng.choice(LABELS),
                     "lat": round(rng.uniform(-60, 70), 4),
                     "lon": round(rng.uniform(-180, 180), 4)})
    for _ in range(rng.randint(1, 4)):
        add(rng.choice(WORDS))
    text = "".join(parts)

    preds: list[dict] = []

    def span(start: int, end: int, label: str, g: dict | None = None) -> None:
        p = {"start": start, "end": end, "text": text[start:end], "label": label}
        if g is not None:
            p |= {"lat": round(g["lat"] + rng.uniform(-1, 1), 4),
                  "lon": round(max(-180.0, min(180.0, g["lon"] + rng.uniform(-1, 1))), 4)}
        preds.append(p)

    other = {lab: [x for x in LABELS if x != lab] for lab in LABELS}
    i = 0
    while i < len(gold):
        g = gold[i]
        r = rng.random()
        if r < 0.55:
            span(g["start"], g["end"], g["label"], g)
            if rng.random() < 0.05:  # a duplicate of a correct prediction
                span(g["start"], g["end"], g["label"], g)
        elif r < 0.65:  # widened to take in the preceding word
            start = text.rfind(" ", 0, g["start"] - 1) + 1
            span(start, g["end"], g["label"], g)
        elif r < 0.72 and g["end"] - g["start"] > 3:  # clipped
            span(g["start"], g["end"] - 2, g["label"], g)
        elif r < 0.80:
            span(g["start"], g["end"], rng.choice(other[g["label"]]), g)
        elif r < 0.84 and " " in g["text"]:  # two predictions inside one gold toponym
            cut = g["start"] + g["text"].index(" ")
            span(g["start"], cut, g["label"], g)
            span(cut + 1, g["end"], g["label"], g)
        elif r < 0.87 and i + 1 < len(gold):  # one prediction over two gold toponyms
            nxt = gold[i + 1]
            span(g["start"], nxt["end"], g["label"])
            i += 1
        # otherwise: missed
        i += 1
    words = [(k, k + len(w)) for k, w in _word_spans(text)]
    golden = [(g["start"], g["end"]) for g in gold]
    for _ in range(rng.choice((0, 0, 1, 1, 2))):  # spurious: a filler word overlapping nothing
        s, e = rng.choice(words)
        if all(e <= gs or s >= ge for gs, ge in golden):
            span(s, e, rng.choice(LABELS))
    rng.shuffle(preds)
    return ({"id": doc_id, "text": text, "toponyms": gold}, {"id": doc_id, "toponyms": preds})


def _word_spans(text: str) -> list[tuple[int, str]]:
    out, k = [], 0
    for w in text.split(" "):
        out.append((k, w))
        k += len(w) + 1
    return out


def generate(n_docs: int, seed: int) -> tuple[list[dict], list[dict]]:
    """``n_docs`` gold documents and their predictions, reproducible from ``seed``."""
    rng = random.Random(seed)
    pairs = [_doc(rng, f"d{i:06d}") for i in range(n_docs)]
    return [g for g, _ in pairs], [p for _, p in pairs]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    gold, pred = generate(args.docs, args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, docs in (("gold.jsonl", gold), ("pred.jsonl", pred)):
        with (args.out / name).open("w", encoding="utf-8") as fh:
            for d in docs:
                fh.write(json.dumps(d, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
