"""Toposcope's geoparser: recognise toponyms, look them up, resolve them to places.

``Geoparser`` and ``to_dataframe`` are imported lazily, so that light modules such as
``geoparser.model`` do not pull in spaCy and pandas.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Geoparser", "to_dataframe"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from geoparser import api

        return getattr(api, name)
    raise AttributeError(f"module 'geoparser' has no attribute {name!r}")
