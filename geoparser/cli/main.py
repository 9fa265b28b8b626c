"""The ``toposcope`` command line: ``run`` answers the coursework, ``score`` scores any output."""

from __future__ import annotations

import logging
import shlex
import sys
import warnings
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from geoparser.cli import options as web
from geoparser.cli.common import err, info, out, stdout, user_errors
from geoparser.cli.gazetteer import gazetteer_app
from geoparser.cli.group import ToposcopeGroup
from geoparser.cli.options import minimum_confidence, split_list
from geoparser.cli.serve import serve
from geoparser.defaults import DEFAULT_POINTS, DEFAULT_POLICY, DEFAULT_RECOGNISER
from geoparser.progress import set_enabled, set_notes

#: ``--points`` of ``parse`` and ``resolve`` (``resolution.base.POINT_CONVENTIONS``).
PointsOption = Annotated[str, typer.Option(
    help="Whose point stands for a country or first-level area: geonames (GeoNames' own "
    "country points; Natural Earth's for the rest), natural-earth (centroids and label "
    "points) or factbook (the CIA Factbook's country points).")]

MinConfidenceOption = Annotated[float | None, typer.Option(
    "--min-confidence", metavar="P", help="Leave a toponym unplaced (geometry null, the reason "
    "says why) when the probability that its point is within 161 km of the right one is below "
    "P (default: the policy's, chosen on the shared corpora; 0 places every toponym).")]

#: ``-h`` as well as ``--help``, for every command (subcommands inherit it).
CONTEXT = {"help_option_names": ["-h", "--help"]}

app = typer.Typer(
    cls=ToposcopeGroup,
    add_completion=False,
    no_args_is_help=True,
    context_settings=CONTEXT,
    rich_markup_mode=None,
    help="Toposcope: find place names in text, put them on the map, and measure how well.",
)


@user_errors
def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("toposcope")
        except PackageNotFoundError:  # run from a source tree that is not installed
            v = "unknown (not installed)"
        out.print(f"toposcope {v}", highlight=False)
        raise typer.Exit()


@app.callback()
def main(
    verbose: Annotated[bool, typer.Option(
        "--verbose", "-v", help="Log progress (anywhere on the line).")] = False,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="Only errors, no progress bar (anywhere on the line).")] = False,
    version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Print the version and exit.")]
    = False,
) -> None:
    level = logging.ERROR if quiet else logging.INFO if verbose else logging.WARNING
    logging.basicConfig(format="toposcope: %(levelname)s: %(message)s")  # no-op if configured
    for name in ("geoparser", "evaluation"):
        logging.getLogger(name).setLevel(level)
    # urllib3 warns of each retry; under -q only errors are shown.
    logging.getLogger("urllib3").setLevel(logging.ERROR if quiet else logging.NOTSET)
    info.quiet = quiet
    set_enabled(not quiet)
    set_notes(None if quiet else
              lambda text: info.print(text, markup=False, highlight=False, soft_wrap=True))
    if quiet:
        # Library warnings (matplotlib's "Glyph ... missing from font") are not errors.
        warnings.simplefilter("ignore")


def _command_line() -> str:
    return shlex.join(["toposcope", *sys.argv[1:]])


@app.command()
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
    labels: Annotated[str, typer.Option(help="Entity labels kept as toponyms.")] = "GPE,LOC",
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
                                  cache_path=web_cache, cache_days=cache_days, contact=contact),
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
    _note_own_tolerances(captions, tolerance_km)
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


