"""Toposcope's geoparser: recognise toponyms, look them up, resolve them to places.

``Geoparser``, ``to_dataframe`` and ``to_geodataframe`` (and the spaCy helpers
``displacy_data`` and ``render_places``) are imported lazily, so that light modules such as
``geoparser.model`` do not pull in spaCy and pandas.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Geoparser", "to_dataframe", "to_geodataframe", "displacy_data", "render_places"]
_SPACY_HELPERS = ("displacy_data", "render_places")


def __getattr__(name: str) -> Any:
    if name in _SPACY_HELPERS:
        from geoparser import spacy_component

        return getattr(spacy_component, name)
    if name in __all__:
        from geoparser import api

        return getattr(api, name)
    raise AttributeError(f"module 'geoparser' has no attribute {name!r}")
