"""Recognition scores on gold corpora through our own ``semeval`` scheme, and the table.

Only recognition is scored (no resolution): exact = SemEval strict without the type test (the
corpora's labels are toponym types such as Literal/Metonymic, not NER types), partial =
SemEval partial (overlap counts half). Gold toponyms without offsets cannot be matched by span
and are left out of both sides' counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from geoparser.model import Document, GoldToponym
from geoparser.pipeline import recognise
from geoparser.recognition.base import Recogniser

MEASURES = ("exact", "partial")


def gold_documents(docs: Sequence[dict[str, Any]]) -> list[Document]:
    """Gold JSONL objects (as ``geoparser.corpora`` converts them) as untyped documents."""
    return [
        Document(d["id"], d["text"], tuple(
            GoldToponym(start=t["start"], end=t["end"], text=t.get("text", ""))
            for t in d["toponyms"] if t.get("start") is not None and t.get("end") is not None))
        for d in docs
    ]


def recognition_scores(recogniser: Recogniser, gold: Sequence[Document]) -> dict[str, Any]:
    """Exact and partial P, R, F1 of ``recogniser`` on ``gold`` (SemEval scheme, span match)."""
    from evaluation.schemes import score

    parsed = recognise(recogniser, gold)
    preds = {p.document.id: p.predictions() for p in parsed}
    overall = score("semeval", gold, preds, "span").to_json()["overall"]
    return {m: {k: overall[m][k] for k in ("precision", "recall", "f1")} for m in MEASURES}


def markdown_table(results: Mapping[str, Mapping[str, dict[str, Any]]],
                   recognisers: Sequence[str]) -> str:
    """One row per corpus and recogniser: exact P/R/F1 then partial P/R/F1.

    ``results[corpus][recogniser]`` is what ``recognition_scores`` returned."""
    lines = ["| held-out corpus | recogniser | exact P | exact R | exact F1 | partial P | "
             "partial R | partial F1 |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    for corpus, row in results.items():
        for name in recognisers:
            if name not in row:
                continue
            s = row[name]
            cells = [f"{s[m][k]:.3f}" for m in MEASURES for k in ("precision", "recall", "f1")]
            lines.append(f"| {corpus} | {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
