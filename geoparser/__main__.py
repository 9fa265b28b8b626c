"""``python -m geoparser`` runs the ``toposcope`` command line."""

from geoparser.cli.main import entry

entry()
