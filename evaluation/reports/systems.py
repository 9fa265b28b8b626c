"""Systems side by side: several prediction files scored against one gold set under a scheme,
each figure with a paired bootstrap interval and each pair of systems with a paired test
(``toposcope compare --gold G --pred A.jsonl --pred B.jsonl``).

Each scheme's result is read once per system into per-document counts (``figures``); the
figures on the whole corpus are the scheme's own (a test checks they equal ``score``'s), and
``evaluation.significance`` resamples the documents. Output in every ``score`` format: a table
or Markdown (figures by system, then the differences), long CSV rows, or one JSON object.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from evaluation import significance as sig
from evaluation.flat_corpus import FlatCorpus
from evaluation.markdown import table as markdown_table
from evaluation.reports.html import inert_markdown
from evaluation.reports.score_output import rules_text
from evaluation.schemes import ScoreResult, score_corpus
from evaluation.schemes.distance import ACCURACY_KM, FINE_KM, MAX_ERROR_KM
from evaluation.schemes.muc import PARTIAL_CREDIT
from geoparser.errors import InputError, UsageError
from geoparser.io.csv_text import csv_text
from geoparser.io.documents import GOLD_FILENAME, load_gold, load_predictions

#: The schemes with figures a system can be compared by; ``all`` is each of them.
COMPARABLE = ("semeval", "coursework-ner", "coursework-geo", "pairing", "distance")
KM_FIGURES = {"mean km", "median km"}


def _f1(credit: np.ndarray, pos: np.ndarray, act: np.ndarray) -> sig.WeightedFigure:
    """F1 = 2·credit/(POS + ACT), undefined (NaN) where precision or recall is (ACT or POS 0):
    the harmonic mean of P and R, by the convention of ``evaluation.metrics``."""
    c, p, a = (np.asarray(x, float) for x in (credit, pos, act))

    def figure(w: np.ndarray) -> np.ndarray:
        cw, pw, aw = w @ c, w @ p, w @ a
        ok = (pw > 0) & (aw > 0)
        return np.where(ok, 2 * cw / np.where(ok, pw + aw, 1), np.nan)

    return figure


def _prf(prefix: str, credit: np.ndarray, pos: np.ndarray, act: np.ndarray, defined: bool = True
         ) -> dict[str, sig.WeightedFigure]:
    if not defined:  # e.g. SemEval strict when the labels share none: undefined, never 0
        def nothing(w: np.ndarray) -> np.ndarray:
            return np.full(len(w), np.nan)
        return {f"{prefix}P": nothing, f"{prefix}R": nothing, f"{prefix}F1": nothing}
    return {f"{prefix}P": sig.ratio_figure(credit, act),
            f"{prefix}R": sig.ratio_figure(credit, pos), f"{prefix}F1": _f1(credit, pos, act)}


def figures(result: ScoreResult, corpus: FlatCorpus) -> dict[str, sig.WeightedFigure]:
    """The scheme's headline figures as functions of document weights. A figure that does
    not apply to the system (accuracy by GeoNames id without ids) is left out: "n/a"."""
    scheme = result.scheme
    if scheme in ("coursework-ner", "coursework-geo"):
        tp, fp, fn = (np.array([getattr(d.counts, k) for d in result.documents], float)
                      for k in ("tp", "fp", "fn"))
        return _prf("", tp, tp + fn, tp + fp)
    if scheme == "semeval":
        out: dict[str, sig.WeightedFigure] = {}
        for name, per in result.per_document.items():
            partial = per.other if per.otherwise == "partial" else 0 * per.other
            credit = per.correct + PARTIAL_CREDIT * partial
            pos = per.correct + per.other + per.missed
            act = per.correct + per.other + per.spurious
            typed = not (result.untyped and name in ("strict", "type"))
            out.update(_prf(f"{name} ", credit, pos, act, typed))
        return out
    if scheme == "pairing":
        score = np.array([d["score"] for d in result.documents], float)
        gold = np.bincount(corpus.gold_doc, minlength=corpus.n_docs)
        pred = np.bincount(corpus.pred_doc, minlength=corpus.n_docs)
        return _prf("", score, gold, pred)
    if scheme == "distance":
        return _distance_figures(result)
    raise UsageError(f"compare takes the schemes {', '.join(COMPARABLE)} or all, not "
                     f"{scheme!r} (browse sets two systems' errors side by side)")


def _distance_figures(result: Any) -> dict[str, sig.WeightedFigure]:
    summaries = [s for _, s, _ in result.documents]
    n = np.array([s.n for s in summaries], float)
    errors = np.array([e for s in summaries for e in s.errors_km], float)
    doc = np.repeat(np.arange(len(summaries)), [s.n for s in summaries])

    def per_doc(values: np.ndarray) -> np.ndarray:
        return np.bincount(doc, weights=values, minlength=len(summaries))

    out = {
        "acc@161": sig.ratio_figure(per_doc(errors <= ACCURACY_KM), n),
        "acc@10": sig.ratio_figure(per_doc(errors <= FINE_KM), n),
        "acc@tolerance": sig.ratio_figure(
            np.array([s.within_tolerance for s in summaries], float), n),
    }
    if result.overall.ids_given:
        out["acc by GeoNames id"] = sig.ratio_figure(
            np.array([s.id_correct for s in summaries], float),
            np.array([s.id_checked for s in summaries], float))
    out["mean km"] = sig.ratio_figure(per_doc(errors), n)
    out["median km"] = sig.median_figure(errors, doc)
    out["AUC"] = sig.sorted_trapezoid_figure(np.log1p(errors) / np.log(MAX_ERROR_KM), doc)
    return out


@dataclass(frozen=True)
class SystemsCompared:
    """One scheme's comparison: each system's rules, the figures and the differences."""

    scheme: str
    names: tuple[str, ...]
    files: tuple[str, ...]
    rules: dict[str, dict[str, Any]]
    bootstrap: sig.Bootstrap
    notes: tuple[str, ...] = ()

    @property
    def figure_names(self) -> list[str]:
        return sig.figure_names({s: list(f) for s, f in self.bootstrap.figures.items()})


def compare_files(gold: Path, preds: Sequence[Path], names: Sequence[str] | None = None,
                  scheme: str = "semeval", match: str = "auto", variant: str | None = None,
                  tolerance_km: float | None = None, resamples: int = sig.RESAMPLES,
                  seed: int = sig.SEED) -> list[SystemsCompared]:
    """Score each prediction file against ``gold`` and compare them (``all``: one comparison
    per comparable scheme)."""
    if len(preds) < 2:
        raise UsageError(f"give at least two --pred files to compare, not {len(preds)}")
    if names and len(names) != len(preds):
        raise UsageError(f"give one --name per --pred ({len(preds)}), not {len(names)}")
    if resamples < 1:
        raise UsageError(f"--resamples must be 1 or more, got {resamples}")
    schemes = list(COMPARABLE) if scheme == "all" else [scheme]
    if scheme != "all" and scheme not in COMPARABLE:
        raise UsageError(f"compare takes the schemes {', '.join(COMPARABLE)} or all, not "
                         f"{scheme!r} (browse sets two systems' errors side by side)")
    labels = list(names) if names else [p.stem for p in preds]
    if len(set(labels)) != len(labels):
        labels = [f"{n} ({i + 1})" for i, n in enumerate(labels)]
    gold_records = load_gold(gold, tolerance_km)
    if not gold_records.ids:
        gold_file = Path(gold) / GOLD_FILENAME if Path(gold).is_dir() else Path(gold)
        raise InputError("no gold documents in the file: nothing to compare against", gold_file)
    corpora = [FlatCorpus(gold_records, load_predictions(p, gold_records.ids, gold_records.texts))
               for p in preds]
    out = []
    for name in schemes:
        results = [score_corpus(name, c, match, variant if name == "pairing" else None)
                   for c in corpora]
        systems = {label: figures(r, c) for label, r, c in zip(labels, results, corpora,
                                                               strict=True)}
        boot = sig.paired_bootstrap(systems, len(gold_records.ids), resamples, seed)
        notes = tuple(dict.fromkeys(f"{label}: {note}" for label, r in zip(labels, results,
                                                                           strict=True)
                                    for note in getattr(r, "notes", ())))
        out.append(SystemsCompared(name, tuple(labels), tuple(p.name for p in preds),
                                   {label: r.options for label, r in zip(labels, results,
                                                                         strict=True)},
                                   boot, notes))
    return out


def _number(value: float | None, figure: str) -> str:
    if value is None:
        return "undefined"
    return f"{value:,.1f}" if figure in KM_FIGURES else f"{value:.3f}"


def _with_interval(iv: sig.Interval | None, figure: str) -> str:
    if iv is None:
        return "n/a"
    if iv.value is None or iv.low is None:
        return _number(iv.value, figure)
    return (f"{_number(iv.value, figure)} ({_number(iv.low, figure)} to "
            f"{_number(iv.high, figure)})")


def _p(value: float | None) -> str:
    return "undefined" if value is None else f"{value:.3f}"


def figure_rows(c: SystemsCompared) -> list[list[str]]:
    """Rows of the figures table: a figure, then each system's value and interval."""
    return [[f, *(_with_interval(c.bootstrap.figures[s].get(f), f) for s in c.names)]
            for f in c.figure_names]


