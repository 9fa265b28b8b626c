"""The converter registry and what a conversion returns."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from geoparser.corpora.checks import Dropped, clean
from geoparser.corpora.repair import Repairs
from geoparser.errors import InputError
from geoparser.model import Document
from geoparser.registry import Registry


@dataclass
class Conversion:
    """Gold documents as JSONL-ready objects, the offset repairs made on the way, and what the
    final checks dropped (``checks``)."""

    documents: list[dict[str, Any]] = field(default_factory=list)
    repairs: Repairs = field(default_factory=Repairs)
    notes: list[str] = field(default_factory=list)
    dropped: Dropped = field(default_factory=Dropped)


Converter = Callable[[Path], Conversion]
CONVERTERS: Registry[Converter] = Registry("corpus format")

_MODULES = {"geovirus": "geovirus", "wiktor": "wiktor", "gwn": "geowebnews",
            "semeval2019": "semeval2019", "lgl": "lgl"}


def _lazy(name: str, module: str) -> Callable[[], Converter]:
    def factory() -> Converter:
        return importlib.import_module(f"geoparser.corpora.{module}").convert  # type: ignore[no-any-return]

    return factory


for _name, _module in _MODULES.items():
    CONVERTERS.register(_name)(_lazy(_name, _module))


def convert(fmt: str, path: Path) -> Conversion:
    """Convert the corpus at ``path`` (a file or folder, as the format needs)."""
    reader = CONVERTERS.create(fmt)
    path = Path(path)
    if not path.exists():
        raise InputError("not found", path)
    result = reader(path)
    result.documents = clean(result.documents, result.dropped)
    return result


def read_corpus(fmt: str, path: Path, default_tolerance_km: float | None = None) -> list[Document]:
    """The corpus at ``path`` as gold documents, converted and then checked like a gold file."""
    from geoparser.io.documents import gold_from_objects

    return gold_from_objects(convert(fmt, path).documents, Path(path), default_tolerance_km)
