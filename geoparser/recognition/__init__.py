"""Recognisers by name: a registered one (``gazetteer``), else a spaCy pipeline name or path."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from geoparser.recognition import (  # noqa: F401  (register themselves)
    gazetteer_matcher,
    hybrid,
    toponym_model,
    transformer_tagger,
)
from geoparser.recognition.base import RECOGNISERS, Recogniser
from geoparser.recognition.gazetteer_check import GazetteerNames
from geoparser.recognition.spacy_models import DEFAULT_MODEL, installed_pipelines
from geoparser.recognition.spacy_ner import DEFAULT_LABELS, SpacyRecogniser
from geoparser.recognition.tidied import Tidied

if TYPE_CHECKING:
    from geoparser.gazetteers.base import Gazetteer


def create_recogniser(name: str, labels: Sequence[str] = DEFAULT_LABELS,
                      tidy: bool = True, offline: Gazetteer | None = None) -> Recogniser:
    """The recogniser called ``name``; unregistered names are taken as spaCy pipelines (with
    toponyms inside organisation and facility names). With ``tidy`` (the default) its
    mentions are trimmed as gold writes them and newspapers' conventions are read
    (``tidied.Tidied``). ``offline``: an offline gazetteer already open, which the names a
    recogniser checks are asked of instead of one it opens itself (one index and one memo
    for recognition and resolution)."""
    known = GazetteerNames(offline)
    if name in RECOGNISERS:
        factory = RECOGNISERS.get(name)
        shared = {"gazetteer": offline} if offline is not None and _takes_gazetteer(factory) else {}
        recogniser = factory(labels=labels, **shared)
    else:
        recogniser = SpacyRecogniser(name, labels=labels, known=known)
    return Tidied(recogniser, known=known) if tidy else recogniser


def _takes_gazetteer(factory: Callable[..., Recogniser]) -> bool:
    """Whether ``factory`` takes a ``gazetteer`` (a plug-in's may not, or may hide why)."""
    try:
        return "gazetteer" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False


def available_recognisers() -> list[str]:
    """Every recogniser usable here: installed spaCy pipelines, then the registered ones."""
    return installed_pipelines() + RECOGNISERS.names()


__all__ = [
    "DEFAULT_LABELS",
    "DEFAULT_MODEL",
    "RECOGNISERS",
    "Recogniser",
    "SpacyRecogniser",
    "available_recognisers",
    "create_recogniser",
]