def difference_rows(c: SystemsCompared) -> list[list[str]]:
    """Rows of the differences table: pair, figure, A − B with its interval, p."""
    rows = []
    for (a, b), diffs in c.bootstrap.differences.items():
        for f, d in diffs.items():
            rows.append([f"{a} − {b}", f, _with_interval(d, f), _p(d.p_value), _p(d.p_holm)])
    return rows


def tests_line(c: SystemsCompared) -> str:
    """How many tests each pair made, and the correction offered beside the raw p."""
    counts = {f"{a} − {b}": sig.tests_made(d) for (a, b), d in c.bootstrap.differences.items()}
    made = (f"{next(iter(counts.values()))} tests per pair" if len(set(counts.values())) == 1
            else "tests per pair: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return (f"{made} (one per figure): a raw p below 0.05 is expected by chance about once in "
            "20 tests, so read *p (Holm)*, adjusted by Holm–Bonferroni within each pair")


def warnings_of(comparisons: Sequence[SystemsCompared]) -> list[str]:
    """Warnings every output carries: too few documents for the bootstrap to mean much."""
    if not comparisons:
        return []
    w = sig.few_documents_warning(comparisons[0].bootstrap.n_documents)
    return [w] if w else []


def _system_lines(c: SystemsCompared) -> list[str]:
    return [f"{name} ({file}): {rules_text(c.rules[name])}"
            for name, file in zip(c.names, c.files, strict=True)]


