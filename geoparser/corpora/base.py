"""The converter registry and what a conversion returns."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from geoparser.corpora.checks import Dropped, clean
from geoparser.corpora.repair import Repairs
from geoparser.errors import InputError, UsageError
from geoparser.model import Document
from geoparser.registry import Registry


@dataclass
class Conversion:
    """Gold documents as JSONL-ready objects, the offset repairs made on the way, and what the
    final checks dropped (``checks``); ``warnings`` say what was skipped or guessed (an
    unknown entity type, a span that does not match the text), ``notes`` what else to know."""

    documents: list[dict[str, Any]] = field(default_factory=list)
    repairs: Repairs = field(default_factory=Repairs)
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    dropped: Dropped = field(default_factory=Dropped)


@dataclass(frozen=True)
class ReadOptions:
    """How to read formats that name entity types or split documents themselves.

    ``types``: the corpus's entity types mapped to ``toponym``, ``person``, ``organisation``,
    ``other`` or ``ignore``, over the defaults (``entity_types``); ``documents``: for CoNLL,
    where a document ends (``docstart``: at each ``-DOCSTART-`` line; ``blank``: at each blank
    line; ``auto``: at ``-DOCSTART-`` lines if the file has any, else at blank lines);
    ``tags``: the BIO variant (``bio_tags``)."""

    types: dict[str, str] = field(default_factory=dict)
    documents: str = "auto"
    tags: str = "auto"


Converter = Callable[..., Conversion]
CONVERTERS: Registry[Converter] = Registry("corpus format")

_MODULES = {"geovirus": "geovirus", "wiktor": "wiktor", "gwn": "geowebnews",
            "semeval2019": "semeval2019", "lgl": "lgl", "jsonl": "gold_jsonl",
            "docbin": "docbin", "labelstudio": "labelstudio", "doccano": "doccano",
            "conll": "conll", "conllu": "conllu", "wotr": "wotr"}
#: Formats whose reader takes ``ReadOptions`` (the others have nothing to choose).
TAKES_OPTIONS = ("conll", "conllu", "wotr", "labelstudio", "doccano", "docbin")


def _lazy(name: str, module: str) -> Callable[[], Converter]:
    def factory() -> Converter:
        return importlib.import_module(f"geoparser.corpora.{module}").convert  # type: ignore[no-any-return]

    return factory


for _name, _module in _MODULES.items():
    CONVERTERS.register(_name)(_lazy(_name, _module))


#: Formats read from one file, and the file to take from a folder: the release's own name
#: first, else the folder's only file of that kind.
ONE_FILE = {"geovirus": ("GeoVirus.xml", "*.xml"),
            "wiktor": ("WikToR_reconstructed_from_EUPEG.jsonl", "*.jsonl"),
            "lgl": ("lgl.xml", "*.xml")}


def corpus_file(fmt: str, path: Path) -> Path:
    """The file to read for a one-file format given a folder (its release's file, else the
    only file of that kind); ``path`` itself otherwise. A folder with several candidates and
    none of the release's name is an error naming them."""
    if fmt not in ONE_FILE or not path.is_dir():
        return path
    name, pattern = ONE_FILE[fmt]
    if (path / name).is_file():
        return path / name
    found = sorted(p for p in path.glob(pattern) if p.is_file())
    if len(found) == 1:
        return found[0]
    which = ", ".join(p.name for p in found) or f"no {pattern} file"
    raise InputError(f"a folder; give the {fmt} file itself (found: {which})", path)


def convert(fmt: str, path: Path, options: ReadOptions | None = None) -> Conversion:
    """Convert the corpus at ``path``: a file, or a folder (the format's folder, or one that
    holds a one-file format's file). No documents, or documents without a single annotation
    among them, are converted with a warning: the files may be of another format, or hold no
    gold."""
    reader = CONVERTERS.create(fmt)
    path = Path(path)
    if not path.exists():
        raise InputError("not found", path)
    if fmt in TAKES_OPTIONS:
        result = reader(corpus_file(fmt, path), options or ReadOptions())
    elif options is not None and options != ReadOptions():
        raise UsageError(f"--types, --documents and --tags apply to "
                         f"{', '.join(TAKES_OPTIONS)}, not {fmt}")
    else:
        result = reader(corpus_file(fmt, path))
    result.documents = clean(result.documents, result.dropped)
    if not result.documents:
        result.warnings.append(f"no documents in {path}: is it a {fmt} corpus?")
    elif not any(d.get("toponyms") or d.get("entities") for d in result.documents):
        result.warnings.append(f"not one annotation in the {len(result.documents)} documents "
                               f"of {path}: is it a {fmt} corpus with its gold?")
    return result


def read_corpus(fmt: str, path: Path, default_tolerance_km: float | None = None) -> list[Document]:
    """The corpus at ``path`` as gold documents, converted and then checked like a gold file."""
    from geoparser.io.documents import gold_from_objects

    return gold_from_objects(convert(fmt, path).documents, Path(path), default_tolerance_km)