@app.command()
@user_errors
def score(
    scheme: Annotated[str, typer.Option(
        help="Scoring scheme: semeval, errors, pairing, distance, coursework-ner, "
             "coursework-geo, or all.")],
    gold: Annotated[Path, typer.Option(help="Gold documents (JSONL or dataset dir).")],
    pred: Annotated[Path, typer.Option(help="Predicted documents (JSONL).")],
    match: Annotated[str, typer.Option(
        help="Toponym matching: auto, span, overlap, text or levenshtein.")] = "auto",
    tolerance_km: Annotated[
        float | None, typer.Option(help="Default tolerance for gold toponyms without their own.")
    ] = None,
    variant: Annotated[str | None, typer.Option(
        help="pairing only: standard, no-boundaries or relaxed.")] = None,
    fmt: Annotated[str, typer.Option(
        "--format", help="table, json, csv or markdown.")] = "table",
    errors: Annotated[Path | None, typer.Option(
        "--errors", help="Also write every error (document, span, text, category, gold and "
                         "chosen place, distance) to this CSV file.")] = None,
    per_document: Annotated[bool, typer.Option(
        "--per-document", help="table: also the per-document rows (JSON and CSV always hold "
                               "them).")] = False,
) -> None:
    """Score predictions against gold documents under one scheme (or all)."""
    from evaluation.matching import MATCHERS
    from evaluation.reports.score_output import (
        check_format,
        print_table,
        render_text,
        write_json,
    )
    from evaluation.schemes import SCHEMES, score_files

    SCHEMES.get(scheme)
    MATCHERS.get(match)
    check_format(fmt)
    if errors is not None:
        from geoparser.io.atomic import is_stream
        from geoparser.io.output_path import check_output

        if is_stream(errors):
            from geoparser.errors import UsageError

            raise UsageError(f"--errors {errors} would mix the error list into the scores "
                             "on standard output; give --errors a file name")
        check_output(errors, [gold, pred], option="--errors")
    result = score_files(scheme, gold, pred, match, variant, tolerance_km)
    if errors is not None:
        _write_errors(errors, gold, pred, match, tolerance_km)
    _warn_trained_on(gold, pred, tolerance_km)
    if scheme != "semeval":
        _note_own_tolerances(gold, tolerance_km)
    if fmt == "table":
        print_table(out, result, notes=err, per_document=per_document)
    elif fmt == "json":  # streamed: memory stays flat whatever the number of documents
        write_json(result, stdout.write)
    else:
        stdout.write(render_text(result, fmt))


def _note_own_tolerances(gold: Path | list, tolerance_km: float | None) -> None:
    """Say how many gold toponyms keep their own tolerance although ``--tolerance-km`` was
    given: it is only the default for the others, and was silent about it."""
    if tolerance_km is None:
        return
    if isinstance(gold, list):
        documents = gold
    else:
        from geoparser.io.documents import iter_documents

        documents = iter_documents(gold, tolerance_km, group_field=None)
    own = total = 0
    for doc in documents:
        for t in doc.toponyms:
            total += 1
            own += t.tolerance_km != tolerance_km
    if own:
        err.print(f"note: {own:,} of {total:,} gold toponyms carry their own tolerance_km, "
                  f"which wins over --tolerance-km {tolerance_km:g} (the default for the other "
                  f"{total - own:,})", markup=False, highlight=False, soft_wrap=True)


def _warn_trained_on(gold: Path, pred: Path, tolerance_km: float | None) -> None:
    """Warn when the predictions come from a shipped model (their ``recogniser``/``policy``
    fields) that was trained on some of the gold documents."""
    from evaluation.reports.trained_on import (
        LEARNED_POLICIES,
        TOPONYM_RECOGNISERS,
        models_in_predictions,
        warnings,
    )

    models = models_in_predictions(pred) & {*TOPONYM_RECOGNISERS, *LEARNED_POLICIES}
    if not models:
        return
    from geoparser.io.documents import load_gold

    for warning in warnings(sorted(models), list(load_gold(gold, tolerance_km).texts)):
        err.print(f"warning: {warning}", markup=False, highlight=False, soft_wrap=True)


def _write_errors(path: Path, gold: Path, pred: Path, match: str,
                  tolerance_km: float | None) -> None:
    """``score --errors``: every error of the ``errors`` scheme as CSV."""
    from evaluation.reports.error_list import errors_csv
    from evaluation.schemes import score_files
    from geoparser.io.atomic import write_text_atomic

    found = score_files("errors", gold, pred, match, None, tolerance_km, every_error=True)
    write_text_atomic(path, errors_csv(found))
    info.print(f"wrote every error to {path}", highlight=False, soft_wrap=True)


@app.command()
@user_errors
def convert(
    fmt: Annotated[str, typer.Option(
        "--from", help="Corpus format: geovirus, wiktor, gwn, semeval2019 or lgl.")],
    path: Annotated[Path, typer.Argument(help="The corpus file or folder.")],
) -> None:
    """Convert a public corpus into gold JSONL on standard output."""
    from geoparser.cli.convert import run_convert

    run_convert(fmt, path)


