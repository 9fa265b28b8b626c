"""Recognisers side by side on one gold set: one table, a per-document diff, a bar chart.

Columns: the coursework NER counts and P/R/F1, SemEval *strict* and *partial* F1 (strict is
undefined for a recogniser whose labels the gold never uses), and throughput (documents per
second of recognition, model loading excluded). A recogniser that is not installed is reported
and skipped, never a crash.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from evaluation.reports import formatting
from evaluation.reports.html import inert_markdown
from evaluation.reports.ner_runs import NerRun, run_ner
from evaluation.reports.plots import metric_bars
from evaluation.reports.trained_on import warnings
from evaluation.schemes import score
from geoparser.errors import ModelNotFoundError
from geoparser.io.csv_text import frame_csv
from geoparser.model import Document

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Comparison:
    gold: list[Document]
    match: str
    runs: list[NerRun]
    semeval: dict[str, dict[str, Any]]  # strict and partial F1, and a mixed-labels note
    skipped: dict[str, str] = field(default_factory=dict)
    #: shipped models that were trained on some of these gold documents (``trained_on``)
    warnings: tuple[str, ...] = ()


def compare(
    names: Sequence[str], gold: list[Document], labels: Sequence[str], match: str = "auto",
    progress: Callable[[str, int, int], None] | None = None, required: str | None = None,
) -> Comparison:
    """Run each recogniser of ``names`` on ``gold``; ``progress(name, k, n)`` is told before
    each one starts. A recogniser that is not installed is skipped with a warning, except
    ``required``: its ``ModelNotFoundError`` propagates at once, said once (the caller reports
    it), before any other recogniser runs when it is first in ``names``."""
    runs, semeval, skipped = [], {}, {}
    todo = list(dict.fromkeys(names))
    for k, name in enumerate(todo, 1):
        if progress is not None:
            progress(name, k, len(todo))
        try:
            run = run_ner(name, gold, labels, match)
        except ModelNotFoundError as exc:
            if name == required:
                raise
            log.warning("skipping recogniser %s: %s", name, exc)
            skipped[name] = str(exc)
            continue
        runs.append(run)
        preds = {p.document.id: p.predictions() for p in run.parsed}
        result = score("semeval", gold, preds, match)
        overall = result.to_json()["overall"]
        semeval[name] = {"strict": overall["strict"]["f1"], "partial": overall["partial"]["f1"],
                         "mixed_labels": result.mixed_labels}
    texts = [d.text for d in gold]
    return Comparison(gold, match, runs, semeval, skipped,
                      tuple(warnings([r.recogniser for r in runs], texts)))


def explanations(c: Comparison) -> list[str]:
    """Sentences a reader needs beside the table: why a figure is undefined, and which
    recognisers were trained on these documents."""
    out = []
    no_strict = [name for name, f in c.semeval.items() if f["strict"] is None]
    if no_strict:
        out.append("SemEval strict F1 is *undefined* for " + ", ".join(
            f"`{n}`" for n in no_strict) + ": its labels are not the gold's (the `toponym` "
            "models tag TOPONYM, the gold GPE/LOC), so strict's type test means nothing; its "
            "partial F1 and the coursework figures judge its spans. Elsewhere *undefined* is "
            "a ratio of 0/0: precision when nothing was predicted, recall when there was "
            "nothing to find, F1 when either is.")
    for name, f in c.semeval.items():
        if f.get("mixed_labels"):
            out.append(f"SemEval strict F1 of `{name}`: {f['mixed_labels']}.")
    out += [f"**Warning**: {w}." for w in c.warnings]
    return out


def table(c: Comparison) -> pd.DataFrame:
    rows = []
    for run in c.runs:
        o = run.score.overall
        rows.append({
            "recogniser": run.recogniser, "TP": o.tp, "FP": o.fp, "FN": o.fn,
            "precision": o.precision, "recall": o.recall, "F1": o.f1,
            "SemEval strict F1": c.semeval[run.recogniser]["strict"],
            "SemEval partial F1": c.semeval[run.recogniser]["partial"],
            "docs/s": run.docs_per_second, "description": run.description,
        })
    return pd.DataFrame(rows, dtype=object)


def disagreements(c: Comparison) -> pd.DataFrame:
    """Documents where the recognisers' predicted spans differ, with each one's output."""
    rows = []
    for i, doc in enumerate(c.gold):
        outputs = {
            run.recogniser: tuple((m.start, m.end) for m in run.parsed[i].mentions)
            for run in c.runs
        }
        if len(set(outputs.values())) <= 1:
            continue
        row = {"id": doc.id, "gold": "; ".join(t.text for t in doc.toponyms)}
        for run in c.runs:
            mentions = run.parsed[i].mentions
            row[run.recogniser] = "; ".join(f"{m.text} [{m.label}]" for m in mentions) or "—"
        rows.append(row)
    return pd.DataFrame(rows, dtype=object)


def chart(c: Comparison) -> bytes:
    values = {
        run.recogniser: {"coursework F1": run.score.overall.f1,
                         "SemEval strict F1": c.semeval[run.recogniser]["strict"],
                         "SemEval partial F1": c.semeval[run.recogniser]["partial"]}
        for run in c.runs
    }
    return metric_bars(values, f"NER on {len(c.gold)} documents")


def formatted(c: Comparison) -> pd.DataFrame:
    """The comparison table as people read it: ratios 3 decimals, counts integers, docs/s one
    decimal (``evaluation.reports.formatting``)."""
    return formatting.frame(table(c))


def markdown(c: Comparison, title: str = "Recognisers compared") -> str:
    t = formatted(c)
    diff = disagreements(c)
    lines = [f"# {title}", "",
             f"{len(c.gold)} documents; matching mode `{c.match}`; throughput is documents per "
             "second of recognition on this machine, model loading excluded.", "",
             t.to_markdown(index=False, disable_numparse=True) if len(t)
             else "_(no recogniser ran)_", "",
             *(line for text in explanations(c) for line in (text, "")),
             "![NER by recogniser](compare.png)", "",
             f"## Where they disagree ({len(diff)} of {len(c.gold)} documents)", "",
             diff.to_markdown(index=False) if len(diff) else "_They agree everywhere._"]
    for name, why in c.skipped.items():
        lines += ["", f"Skipped `{name}`: {why}"]
    return inert_markdown("\n".join(lines) + "\n")


def render(c: Comparison) -> dict[str, str | bytes]:
    return {"compare.md": markdown(c), "compare.csv": frame_csv(table(c)),
            "compare.png": chart(c)}
