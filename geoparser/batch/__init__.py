"""The batch machinery of ``toposcope parse`` and ``resolve``: chunks, worker pools (local or
Dask), the part store that makes runs resumable, and the stages each chunk runs."""