@app.command()
@user_errors
def compare(
    ner: Annotated[str, typer.Option(
        help="Recognisers, comma-separated: {ner}, or spaCy pipelines by name or path.")]
    = ("en_core_web_sm,gazetteer,hybrid,toponym,toponym-checked,toponym-transformer,"
       "toponym-transformer-checked"),
    gold: Annotated[Path | None, typer.Option(
        help="Gold documents (default: the caption set).")] = None,
    labels: Annotated[str, typer.Option(help="Entity labels kept as toponyms.")] = "GPE,LOC",
    match: Annotated[str, typer.Option(help="Toponym matching mode.")] = "auto",
    out_dir: Annotated[Path, typer.Option("--out", help="Folder for compare.md/.csv/.png "
                                          "(its own, so the coursework's results/ stay).")]
    = Path("results/compare"),
) -> None:
    """Run several recognisers on the same gold documents and compare them in one table."""
    from evaluation.matching import MATCHERS
    from geoparser.io.output_lock import locked_folder
    from geoparser.io.output_path import check_output

    MATCHERS.get(match)
    source = gold or Path("data/captions")
    check_output(out_dir, [source], folder=True)
    with locked_folder(out_dir):
        _compare(source, ner, labels, match, out_dir)


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


@app.command()
@user_errors
def parse(
    source: Annotated[
        str, typer.Option(
            "--in", metavar="FILE|FOLDER|-",
            help="Documents: a .txt file (one document, id from its name), a folder of .txt "
            "files, JSONL, CSV or Parquet (by file name), or - for standard input (JSONL when "
            "it starts with {, else one text). Records without an id get their line number.")
    ],
    out: Annotated[Path, typer.Option(
        "--out", help="Output file (- for standard output); its extension names the format "
        "(.jsonl, .geojson, .csv, .parquet, .gpkg).")],
    ner: Annotated[str, typer.Option(
        help="Recogniser: {ner}, or a spaCy pipeline by package name or path.")]
    = DEFAULT_RECOGNISER,
    labels: Annotated[str, typer.Option(help="Entity labels kept as toponyms.")] = "GPE,LOC",
    gazetteer: Annotated[str, typer.Option(help="Gazetteer: {gazetteer}.")] = "offline",
    policy: Annotated[str, typer.Option(help="Resolver policy: {policy}.")] = DEFAULT_POLICY,
    fmt: Annotated[str | None, typer.Option(
        "--format", help="jsonl, geojson, csv, parquet (GeoParquet with the geo extra) or gpkg "
        "(GeoPackage, needs the geo extra) (default: from the --out extension, else jsonl).")
    ] = None,
    in_format: Annotated[
        str | None, typer.Option(
            "--in-format", help="text, jsonl, csv or parquet, when the file name does not say "
            "(standard input: jsonl or text).")
    ] = None,
    text_column: Annotated[str, typer.Option(help="Field or column holding the text.")] = "text",
    id_column: Annotated[str, typer.Option(
        help="Field or column holding the id (when it is 'id' and absent, the line number).")]
    = "id",
    group_by: Annotated[str, typer.Option(
        "--group-by", metavar="FIELD", help="JSONL field or CSV column naming each document's "
        "group (the paper it appeared in): a group's home region, read off all its documents, "
        "favours namesakes there. 'none': no groups (one pass instead of two).")] = "source",
    with_candidates: Annotated[bool, typer.Option(
        "--with-candidates", help="JSONL or GeoJSON: also write every candidate each place "
        "was chosen from (the errors scheme then tells disambiguation errors apart; --map "
        "popups list them).")] = False,
    points: PointsOption = DEFAULT_POINTS,
    min_confidence: MinConfidenceOption = None,
    workers: Annotated[int, typer.Option(help="Worker processes, each with its own model.")] = 1,
    chunk_size: Annotated[int, typer.Option(help="Documents per chunk (unit of work).")] = 1000,
    resume: Annotated[
        bool, typer.Option("--resume",
                           help="Finish an interrupted run, redoing only unfinished chunks.")
    ] = False,
    on_error: Annotated[
        str, typer.Option(help="Bad rows: fail (stop, write nothing) or skip (list them).")
    ] = "fail",
    dask: Annotated[
        str | None, typer.Option(help="Run on the Dask cluster at this scheduler address.")
    ] = None,
    no_cache: web.NoCacheOption = False,
    refresh: web.RefreshOption = False,
    web_cache: web.CachePathOption = None,
    cache_days: web.CacheDaysOption = None,
    contact: web.ContactOption = None,
    map_out: Annotated[
        Path | None, typer.Option("--map", help="Also write an offline interactive map (HTML).")
    ] = None,
) -> None:
    """Geoparse documents end to end: recognise, look up and resolve every one."""
    from geoparser.batch.part_formats import PART_FORMATS
    from geoparser.batch.run import BatchOptions, parse_batch
    from geoparser.batch.stages import PipelineSpec
    from geoparser.errors import UsageError
    from geoparser.io.output_path import check_output, output_format
    from geoparser.io.sources import STDIN, open_source

    fmt = output_format(out, fmt, PART_FORMATS.names())
    check_output(out, [source], kept={"the web cache": web_cache})
    options = BatchOptions(fmt, chunk_size, workers, resume, on_error, dask, with_candidates)
    options.check()
    if resume and source == STDIN:
        raise UsageError("--resume needs an input file: standard input cannot be read again")
    if map_out is not None:
        from geoparser.io.atomic import is_stream

        if fmt not in ("jsonl", "geojson"):
            raise UsageError(f"--map draws from jsonl or geojson output, not {fmt}")
        if is_stream(out):
            raise UsageError("--map reads the output back: give --out a file name")
        check_output(map_out, [source, out], option="--map",
                     kept={"the web cache": web_cache})
    spec = PipelineSpec(ner, tuple(split_list(labels)), gazetteer, policy, web.web_overrides(
        gazetteer, no_cache=no_cache, refresh=refresh, cache_path=web_cache,
        cache_days=cache_days, contact=contact), points,
        minimum_confidence(policy, min_confidence))
    spec.check()
    group_column = None if group_by.lower() == "none" else group_by
    if map_out is None:
        stats = parse_batch(open_source(source, in_format, text_column, id_column,
                                        group_column=group_column), out, spec, options)
        info.print(f"{stats.line()}; wrote {out}", highlight=False, soft_wrap=True)
        return
    from geoparser.io.atomic import kept_aside

    # OUT and the map are one output: if the map fails, OUT goes back to what it was.
    with kept_aside(out):
        stats = parse_batch(open_source(source, in_format, text_column, id_column,
                                        group_column=group_column), out, spec, options)
        _write_map(out, map_out, docs=None if source == STDIN else source,
                   input_format=in_format, text_column=text_column, id_column=id_column,
                   announce=False)
    info.print(f"{stats.line()}; wrote {out}", highlight=False, soft_wrap=True)
    info.print(f"wrote {map_out}", highlight=False, soft_wrap=True)


