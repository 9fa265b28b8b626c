"""Passes for scientific papers (footnote markers in affiliations and tables)."""
