"""``toposcope parse``, ``resolve`` and ``convert``: geoparse a corpus of any size, resolve
gold mentions, turn a public corpus into gold JSONL."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from geoparser.cli import options as web
from geoparser.cli.common import info, user_errors
from geoparser.cli.options import (
    GazetteerOption,
    KeepRejectedOption,
    KindsOption,
    LabelsOption,
    MinConfidenceOption,
    NerOption,
    NoDemonymsOption,
    PointsOption,
    PolicyOption,
    minimum_confidence,
    split_list,
)
from geoparser.cli.scoring import write_map
from geoparser.defaults import DEFAULT_POINTS, DEFAULT_POLICY, DEFAULT_RECOGNISER


@user_errors
def convert(
    fmt: Annotated[str, typer.Option(
        "--from", help="Input format: a corpus (geovirus, wiktor, gwn, semeval2019, lgl, wotr), "
        "NER data (conll: token and BIO tag a line; conllu: CoNLL-U with GUM's Entity "
        "column), an annotation tool's export (labelstudio: its JSON export; doccano: its "
        "JSONL export), a spaCy DocBin (docbin) or Toposcope's gold JSONL (jsonl).")],
    path: Annotated[Path, typer.Argument(help="The corpus file or folder.")],
    to: Annotated[str, typer.Option(
        "--to", help="Output format: jsonl (Toposcope's gold JSONL) or docbin (a spaCy DocBin "
        ".spacy file for `spacy evaluate` and training; needs --out).")] = "jsonl",
    out: Annotated[Path | None, typer.Option(
        "--out", help="Output file (default: standard output, for jsonl).")] = None,
    lang: Annotated[str, typer.Option(
        "--lang", help="docbin: the spaCy language whose tokenizer splits the texts.")] = "en",
    types: Annotated[str | None, typer.Option(
        "--types", metavar="TYPE=KIND,...",
        help="What the corpus's entity types are, over the defaults (docs/formats.md): KIND "
        "is toponym, person, organisation, other or ignore, e.g. "
        "'facility=toponym,misc=ignore'. conll, conllu, wotr, labelstudio, doccano, "
        "docbin.")] = None,
    documents: Annotated[str, typer.Option(
        "--documents", help="conll: where a document ends: docstart (each -DOCSTART- line), "
        "blank (each blank line) or auto (docstart if the file has -DOCSTART- lines).")
    ] = "auto",
    tags: Annotated[str, typer.Option(
        "--tags", help="conll: the tags' BIO variant: iob1, iob2, bioes or auto (read "
        "from the file).")] = "auto",
) -> None:
    """Convert a corpus or an annotation tool's export into gold JSONL or a spaCy DocBin."""
    from geoparser.cli.convert import run_convert
    from geoparser.corpora.base import ReadOptions
    from geoparser.corpora.entity_types import parse_types

    options = ReadOptions(parse_types(types), documents, tags)
    run_convert(fmt, path, to=to, out_path=out, lang=lang, options=options)


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
        "(.jsonl, .geojson, .csv, .parquet, .gpkg, .labelstudio.json: Label Studio tasks with "
        "the toponyms as pre-annotations).")],
    ner: NerOption = DEFAULT_RECOGNISER,
    labels: LabelsOption = "GPE,LOC",
    gazetteer: GazetteerOption = "offline",
    policy: PolicyOption = DEFAULT_POLICY,
    fmt: Annotated[str | None, typer.Option(
        "--format", help="jsonl, geojson, csv, csv-excel (the CSV with a UTF-8 byte order "
        "mark, which Excel needs to read accented names), parquet (GeoParquet with the geo "
        "extra), gpkg "
        "(GeoPackage, needs the geo extra), labelstudio or cliff (JSON lines of CLIFF-CLAVIN's "
        "answers, for code written for CLIFF) (default: from the --out extension, else "
        "jsonl).")
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
        "favours namesakes there, and a town its name spells out ('jordannews.com': Jordan, "
        "Minnesota) is its home town. 'none': no groups (one pass instead of two).")] = "source",
    with_candidates: Annotated[bool, typer.Option(
        "--with-candidates", help="JSONL or GeoJSON: also write every candidate each place "
        "was chosen from (the errors scheme then tells disambiguation errors apart; --map "
        "popups list them).")] = False,
    points: PointsOption = DEFAULT_POINTS,
    min_confidence: MinConfidenceOption = None,
    keep_rejected: KeepRejectedOption = False,
    no_demonyms: NoDemonymsOption = False,
    kinds: KindsOption = "all",
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
    explain_passes: Annotated[bool, typer.Option(
        "--explain-passes", help="After the run, print on standard error how many spans each "
        "recognition pass proposed and how many of them the output holds (summed over every "
        "chunk and worker; shown even with --quiet).")] = False,
) -> None:
    """Geoparse documents end to end: recognise, look up and resolve every one."""
    from geoparser.batch.part_formats import PART_FORMATS
    from geoparser.batch.run import BatchOptions, parse_batch
    from geoparser.batch.stages import PipelineSpec
    from geoparser.errors import UsageError
    from geoparser.io.output_path import (
        check_geopackage_replaceable,
        check_output,
        output_format,
    )
    from geoparser.io.sources import STDIN, is_pipe, open_source
    from geoparser.resolution.mention_kinds import chosen_kinds

    fmt = output_format(out, fmt, PART_FORMATS.names())
    check_output(out, [source], kept={"the web cache": web_cache})
    if fmt == "gpkg":
        check_geopackage_replaceable(out)
    options = BatchOptions(fmt, chunk_size, workers, resume, on_error, dask, with_candidates)
    options.check()
    read_once = source == STDIN or is_pipe(source)
    if resume and read_once:
        raise UsageError("--resume needs an input file: standard input or a pipe cannot be "
                         "read again")
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
        cache_days=cache_days, contact=contact, inputs=[source]), points,
        minimum_confidence(policy, min_confidence), keep_rejected, not no_demonyms,
        chosen_kinds(kinds))
    spec.check()
    group_column = None if group_by.lower() == "none" else group_by
    if map_out is None:
        stats = parse_batch(open_source(source, in_format, text_column, id_column,
                                        group_column=group_column), out, spec, options)
        info.print(f"{stats.line()}; wrote {out}", highlight=False, soft_wrap=True)
        _explain(stats.totals.passes, explain_passes)
        return
    from geoparser.io.atomic import kept_aside

    # OUT and the map are one output: if the map fails, OUT goes back to what it was.
    with kept_aside(out):
        stats = parse_batch(open_source(source, in_format, text_column, id_column,
                                        group_column=group_column), out, spec, options)
        write_map(out, map_out, docs=None if read_once else source,
                   input_format=in_format, text_column=text_column, id_column=id_column,
                   announce=False)
    info.print(f"{stats.line()}; wrote {out}", highlight=False, soft_wrap=True)
    info.print(f"wrote {map_out}", highlight=False, soft_wrap=True)
    _explain(stats.totals.passes, explain_passes)


def _explain(passes: dict[str, list[int]], asked: bool) -> None:
    """``parse --explain-passes``: the run's pass tally as a table on standard error."""
    if asked:
        from geoparser.batch.pass_tally import table
        from geoparser.cli.common import err

        err.print(table(passes), markup=False, highlight=False, soft_wrap=True)


@user_errors
def resolve_cmd(
    gold: Annotated[Path, typer.Option(help="Gold documents whose toponyms are resolved.")],
    out: Annotated[Path, typer.Option(
        "--out", help="Output file (- for standard output); its extension names the format.")],
    gazetteer: GazetteerOption = "offline",
    policy: PolicyOption = DEFAULT_POLICY,
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
        "lie, favours namesakes there, and a town its name spells out is its home town. "
        "'none': no groups.")] = "source",
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
        cache_days=cache_days, contact=contact, inputs=[gold]))
    stats = resolve_corpus(gold, out, gaz, chosen, fmt, context_recogniser=context,
                           collection=collection,
                           group_by=None if group_by.lower() == "none" else group_by,
                           min_confidence=minimum_confidence(policy, min_confidence))
    info.print(f"{stats.line()}; wrote {out}", highlight=False)
