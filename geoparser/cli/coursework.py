"""``toposcope run`` (the coursework answer for a caption set) and ``toposcope compare``
(recognisers side by side)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from geoparser.cli import options as web
from geoparser.cli.common import err, info, out, user_errors
from geoparser.cli.options import LabelsOption, minimum_confidence, split_list
from geoparser.cli.scoring import note_own_tolerances
from geoparser.shipped_taggers import Part, built_as


def _command_line() -> str:
    return shlex.join(["toposcope", *sys.argv[1:]])


@user_errors
def run(
    gold: Annotated[
        Path, typer.Option(help="Gold captions: a dataset folder or a JSONL file.")
    ] = Path("data/captions"),
    ner: Annotated[
        str,
        typer.Option(
            help="Recogniser for Q1/Q3/Q4: {ner}, or a spaCy pipeline by package name or path."
        ),
    ] = "en_core_web_sm",
    labels: LabelsOption = "GPE,LOC",
    gazetteer: Annotated[
        str, typer.Option(help="Gazetteer for Q3/Q4: {gazetteer}.")
    ] = "offline",
    tolerance_km: Annotated[
        float | None,
        typer.Option(help="Default tolerance for captions without their own (else the dataset's)."),
    ] = None,
    match: Annotated[str, typer.Option(help="Toponym matching: auto, span or text.")] = "auto",
    others: Annotated[
        str | None,
        typer.Option(
            help="Recognisers for Q2, comma-separated (default: every other available one)."
        ),
    ] = None,
    out_dir: Annotated[Path, typer.Option("--out", help="Folder for the results.")] = Path(
        "results"
    ),
    no_cache: web.NoCacheOption = False,
    refresh: web.RefreshOption = False,
    web_cache: web.CachePathOption = None,
    cache_days: web.CacheDaysOption = None,
    contact: web.ContactOption = None,
    min_confidence: Annotated[float | None, typer.Option(
        "--min-confidence", metavar="P", help="Leave a toponym unplaced when the probability "
        "that its point is within 161 km of the right one is below P (default 0: the "
        "coursework's policies place every toponym they can).")] = None,
) -> None:
    """Answer coursework Questions 1-4 for a caption set and write report, CSVs and summary."""
    from evaluation.matching import MATCHERS
    from geoparser.io.output_lock import locked_folder
    from geoparser.io.output_path import check_output

    MATCHERS.get(match)
    check_output(out_dir, [gold], folder=True)
    with locked_folder(out_dir):
        _run(gold, ner, labels, gazetteer, tolerance_km, match, others, out_dir,
             web.gazetteer_config(gazetteer, no_cache=no_cache, refresh=refresh,
                                  cache_path=web_cache, cache_days=cache_days, contact=contact,
                                  inputs=[gold]),
             minimum_confidence(None, 0.0 if min_confidence is None else min_confidence))


def _run(gold: Path, ner: str, labels: str, gazetteer: str, tolerance_km: float | None,
         match: str, others: str | None, out_dir: Path, gazetteer_config: dict,
         min_confidence: float | None) -> None:
    from evaluation.reports.coursework_answer import answer
    from evaluation.reports.coursework_report import output_paths, render
    from geoparser.errors import InputError
    from geoparser.gazetteers import create_gazetteer
    from geoparser.io.atomic import write_files_atomic
    from geoparser.io.documents import read_gold
    from geoparser.io.output_path import check_output

    captions = read_gold(gold, tolerance_km)
    if not captions:
        raise InputError("no captions in the file", gold)
    note_own_tolerances(captions, tolerance_km)
    ans = answer(
        captions,
        ner,
        split_list(labels),
        create_gazetteer(gazetteer, **gazetteer_config),
        match,
        others=split_list(others) if others is not None else None,
        min_confidence=min_confidence,
    )
    files = render(ans, _command_line())
    for name in files:
        check_output(out_dir / name, [gold])
    write_files_atomic(output_paths(out_dir, files))
    _print_summary(ans.summary(), ans.q1.recogniser)
    info.print(f"wrote {', '.join(sorted(files))} to {out_dir}/", highlight=False)


def _print_summary(summary: dict, q1_name: str) -> None:
    from evaluation.reports.score_output import print_wide

    rules = summary.get("rules", {})
    tolerances = "–".join(f"{t:g}" for t in (rules.get("tolerance_km") or [])[::max(
        len(rules.get("tolerance_km") or []) - 1, 1)])
    table = Table(title=f"Toposcope coursework summary (match {rules.get('match')}; tolerance "
                        f"{tolerances} km, each caption's own; gazetteer "
                        f"{rules.get('gazetteer')})")
    for col in ("question", "system", "TP", "FP", "FN", "precision", "recall", "F1"):
        table.add_column(col, justify="left" if col in {"question", "system"} else "right",
                         no_wrap=col in {"question", "system"})

    def add(q: str, system: str, s: dict) -> None:
        def f(v: float | None) -> str:
            return "undefined" if v is None else f"{v:.3f}"

        table.add_row(
            q,
            system,
            str(s["tp"]),
            str(s["fp"]),
            str(s["fn"]),
            f(s["precision"]),
            f(s["recall"]),
            f(s["f1"]),
        )

    add("Q1 NER", q1_name, summary["q1"])
    for name, s in summary["q2"].items():
        add("Q2 NER", name, s)
    add("Q3 geocoding", "population", summary["q3"])
    add("Q4 geocoding", "nearest", summary["q4"])
    if "default" in summary:
        add("(default policy)", summary["default"]["policy"], summary["default"])
    print_wide(out, table)  # full recogniser names on a narrow terminal




#: ``compare``'s recognisers: spaCy's, the rules, our spaCy model, the default's tagger and the
#: default's composition over each shipped tagger (the student's price beside the default's).
DEFAULT_RECOGNISERS = ",".join(("en_core_web_sm", "gazetteer", "hybrid", "toponym",
                                "toponym-checked", "toponym-transformer",
                                "toponym-transformer-checked", *built_as(Part.ORGS)))


@user_errors
def compare(
    ner: Annotated[str | None, typer.Option(
        help="Recognisers, comma-separated: {ner}, or spaCy pipelines by name or path "
             f"(default: {DEFAULT_RECOGNISERS}).", show_default=False)] = None,
    gold: Annotated[Path | None, typer.Option(
        help="Gold documents (default: the caption set).")] = None,
    pred: Annotated[list[Path] | None, typer.Option(
        help="A system's predictions (JSONL), two or more: compares these systems instead of "
             "running recognisers.")] = None,
    name: Annotated[list[str] | None, typer.Option(
        help="--pred only: a name for each --pred, in order (default: the file names).")]
    = None,
    scheme: Annotated[str, typer.Option(
        help="--pred only: semeval, coursework-ner, coursework-geo, pairing, distance or "
             "all.")] = "semeval",
    labels: LabelsOption = "GPE,LOC",
    match: Annotated[str, typer.Option(help="Toponym matching mode.")] = "auto",
    variant: Annotated[str | None, typer.Option(
        help="--pred, pairing only: standard, no-boundaries or relaxed.")] = None,
    tolerance_km: Annotated[float | None, typer.Option(
        help="--pred only: default tolerance for gold toponyms without their own.")] = None,
    resamples: Annotated[int, typer.Option(
        help="--pred only: bootstrap resamples of the documents.")] = 1000,
    seed: Annotated[int, typer.Option(help="--pred only: the resampling's seed.")] = 0,
    fmt: Annotated[str, typer.Option(
        "--format", help="--pred only: table, json, csv or markdown, on standard output.")]
    = "table",
    out_dir: Annotated[Path, typer.Option("--out", help="Folder for compare.md/.csv/.png "
                                          "(its own, so the coursework's results/ stay).")]
    = Path("results/compare"),
) -> None:
    """Compare recognisers (run on the same gold documents) or, with --pred, systems'
    prediction files: one table, each figure with a paired bootstrap 95% interval and each pair
    of systems with a paired test."""
    from evaluation.matching import MATCHERS
    from geoparser.io.output_lock import locked_folder
    from geoparser.io.output_path import check_output

    MATCHERS.get(match)
    if pred:
        if ner is not None:
            from geoparser.errors import UsageError

            raise UsageError("give --ner (recognisers to run) or --pred (systems' "
                             "predictions), not both")
        from geoparser.cli.scoring import compare_systems

        compare_systems(gold or Path("data/captions"), pred, name, scheme, match, variant,
                        tolerance_km, resamples, seed, fmt)
        return
    source = gold or Path("data/captions")
    check_output(out_dir, [source], folder=True)
    with locked_folder(out_dir):
        _compare(source, ner or DEFAULT_RECOGNISERS, labels, match, out_dir)


def _compare(source: Path, ner: str, labels: str, match: str, out_dir: Path) -> None:
    from evaluation.reports import compare as comparison
    from geoparser.errors import InputError
    from geoparser.io.atomic import write_files_atomic
    from geoparser.io.documents import read_gold
    from geoparser.io.output_path import check_output

    documents = read_gold(source)
    if not documents:
        raise InputError("no documents in the file", source)

    def progress(name: str, k: int, n: int) -> None:
        info.print(f"compare: {k}/{n} {name} on {len(documents)} documents …",
                   highlight=False, soft_wrap=True)

    result = comparison.compare(split_list(ner), documents, split_list(labels), match, progress)
    for warning in result.warnings:
        err.print(f"warning: {warning}", markup=False, highlight=False, soft_wrap=True)
    files = comparison.render(result)
    for name in files:
        check_output(out_dir / name, [source])
    write_files_atomic({out_dir / name: content for name, content in files.items()})
    _print_comparison(comparison.table(result),
                      f"Recognisers on {len(documents)} documents ({source})")
    for name, why in result.skipped.items():
        err.print(f"skipped {name}: {why}", markup=False, highlight=False)
    info.print(f"wrote {', '.join(sorted(files))} to {out_dir}/", highlight=False)


def _print_comparison(frame, title: str) -> None:
    from evaluation.reports.score_output import print_wide

    short = {"precision": "P", "recall": "R", "SemEval strict F1": "strict F1",
             "SemEval partial F1": "partial F1"}
    table = Table(title=title)
    frame = frame.drop(columns=["description"])
    for col in frame.columns:
        width = max([len(short.get(col, col)), *(len(str(v)) for v in frame[col])])
        table.add_column(short.get(col, col), justify="left" if col == "recogniser" else "right",
                         no_wrap=True, min_width=width if col == "recogniser" else None)
    for row in frame.to_dict("records"):
        cells = []
        for col, v in row.items():
            if v is None:
                cells.append("undefined")
            elif col == "docs/s":
                cells.append(f"{v:,.1f}")
            else:
                cells.append(f"{v:.3f}" if isinstance(v, float) else str(v))
        table.add_row(*cells)
    print_wide(out, table)  # full recogniser names, never "topon…"
