"""``python -m geoparser`` runs the ``toposcope`` command line."""

from geoparser.cli import entry

entry()
