"""Toposcope's geoparser: recognise toponyms, look them up, resolve them to places.

``Geoparser``, ``to_dataframe`` and ``to_geodataframe``, ``read_toponyms`` (a file Toposcope
wrote, read back with its integer columns as integers), and the spaCy helpers
``displacy_data`` and ``render_places``) are imported lazily, so that light modules such as
``geoparser.model`` do not pull in spaCy and pandas.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Geoparser", "to_dataframe", "to_geodataframe", "read_toponyms", "displacy_data",
           "render_places"]
_SPACY_HELPERS = ("displacy_data", "render_places")


def __getattr__(name: str) -> Any:
    if name in _SPACY_HELPERS:
        from geoparser import spacy_component

        return getattr(spacy_component, name)
    if name == "read_toponyms":
        from geoparser.io.geo import read_toponyms

        return read_toponyms
    if name in __all__:
        from geoparser import api

        return getattr(api, name)
    raise AttributeError(f"module 'geoparser' has no attribute {name!r}")
