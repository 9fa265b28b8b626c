"""``toposcope score``, ``map`` and ``browse``: judge any system's output against gold documents."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from geoparser.cli.common import err, info, out, stdout, user_errors


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
        note_own_tolerances(gold, tolerance_km)
    if fmt == "table":
        print_table(out, result, notes=err, per_document=per_document)
    elif fmt == "json":  # streamed: memory stays flat whatever the number of documents
        write_json(result, stdout.write)
    else:
        stdout.write(render_text(result, fmt))


def compare_systems(gold: Path, preds: list[Path], names: list[str] | None, scheme: str,
                    match: str, variant: str | None, tolerance_km: float | None,
                    resamples: int, seed: int, fmt: str) -> None:
    """``compare --pred A --pred B``: systems' predictions in one table under a scheme, with
    paired bootstrap intervals and tests (``evaluation.reports.systems``)."""
    from evaluation.reports import systems
    from evaluation.reports.score_output import check_format
    from evaluation.schemes import check_options

    check_format(fmt)
    check_options(scheme, variant)
    found = systems.compare_files(gold, preds, names, scheme, match, variant, tolerance_km,
                                  resamples, seed)
    if scheme != "semeval":
        note_own_tolerances(gold, tolerance_km)
    if fmt == "table":
        systems.print_tables(out, err, found)  # its warnings included
    else:
        stdout.write(systems.render_text(found, fmt))
        for warning in systems.warnings_of(found):
            err.print(f"warning: {warning}", highlight=False, markup=False, soft_wrap=True)


def note_own_tolerances(gold: Path | list, tolerance_km: float | None) -> None:
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
    from evaluation.reports.trained_on import TRAINED_MODELS, models_in_predictions, warnings

    models = models_in_predictions(pred) & set(TRAINED_MODELS)
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




def write_map(result: Path, out: Path, *, docs: Path | None = None, gold: Path | None = None,
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


@user_errors
def map_cmd(
    result: Annotated[Path, typer.Argument(
        help="A result: prediction JSONL (parse/resolve output), GeoJSON, or the CSV, "
        "Parquet or GeoPackage parse writes.")],
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
    write_map(result, out, docs=docs, gold=gold, title=title, tiles=tiles)


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
