"""The defaults the command line, the Python API and the reports share, in one light module
(importing a stage package to read a name would slow every command's start)."""

#: The resolution policy of ``parse``, ``resolve`` and ``Geoparser()``: the best by the
#: leave-one-corpus-out table in docs/resolution.md.
DEFAULT_POLICY = "context"
