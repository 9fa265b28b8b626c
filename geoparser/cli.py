"""The ``toposcope`` command line: ``run`` answers the coursework, ``score`` scores any output."""

from __future__ import annotations

import functools
import json
import logging
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from geoparser.errors import ToposcopeError
from geoparser.progress import set_enabled

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Toposcope: find place names in text, put them on the map, and measure how well.",
)
err = Console(stderr=True)
info = Console(stderr=True)  # progress notes; silenced by --quiet, unlike errors
out = Console()

F = TypeVar("F", bound=Callable[..., object])


def user_errors(func: F) -> F:
    """Report ``ToposcopeError`` as ``toposcope: error: ...`` on stderr and exit with 2."""

    @functools.wraps(func)
    def wrapper(*args: object, **kwargs: object) -> object:
        try:
            return func(*args, **kwargs)
        except ToposcopeError as exc:
            err.print(f"toposcope: error: {exc}", markup=False, highlight=False, soft_wrap=True)
            raise typer.Exit(exc.exit_code) from None

    return wrapper  # type: ignore[return-value]


@app.callback()
def main(
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log progress.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only errors.")] = False,
) -> None:
    level = logging.ERROR if quiet else logging.INFO if verbose else logging.WARNING
    logging.basicConfig(format="toposcope: %(levelname)s: %(message)s")  # no-op if configured
    for name in ("geoparser", "evaluation"):
        logging.getLogger(name).setLevel(level)
    info.quiet = quiet
    set_enabled(not quiet)