def print_tables(console: Any, notes: Any, comparisons: Sequence[SystemsCompared]) -> None:
    """Terminal tables: per scheme the figures by system, then every pair's differences."""
    from rich import box
    from rich.table import Table

    from evaluation.reports.score_output import print_wide

    for c in comparisons:
        head = f"{c.scheme} on {c.bootstrap.n_documents:,} documents"
        figs = Table(title=f"{head}: value ({c.bootstrap.level:.0%} interval)",
                     box=box.SIMPLE_HEAD, pad_edge=False)
        for k, col in enumerate(["figure", *c.names]):
            figs.add_column(col, justify="left" if k == 0 else "right", no_wrap=True)
        for row in figure_rows(c):
            figs.add_row(*row)
        print_wide(console, figs)
        diffs = Table(title=f"{head}: paired differences", box=box.SIMPLE_HEAD, pad_edge=False)
        for k, col in enumerate(["systems", "figure", "difference (interval)", "p",
                                 "p (Holm)"]):
            diffs.add_column(col, justify="left" if k < 2 else "right", no_wrap=True)
        for row in difference_rows(c):
            diffs.add_row(*row)
        print_wide(console, diffs)
        console.print(tests_line(c), highlight=False, markup=False, soft_wrap=True)
        for line in _system_lines(c):
            console.print(line, highlight=False, markup=False, soft_wrap=True)
        for note in c.notes:
            notes.print(f"note: {note}", highlight=False, markup=False, soft_wrap=True)
    if comparisons:
        console.print(sig.method_text(comparisons[0].bootstrap), highlight=False,
                      markup=False, soft_wrap=True)
    for w in warnings_of(comparisons):
        notes.print(f"warning: {w}", highlight=False, markup=False, soft_wrap=True)


