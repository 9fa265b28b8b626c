"""The command group behind ``toposcope``: global options anywhere on the line, old option
spellings kept as hidden aliases, and the choices of registry-backed options in their help.

Click takes a group's options only before the subcommand; users type ``toposcope parse ... -q``
as readily as ``toposcope -q parse ...``, so the global flags are moved to the front before
Click parses. Choices (``--policy``, ``--gazetteer``, ``--ner``) come from the registries,
plug-ins included; filling them in needs those registries imported, so it happens when a
command is looked up rather than when the CLI starts (``toposcope score`` stays light).
"""

from __future__ import annotations

from collections.abc import Callable

import click
from typer.core import TyperGroup

#: Options of the main callback that may appear anywhere (they take no value).
GLOBAL_FLAGS = frozenset({"-q", "--quiet", "-v", "--verbose"})

#: ``(command, old spelling) -> current spelling``: hidden aliases of renamed options.
RENAMED = {
    ("run", "--captions"): "--gold",
    ("compare", "--corpus"): "--gold",
    ("parse", "--input-format"): "--in-format",
}

#: ``{placeholder}`` in an option's help -> the names it stands for.
CHOICES: dict[str, Callable[[], list[str]]] = {}


def choice_list(kind: str) -> Callable[[], list[str]]:
    def names() -> list[str]:
        if kind == "policy":
            from geoparser.resolution import POLICIES

            return POLICIES.names()
        if kind == "gazetteer":
            from geoparser.gazetteers import GAZETTEERS

            return GAZETTEERS.names()
        from geoparser.recognition import available_recognisers

        return available_recognisers()

    return names


for _kind in ("policy", "gazetteer", "ner"):
    CHOICES[_kind] = choice_list(_kind)


def hoist(args: list[str]) -> list[str]:
    """``args`` with the global flags moved to the front and renamed options respelled."""
    if not args:
        return args
    try:
        stop = args.index("--")
    except ValueError:
        stop = len(args)
    head, tail = args[:stop], args[stop:]
    flags = [a for a in head if a in GLOBAL_FLAGS]
    rest = [a for a in head if a not in GLOBAL_FLAGS]
    command = rest[0] if rest else None
    respelled = []
    for a in rest:
        if not isinstance(a, str):  # a caller may pass paths (click's test runner takes them)
            respelled.append(a)
            continue
        name, eq, value = a.partition("=")
        new = RENAMED.get((command, name))
        if new is not None:  # silently: a note would break the one-line error rule
            a = new + eq + value
        respelled.append(a)
    return flags + respelled + tail


def fill_choices(command: click.Command) -> click.Command:
    """Replace ``{policy}``, ``{gazetteer}``, ``{ner}`` in the command's option help with the
    registered names (for a generated reference too: call it on each command)."""
    for param in command.params:
        help_text = getattr(param, "help", None)
        if help_text and "{" in help_text:
            for kind, names in CHOICES.items():
                marker = "{" + kind + "}"
                if marker in help_text:
                    help_text = help_text.replace(marker, ", ".join(names()))
            param.help = help_text  # type: ignore[attr-defined]
    return command


class ToposcopeGroup(TyperGroup):
    """Typer's group, with ``hoist`` applied to the command line and choices filled in."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if ctx.parent is None:
            args = hoist(list(args))
            ctx.meta[HELP_FOR] = help_target(args)
        return super().parse_args(ctx, args)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        # Only the command whose help is asked for: the group's own help looks up every
        # command, and filling them all would import spaCy to print a list of commands.
        if command is not None and ctx.meta.get(HELP_FOR) == cmd_name:
            fill_choices(command)
        return command


HELP_FOR = "toposcope.help_for"


def help_target(args: list[str]) -> str | None:
    """The command whose help the (hoisted) command line asks for, if it asks for one."""
    head = args[:args.index("--")] if "--" in args else args
    if not any(a in ("-h", "--help") for a in head if isinstance(a, str)):
        return None
    return next((a for a in head if isinstance(a, str) and not a.startswith("-")), None)
