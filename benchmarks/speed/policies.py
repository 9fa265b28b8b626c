"""Resolution cost per document of each policy, on the same mentions (part of ``make bench``).

The documents and the toponyms ``toposcope parse`` found in them (``b.jsonl`` of the run) are
resolved again in this process by every policy, the gazetteer's answers memoised beforehand so
that only the policies differ; the policies run in turn and the least of ``repeat`` runs
counts.
Run alone: ``python -m benchmarks.speed.policies CORPUS.jsonl PREDICTIONS.jsonl``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from geoparser.model import Document, Mention, ParsedDocument


def read(corpus: Path, predictions: Path) -> list[ParsedDocument]:
    texts = {}
    with corpus.open(encoding="utf-8") as fh:
        for line in fh:
            d = json.loads(line)
            texts[d["id"]] = d["text"]
    out = []
    with predictions.open(encoding="utf-8") as fh:
        for line in fh:
            d = json.loads(line)
            mentions = [Mention(t["start"], t["end"], t["text"], t.get("label") or "GPE")
                        for t in d["toponyms"] if t.get("start") is not None]
            out.append(ParsedDocument(Document(d["id"], texts[d["id"]]), mentions))
    return out


def measure(docs: list[ParsedDocument], repeat: int = 7) -> dict[str, float]:
    """Least seconds of ``repeat`` runs per policy, resolving all ``docs``."""
    from geoparser.gazetteers import create_gazetteer
    from geoparser.pipeline import lookup_all, resolve
    from geoparser.resolution import create_policy

    gazetteer = create_gazetteer("offline")
    found: dict = {}

    class Memo:
        """The gazetteer's answers, asked once (the written-out names of codes included)."""

        name = "memo"

        def lookup_many(self, names):
            missing = [n for n in names if n not in found]
            if missing:
                found.update(gazetteer.lookup_many(missing))
            return {n: found[n] for n in names}

    lookup_all(Memo(), {m.text for d in docs for m in d.mentions})

    policies = {
        "population": create_policy("population"),
        "context": create_policy("context"),
        "learned": create_policy("learned"),
    }
    out = dict.fromkeys(policies, float("inf"))
    for _ in range(repeat):  # round robin, so that other work on the machine hits all alike
        for name, policy in policies.items():
            t0 = time.perf_counter()
            resolve(docs, Memo(), policy)
            out[name] = min(out[name], time.perf_counter() - t0)
    return out


def report(seconds: dict[str, float], n_docs: int) -> str:
    base = seconds["context"]
    lines = [f"\nresolution only, {n_docs} documents, µs per document (least of 7 runs, "
             "ratio to `context`, the default):", "",
             "| policy | µs/document | vs context |", "|---|---:|---:|"]
    for name, s in seconds.items():
        lines.append(f"| {name} | {s / n_docs * 1e6:.0f} | {s / base:.2f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    docs = read(Path(sys.argv[1]), Path(sys.argv[2]))
    print(report(measure(docs), len(docs)))
