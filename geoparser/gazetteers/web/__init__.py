"""Web gazetteers: GeoNames and Nominatim through geopy, cached on disk with requests-cache."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

WEB_GAZETTEERS = ("geonames", "nominatim")
#: Each web gazetteer's module (in this package) and class.
_CLASSES = {"geonames": ("geonames", "GeoNamesGazetteer"),
            "nominatim": ("nominatim", "NominatimGazetteer")}


def web_factory(name: str) -> Callable[..., Any]:
    """The registry's factory for web gazetteer ``name``: it imports the gazetteer's module
    (geopy, requests-cache: a quarter of a second) when one is made, so that a parse with the
    offline gazetteer never loads them."""
    module, cls = _CLASSES[name]

    def create(**config: object) -> Any:
        return getattr(import_module(f"{__name__}.{module}"), cls)(**config)

    create.__name__ = create.__qualname__ = cls
    create.__doc__ = f"Build the {name} web gazetteer (its module is imported here)."
    return create
