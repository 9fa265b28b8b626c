"""``toposcope gazetteer build`` (import GeoNames dumps) and ``toposcope gazetteer stats``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from geoparser.cli.common import err, info, out, user_errors

if TYPE_CHECKING:  # imported where used: the gazetteers package loads the web clients
    from geoparser.gazetteers.sqlite_index import SqliteIndex

gazetteer_app = typer.Typer(
    no_args_is_help=True, rich_markup_mode=None,
    help="Build a gazetteer index from GeoNames dumps, or describe one."
)

# GeoNames feature classes (readme of the dumps).
FEATURE_CLASSES = {
    "A": "country, state, region",
    "H": "stream, lake, sea",
    "L": "parks, area, continent",
    "P": "city, village",
    "R": "road, railroad",
    "S": "spot, building, farm",
    "T": "mountain, hill, rock, island",
    "U": "undersea",
    "V": "forest, heath",
    "": "unknown",
}


@gazetteer_app.command()
@user_errors
def build(
    files: Annotated[
        list[Path],
        typer.Argument(
            metavar="FILE",
            help="GeoNames dumps: allCountries.zip, cities500.zip, a country file such as "
            "GB.zip (or their .txt), and optionally alternateNamesV2.zip."
        ),
    ],
    out_path: Annotated[
        Path | None,
        typer.Option("--out", help="Index file (default: geonames-dump.sqlite in the cache dir)."),
    ] = None,
) -> None:
    """Import GeoNames dumps into a SQLite index, for --gazetteer geonames-dump."""
    from geoparser.gazetteers.dump_gazetteer import default_dump_path
    from geoparser.gazetteers.geonames_dump import SkippedRows, build_dump_index
    from geoparser.io.output_path import check_output

    path = check_output(out_path or default_dump_path(), files)
    skipped = SkippedRows()
    n, seconds = build_dump_index(files, path, skipped)
    if skipped.count:
        err.print(f"toposcope: warning: skipped {skipped.count:,} rows with impossible "
                  f"coordinates (e.g. {skipped.examples[0]})", markup=False, highlight=False,
                  soft_wrap=True)
    info.print(f"indexed {n:,} places into {path} in {seconds:.1f} s", highlight=False)


@gazetteer_app.command()
@user_errors
def stats(
    gazetteer: Annotated[
        str, typer.Option(help="offline or geonames-dump (ignored with --index).")
    ] = "offline",
    index: Annotated[Path | None, typer.Option(help="An index file to describe.")] = None,
) -> None:
    """Count the places of a gazetteer index by feature class and by source."""
    from geoparser.errors import UsageError
    from geoparser.gazetteers.sqlite_index import GazetteerIndexError, SqliteIndex

    if index is not None:
        try:
            idx = SqliteIndex(index)
        except GazetteerIndexError as exc:
            raise UsageError(str(exc)) from None
    elif gazetteer == "offline":
        from geoparser.gazetteers.offline import open_index

        idx = open_index()
    elif gazetteer == "geonames-dump":
        from geoparser.gazetteers.dump_gazetteer import DumpGazetteer

        idx = DumpGazetteer().index
    else:
        raise UsageError(f"no index to describe for gazetteer {gazetteer!r}")
    print_stats(idx)


def print_stats(idx: SqliteIndex) -> None:
    """Print the index's places by feature class and by source, counted in full first so a
    damaged index prints one line and no half table."""
    by_source = idx.counts_by("source", "licence", "feature_class")
    by_class = idx.counts_by("feature_class")
    with_point = idx.counts_with_point("feature_class")
    names = idx.count_names()
    total = sum(by_source.values())
    classes = Table(title=f"{idx.path.name}: places by feature class")
    for col in ("class", "meaning", "places", "with a point"):
        classes.add_column(col, justify="right" if col in {"places", "with a point"} else "left")
    for (fclass,), n in by_class.items():
        classes.add_row(fclass or "—", FEATURE_CLASSES.get(fclass, ""), f"{n:,}",
                        f"{with_point.get((fclass,), 0):,}")
    out.print(classes)
    sources = Table(title="places by source and feature class")
    for col in ("source", "licence", "class", "places"):
        sources.add_column(col, justify="right" if col == "places" else "left")
    for (source, licence, fclass), n in sorted(by_source.items()):
        sources.add_row(source, licence or "—", fclass or "—", f"{n:,}")
    out.print(sources)
    out.print(f"{total:,} places, {names:,} (name, place) entries", highlight=False)