def _split(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def _command_line() -> str:
    return shlex.join(["toposcope", *sys.argv[1:]])


@app.command()
@user_errors
def run(
    captions: Annotated[
        Path, typer.Option(help="Gold captions: a dataset dir or a JSONL file.")
    ] = Path("data/captions"),
    ner: Annotated[
        str,
        typer.Option(
            help="Recogniser for Q1/Q3/Q4: spaCy pipeline or path, "
            "or a registered name such as 'gazetteer'."
        ),
    ] = "en_core_web_sm",
    labels: Annotated[str, typer.Option(help="Entity labels kept as toponyms.")] = "GPE,LOC",
    gazetteer: Annotated[str, typer.Option(help="Gazetteer for Q3/Q4.")] = "offline",
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
) -> None:
    """Answer coursework Questions 1-4 for a caption set and write report, CSVs and summary."""
    from evaluation.coursework_answer import answer
    from evaluation.coursework_report import output_paths, render
    from evaluation.matching import MATCHERS
    from geoparser.atomic import write_files_atomic
    from geoparser.documents_io import read_gold
    from geoparser.errors import InputError
    from geoparser.gazetteers import create_gazetteer

    MATCHERS.get(match)
    gold = read_gold(captions, tolerance_km)
    if not gold:
        raise InputError("no captions in the file", captions)
    ans = answer(
        gold,
        ner,
        _split(labels),
        create_gazetteer(gazetteer),
        match,
        others=_split(others) if others is not None else None,
    )
    files = render(ans, _command_line())
    write_files_atomic(output_paths(out_dir, files))
    _print_summary(ans.summary(), ans.q1.recogniser)
    info.print(f"wrote {', '.join(sorted(files))} to {out_dir}/", highlight=False)


def _print_summary(summary: dict, q1_name: str) -> None:
    table = Table(title="Toposcope coursework summary")
    for col in ("question", "system", "TP", "FP", "FN", "precision", "recall", "F1"):
        table.add_column(col, justify="left" if col in {"question", "system"} else "right")

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
    out.print(table)


@app.command()
@user_errors
def score(
    scheme: Annotated[str, typer.Option(help="Scoring scheme, e.g. coursework-ner.")],
    gold: Annotated[Path, typer.Option(help="Gold documents (JSONL or dataset dir).")],
    pred: Annotated[Path, typer.Option(help="Predicted documents (JSONL).")],
    match: Annotated[str, typer.Option(help="Toponym matching: auto, span or text.")] = "auto",
    tolerance_km: Annotated[
        float | None, typer.Option(help="Default tolerance for gold toponyms without their own.")
    ] = None,
    fmt: Annotated[str, typer.Option("--format", help="table, json or csv.")] = "table",
) -> None:
    """Score predictions against gold documents under one scheme."""
    from evaluation.matching import MATCHERS
    from evaluation.schemes import SCHEMES
    from evaluation.schemes import score as run_scheme
    from geoparser.documents_io import read_gold, read_predictions
    from geoparser.errors import UsageError

    SCHEMES.get(scheme)
    MATCHERS.get(match)
    if fmt not in {"table", "json", "csv"}:
        raise UsageError(f"unknown format {fmt!r} (known: csv, json, table)")
    gold_docs = read_gold(gold, tolerance_km)
    predictions = read_predictions(pred, gold_docs)
    result = run_scheme(scheme, gold_docs, predictions, match)
    data = result.to_json()
    if fmt == "json":
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
    elif fmt == "csv":
        import pandas as pd

        rows = [*data["documents"], {"id": "overall", **data["overall"]}]
        sys.stdout.write(pd.DataFrame(rows).to_csv(index=False))
    else:
        _print_score_table(data)


def _print_score_table(data: dict) -> None:
    table = Table(
        title=f"{data['scheme']} ({', '.join(f'{k}={v}' for k, v in data['options'].items())})"
    )
    keys = [k for k in data["overall"]]
    table.add_column("document")
    for k in keys:
        table.add_column(k, justify="right")

    def cell(v: object) -> str:
        if v is None:
            return "undefined"
        return f"{v:.3f}" if isinstance(v, float) else str(v)

    for doc in data["documents"]:
        table.add_row(doc["id"], *(cell(doc[k]) for k in keys))
    table.add_section()
    table.add_row("overall", *(cell(data["overall"][k]) for k in keys))
    out.print(table)
    for note in data.get("notes", []):
        err.print(f"note: {note}", highlight=False)


@app.command()
@user_errors
def parse(
    source: Annotated[
        Path, typer.Option("--in", help="Documents: JSONL, CSV or Parquet (by file name).")
    ],
    out: Annotated[Path, typer.Option("--out", help="Output file.")],
    ner: Annotated[str, typer.Option(help="Recogniser.")] = "en_core_web_sm",
    labels: Annotated[str, typer.Option(help="Entity labels kept as toponyms.")] = "GPE,LOC",
    gazetteer: Annotated[str, typer.Option(help="Gazetteer.")] = "offline",
    policy: Annotated[str, typer.Option(help="Resolver policy.")] = "context",
    fmt: Annotated[str, typer.Option("--format", help="jsonl, geojson or parquet.")] = "jsonl",
    input_format: Annotated[
        str | None, typer.Option(help="jsonl, csv or parquet, when the file name does not say.")
    ] = None,
    text_column: Annotated[str, typer.Option(help="Field or column holding the text.")] = "text",
    id_column: Annotated[str, typer.Option(help="Field or column holding the id.")] = "id",
    workers: Annotated[int, typer.Option(help="Worker processes, each with its own model.")] = 1,
    chunk_size: Annotated[int, typer.Option(help="Documents per chunk (unit of work).")] = 1000,
    resume: Annotated[
        bool, typer.Option(help="Finish an interrupted run, redoing only unfinished chunks.")
    ] = False,
    on_error: Annotated[
        str, typer.Option(help="Bad rows: fail (stop, write nothing) or skip (list them).")
    ] = "fail",
    dask: Annotated[
        str | None, typer.Option(help="Run on the Dask cluster at this scheduler address.")
    ] = None,
) -> None:
    """Geoparse a corpus end to end: recognise, look up and resolve every document."""
    from geoparser.batch import BatchOptions, parse_batch
    from geoparser.sources import open_source
    from geoparser.stages import PipelineSpec

    options = BatchOptions(fmt, chunk_size, workers, resume, on_error, dask)
    options.check()
    spec = PipelineSpec(ner, tuple(_split(labels)), gazetteer, policy)
    stats = parse_batch(open_source(source, input_format, text_column, id_column), out, spec,
                        options)
    info.print(f"{stats.line()}; wrote {out}", highlight=False, soft_wrap=True)


@app.command("resolve")
@user_errors
def resolve_cmd(
    gold: Annotated[Path, typer.Option(help="Gold documents whose toponyms are resolved.")],
    out: Annotated[Path, typer.Option("--out", help="Output file.")],
    gazetteer: Annotated[str, typer.Option(help="Gazetteer.")] = "offline",
    policy: Annotated[str, typer.Option(help="Resolver policy.")] = "context",
    fmt: Annotated[str, typer.Option("--format", help="jsonl or geojson.")] = "jsonl",
) -> None:
    """Resolve the gold toponym mentions (toponym resolution without recognition errors)."""
    from geoparser.corpus import resolve_corpus
    from geoparser.gazetteers import create_gazetteer
    from geoparser.resolution import create_policy
    from geoparser.writers import WRITERS

    WRITERS.get(fmt)
    stats = resolve_corpus(gold, out, create_gazetteer(gazetteer), create_policy(policy), fmt)
    info.print(f"{stats.line()}; wrote {out}", highlight=False)


def entry() -> None:
    app()
