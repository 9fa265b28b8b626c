"""The ``toposcope`` command as a Click command, for tools that read Click apps (the CLI
reference page of the documentation is generated from it with mkdocs-click)."""

from __future__ import annotations

import typer

from geoparser.cli.main import app

command = typer.main.get_command(app)