def _write_map(result: Path, out: Path, *, docs: Path | None = None, gold: Path | None = None,
               title: str | None = None, tiles: bool = False, input_format: str | None = None,
               text_column: str = "text", id_column: str = "id", announce: bool = True) -> None:
    from evaluation.reports.map_inputs import read_result, texts_of
    from evaluation.reports.webmap import add_gold, add_texts, page
    from geoparser.io.atomic import write_text_atomic
    from geoparser.io.documents import read_gold

    toponyms = read_result(result)
    if gold is not None:
        toponyms = add_gold(toponyms, read_gold(gold))
    if docs is not None:
        ids = {t.doc_id for t in toponyms}
        add_texts(toponyms, texts_of(docs, ids, input_format, text_column, id_column))
    html = page(toponyms, title or f"Toposcope: {result.name}", tiles=tiles,
                subtitle=f"from {result.name}" + (f", gold {gold.name}" if gold else ""))
    write_text_atomic(out, html)
    if announce:
        info.print(f"wrote {out}", highlight=False, soft_wrap=True)


@app.command("map")
@user_errors
def map_cmd(
    result: Annotated[Path, typer.Argument(
        help="A result: prediction JSONL (parse/resolve output) or GeoJSON.")],
    out: Annotated[Path, typer.Option("--out", help="The HTML map to write.")] = Path("map.html"),
    gold: Annotated[Path | None, typer.Option(
        help="Gold documents: draws gold points, tolerance circles and error lines.")] = None,
    docs: Annotated[Path | None, typer.Option(
        "--in", help="The input documents, to show each toponym's text in its popup.")] = None,
    title: Annotated[str | None, typer.Option(help="Title shown above the map.")] = None,
    tiles: Annotated[bool, typer.Option(
        help="Add web map tiles (needs a connection when viewed); off: offline base map only.")
    ] = False,
) -> None:
    """Draw any result on a self-contained interactive map that opens offline."""
    from geoparser.io.output_path import check_output

    check_output(out, [result, gold, docs])
    _write_map(result, out, docs=docs, gold=gold, title=title, tiles=tiles)


