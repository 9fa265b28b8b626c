"""The stages a process builds from a pipeline description: one offline index for recognition
and resolution."""

from __future__ import annotations

import threading

from geoparser.batch import stages
from geoparser.gazetteers import offline


def _fresh(monkeypatch) -> None:
    """No stages built yet on this thread (other tests may have built the same spec)."""
    monkeypatch.setattr(stages, "_local", threading.local())


def test_the_default_opens_the_offline_index_once(monkeypatch):
    """The recogniser's name checks and resolution ask the same gazetteer: its index is read
    and its SHA-256 checked once at start-up, and a name is looked up once."""
    opened = []
    real = offline.open_index
    monkeypatch.setattr(offline, "open_index", lambda path=None: opened.append(path) or real(path))
    _fresh(monkeypatch)
    built = stages.stages_for(stages.PipelineSpec())
    assert len(opened) == 1
    orgs = built.recogniser.inner
    assert built.recogniser.known.gazetteer is built.gazetteer
    assert orgs.gazetteer is orgs.inner.gazetteer is built.gazetteer


def test_a_gazetteer_file_of_a_workers_own_is_not_given_to_the_recogniser(monkeypatch,
                                                                         offline_gazetteer):
    """A Dask worker's shipped copy of the index serves resolution only, as before."""
    monkeypatch.setattr(stages, "GAZETTEER_FILES", {"offline": offline_gazetteer.index.path})
    _fresh(monkeypatch)
    built = stages.stages_for(stages.PipelineSpec(ner="gazetteer"))
    assert built.recogniser.inner.gazetteer is not built.gazetteer
