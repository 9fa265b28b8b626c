"""Recognisers by name: a registered one (``gazetteer``), else a spaCy pipeline name or path."""

from __future__ import annotations

from collections.abc import Sequence

from geoparser.recognition import (  # noqa: F401  (register themselves)
    gazetteer_matcher,
    hybrid,
    toponym_model,
)
from geoparser.recognition.base import RECOGNISERS, Recogniser
from geoparser.recognition.spacy_models import DEFAULT_MODEL, installed_pipelines
from geoparser.recognition.spacy_ner import DEFAULT_LABELS, SpacyRecogniser


def create_recogniser(name: str, labels: Sequence[str] = DEFAULT_LABELS) -> Recogniser:
    """The recogniser called ``name``; unregistered names are taken as spaCy pipelines."""
    if name in RECOGNISERS:
        return RECOGNISERS.create(name, labels=labels)
    return SpacyRecogniser(name, labels=labels)


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