@app.command()
@user_errors
def browse(
    gold: Annotated[Path, typer.Option(help="Gold documents (JSONL or dataset dir).")],
    pred: Annotated[list[Path], typer.Option(
        help="A system's predictions (JSONL); give --pred twice to set two side by side.")],
    out: Annotated[Path, typer.Option("--out", help="The HTML page to write.")] = Path(
        "browse.html"),
    name: Annotated[list[str] | None, typer.Option(
        help="A name for each --pred, in order (default: the file names).")] = None,
    match: Annotated[str, typer.Option(
        help="Toponym matching: auto, span, overlap, text or levenshtein.")] = "auto",
    tolerance_km: Annotated[
        float | None, typer.Option(help="Default tolerance for gold toponyms without their own.")
    ] = None,
    title: Annotated[str | None, typer.Option(help="Title shown above the page.")] = None,
    max_documents: Annotated[int, typer.Option(
        help="Show the first N documents and their errors (0: all; a page of tens of "
        "thousands is slow to open: score --errors lists every error).")] = 2000,
) -> None:
    """Browse every error of one or two systems on one offline HTML page: each document with
    gold and predicted toponyms highlighted, filters by error category and document, and a map
    of each error's gold and chosen place."""
    from evaluation.matching import MATCHERS
    from evaluation.reports.browse import browse_page
    from geoparser.io.atomic import write_text_atomic
    from geoparser.io.output_path import check_output

    MATCHERS.get(match)
    check_output(out, [gold, *pred])
    html = browse_page(gold, pred, name, match, tolerance_km, title, max_documents)
    write_text_atomic(out, html)
    info.print(f"wrote {out}", highlight=False, soft_wrap=True)


@app.command("resolve")
@user_errors
def resolve_cmd(
    gold: Annotated[Path, typer.Option(help="Gold documents whose toponyms are resolved.")],
    out: Annotated[Path, typer.Option(
        "--out", help="Output file (- for standard output); its extension names the format.")],
    gazetteer: Annotated[str, typer.Option(help="Gazetteer: {gazetteer}.")] = "offline",
    policy: Annotated[str, typer.Option(help="Resolver policy: {policy}.")] = DEFAULT_POLICY,
    fmt: Annotated[str | None, typer.Option(
        "--format", help="jsonl, geojson or csv (default: from the --out extension, else "
        "jsonl).")] = None,
    context_ner: Annotated[str, typer.Option(
        help="Recogniser whose toponyms the context policy may use as evidence ('none': "
             "only the gold mentions).")] = DEFAULT_RECOGNISER,
    collection: Annotated[bool, typer.Option(
        "--collection", help="The documents belong together (one album's captions, one "
        "paper's stories): a document naming a single place weighs the others' toponyms as "
        "its context. Reads all documents at once.")] = False,
    group_by: Annotated[str, typer.Option(
        "--group-by", metavar="FIELD", help="The field naming each document's group (the "
        "paper it appeared in): a group's home region, where most of its unambiguous towns "
        "lie, favours namesakes there. 'none': no groups.")] = "source",
    points: PointsOption = DEFAULT_POINTS,
    min_confidence: MinConfidenceOption = None,
    no_cache: web.NoCacheOption = False,
    refresh: web.RefreshOption = False,
    web_cache: web.CachePathOption = None,
    cache_days: web.CacheDaysOption = None,
    contact: web.ContactOption = None,
) -> None:
    """Resolve the gold toponym mentions (toponym resolution without recognition errors)."""
    from geoparser.batch.corpus import resolve_corpus
    from geoparser.gazetteers import create_gazetteer
    from geoparser.io.output_path import check_output, output_format
    from geoparser.io.writers import WRITERS
    from geoparser.resolution import create_policy

    fmt = output_format(out, fmt, WRITERS.names())
    check_output(out, [gold], kept={"the web cache": web_cache})
    from geoparser.errors import UsageError
    from geoparser.recognition import create_recogniser
    from geoparser.resolution.base import point_order

    point_order(points)  # an unknown convention is refused before the policy is made
    chosen = create_policy(policy, points=points)
    if getattr(chosen, "needs_guide", False):
        raise UsageError(f"policy {policy!r} needs guide points, and resolving gold mentions "
                         "has none (use it in toposcope run, where each caption's guide is "
                         "known)")
    context = None
    if context_ner != "none" and getattr(chosen, "uses_context", False):
        context = create_recogniser(context_ner)
    gaz = create_gazetteer(gazetteer, **web.gazetteer_config(
        gazetteer, no_cache=no_cache, refresh=refresh, cache_path=web_cache,
        cache_days=cache_days, contact=contact))
    stats = resolve_corpus(gold, out, gaz, chosen, fmt, context_recogniser=context,
                           collection=collection,
                           group_by=None if group_by.lower() == "none" else group_by,
                           min_confidence=minimum_confidence(policy, min_confidence))
    info.print(f"{stats.line()}; wrote {out}", highlight=False)


app.add_typer(gazetteer_app, name="gazetteer")
app.command("serve")(user_errors(serve))


def entry() -> None:
    app()
