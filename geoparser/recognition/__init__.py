"""Recognisers by name: a registered one (``gazetteer``), else a spaCy pipeline name or path."""

from __future__ import annotations

from collections.abc import Sequence

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


def create_recogniser(name: str, labels: Sequence[str] = DEFAULT_LABELS,
                      tidy: bool = True) -> Recogniser:
    """The recogniser called ``name``; unregistered names are taken as spaCy pipelines (with
    toponyms inside organisation and facility names). With ``tidy`` (the default) its
    mentions are trimmed as gold writes them and newspapers' conventions are read
    (``tidied.Tidied``)."""
    known = GazetteerNames()
    if name in RECOGNISERS:
        recogniser = RECOGNISERS.create(name, labels=labels)
    else:
        recogniser = SpacyRecogniser(name, labels=labels, known=known)
    return Tidied(recogniser, known=known) if tidy else recogniser


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