def markdown(comparisons: Sequence[SystemsCompared]) -> str:
    lines = ["# Systems compared", "", *(f"**Warning**: {w}.\n" for w in warnings_of(comparisons))]
    for c in comparisons:
        lines += [f"## `{c.scheme}` on {c.bootstrap.n_documents:,} documents", "",
                  *(f"- {line}" for line in _system_lines(c)), "",
                  f"Each figure with its {c.bootstrap.level:.0%} interval:", "",
                  markdown_table(["figure", *c.names], figure_rows(c)), "",
                  "Paired differences (first system minus second):", "",
                  markdown_table(["systems", "figure", "difference (interval)", "p",
                                  "p (Holm)"], difference_rows(c)), "",
                  tests_line(c) + ".", ""]
        lines += [f"Note: {note}" for note in c.notes]
        lines += [""] if c.notes else []
    if comparisons:
        lines += [sig.method_text(comparisons[0].bootstrap) + ".", ""]
    return inert_markdown("\n".join(lines))


def to_json(comparisons: Sequence[SystemsCompared]) -> dict[str, Any]:
    b = comparisons[0].bootstrap
    return {
        "method": {"interval": "paired bootstrap over documents, percentile method",
                   "test": "two-sided paired bootstrap test (differences shifted to none)",
                   "correction": "Holm–Bonferroni within each pair's tests (p_holm)",
                   "resamples": b.resamples, "seed": b.seed, "level": b.level,
                   "description": sig.method_text(b)},
        "documents": b.n_documents,
        "warnings": warnings_of(comparisons),
        "schemes": {c.scheme: {
            "tests_per_pair": {f"{a} − {b_}": sig.tests_made(d)
                               for (a, b_), d in c.bootstrap.differences.items()},
            "systems": {name: {"file": file, "rules": c.rules[name],
                               "figures": {f: iv.as_dict() for f, iv in
                                           c.bootstrap.figures[name].items()}}
                        for name, file in zip(c.names, c.files, strict=True)},
            "differences": [{"a": a, "b": b_, "figure": f, **d.as_dict()}
                            for (a, b_), diffs in c.bootstrap.differences.items()
                            for f, d in diffs.items()],
            **({"notes": list(c.notes)} if c.notes else {})} for c in comparisons},
    }


def to_csv(comparisons: Sequence[SystemsCompared]) -> str:
    """Long rows: one per system and figure, then one per pair and figure (``versus`` and
    ``p_value`` filled); a figure that does not apply has no row."""
    head = ["scheme", "figure", "system", "versus", "value", "ci_low", "ci_high", "p_value",
            "p_holm", "tests_in_pair", "documents", "undefined_resamples", "resamples", "seed",
            "level", "rules"]
    rows: list[list[Any]] = [head]
    for c in comparisons:
        b = c.bootstrap
        for f in c.figure_names:
            for s in c.names:
                iv = b.figures[s].get(f)
                if iv is not None:
                    rows.append([c.scheme, f, s, None, iv.value, iv.low, iv.high, None,
                                 None, None, b.n_documents, iv.undefined, b.resamples,
                                 b.seed, b.level, rules_text(c.rules[s])])
        for (a, other), diffs in b.differences.items():
            tests = sig.tests_made(diffs)
            for f, d in diffs.items():
                rows.append([c.scheme, f, a, other, d.value, d.low, d.high, d.p_value,
                             d.p_holm, tests, b.n_documents, d.undefined, b.resamples,
                             b.seed, b.level, ""])
    return csv_text(rows)


def render_text(comparisons: Sequence[SystemsCompared], fmt: str) -> str:
    """json, csv or markdown output (``table`` is printed with rich)."""
    if fmt == "json":
        import msgspec

        raw = msgspec.json.encode(to_json(comparisons))
        return msgspec.json.format(raw, indent=2).decode() + "\n"
    return to_csv(comparisons) if fmt == "csv" else markdown(comparisons)
