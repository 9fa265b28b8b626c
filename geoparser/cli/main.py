"""The ``toposcope`` command line: the Typer app, its global options, and every command
registered in the order ``--help`` lists them (each command lives in the module of its wing)."""

from __future__ import annotations

import logging
import os
import warnings
from typing import Annotated

import typer

from geoparser.cli.common import info, out, user_errors
from geoparser.cli.coursework import compare, run
from geoparser.cli.gazetteer import gazetteer_app
from geoparser.cli.geoparsing import convert, parse, resolve_cmd
from geoparser.cli.group import ToposcopeGroup
from geoparser.cli.scoring import browse, map_cmd, score
from geoparser.cli.serve import serve
from geoparser.defaults import LEAN_LIGHTGBM_ENV
from geoparser.progress import set_enabled, set_notes

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


app.command()(run)
app.command()(score)
app.command()(convert)
app.command()(compare)
app.command()(parse)
app.command("map")(map_cmd)
app.command()(browse)
app.command("resolve")(resolve_cmd)
app.add_typer(gazetteer_app, name="gazetteer")
app.command("serve")(user_errors(serve))


def entry() -> None:
    # this process and its workers are the command's: their boosters never read a DataFrame
    # (resolution.boosted_trees; importing it here would load every policy for ``--help``)
    os.environ[LEAN_LIGHTGBM_ENV] = "1"
    app()


if __name__ == "__main__":
    entry()
