"""The ``toponym`` recogniser: Toposcope's own NER, trained for toponyms (label ``TOPONYM``).

The pipeline (tokenizer + NER, same CNN architecture as ``en_core_web_sm``'s NER) ships inside
the package in ``models/toponym`` and loads offline; ``make train-ner`` rebuilds it from the
public corpora (docs/recognition-model.md). ``TOPOSCOPE_TOPONYM_MODEL`` points at another copy.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from geoparser.errors import ModelNotFoundError
from geoparser.gazetteers.base import Gazetteer
from geoparser.recognition.base import RECOGNISERS
from geoparser.recognition.gazetteer_check import GazetteerCheck
from geoparser.recognition.hybrid import HybridRecogniser
from geoparser.recognition.organisation_places import OrganisationPlaces
from geoparser.recognition.spacy_ner import SpacyRecogniser

MODEL_DIR = Path(__file__).resolve().parent / "models" / "toponym"
LABEL = "TOPONYM"
ENV = "TOPOSCOPE_TOPONYM_MODEL"


def model_dir() -> Path:
    """Where the toponym pipeline is read from: ``$TOPOSCOPE_TOPONYM_MODEL`` or the package's."""
    return Path(os.environ[ENV]).expanduser() if os.environ.get(ENV) else MODEL_DIR


def check_model_dir(path: Path) -> Path:
    """``path`` if it looks like a saved spaCy pipeline, else a one-line error naming it."""
    if not path.is_dir():
        raise ModelNotFoundError(f"toponym model not found: {path} is not a folder "
                                 "(reinstall Toposcope, or rebuild it with `make train-ner`)")
    missing = [n for n in ("config.cfg", "meta.json", "ner") if not (path / n).exists()]
    if missing:
        raise ModelNotFoundError(f"toponym model at {path} is incomplete: no "
                                 f"{', '.join(missing)} (rebuild it with `make train-ner`)")
    return path


def toponym_labels(path: Path) -> tuple[str, ...]:
    """The entity labels the model at ``path`` gives toponyms: ``meta.json``'s
    ``toposcope.toponym_labels`` (GPE and LOC for a model trained with ``--rehearsal``), else
    ``TOPONYM``. A meta file that is not JSON is a one-line error naming it."""
    meta_file = path / "meta.json"
    try:
        meta = json.loads(meta_file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ModelNotFoundError(f"toponym model at {path} is damaged: {meta_file.name} "
                                 f"cannot be read ({type(err).__name__}); rebuild it with "
                                 "`make train-ner`") from None
    labels = meta.get("toposcope", {}).get("toponym_labels") if isinstance(meta, dict) else None
    return tuple(labels) if labels else (LABEL,)


@RECOGNISERS.register("toponym")
class ToponymRecogniser(SpacyRecogniser):
    """Entities the shipped model labels as toponyms (``TOPONYM``; see ``toponym_labels``).
    The ``labels`` option of other recognisers (GPE, LOC, ...) does not apply: the model
    says which of its labels are toponyms."""

    @staticmethod
    def check() -> None:
        """Fail early, before any output is written, when the model folder is missing."""
        check_model_dir(model_dir())

    def __init__(self, labels: Sequence[str] = (LABEL,), path: Path | None = None,
                 batch_size: int = 256) -> None:
        del labels  # the model says which of its labels are toponyms
        where = check_model_dir(Path(path) if path is not None else model_dir())
        own = toponym_labels(where)
        super().__init__(str(where), labels=own, batch_size=batch_size)
        self.name = "toponym"
        self.description = (f"toponym: Toposcope's toponym NER ({where.name}, "
                            f"label {', '.join(own)})")


@RECOGNISERS.register("toponym-hybrid")
class ToponymHybridRecogniser(HybridRecogniser):
    """The ``hybrid`` rules on top of the toponym model: its mentions, plus gazetteer-matcher
    hits it missed that overlap none of them and lie inside no PERSON entity of its own (it has
    none: one label). Measured against the model alone in docs/recognition-model.md."""

    name = "toponym-hybrid"
    check = staticmethod(ToponymRecogniser.check)

    def __init__(self, labels: Sequence[str] = (LABEL,), gazetteer: Gazetteer | None = None,
                 path: Path | None = None) -> None:
        del labels
        where = check_model_dir(Path(path) if path is not None else model_dir())
        own = toponym_labels(where)
        super().__init__(labels=own, model=str(where), gazetteer=gazetteer,
                         rescue_labels=())
        self.description = (f"toponym-hybrid: toponym model ({', '.join(own)}) + gazetteer "
                            "matcher over "
                            f"'{self.gazetteer.name}' for what it missed")


@RECOGNISERS.register("toponym-checked")
class ToponymCheckedRecogniser(GazetteerCheck):
    """The toponym model's mentions whose name the gazetteer knows: the model finds more
    places than ``en_core_web_sm`` and the gazetteer check takes back what it invents out of
    its register. Measured against the model alone in docs/recognition-model.md."""

    check = staticmethod(ToponymRecogniser.check)

    def __init__(self, labels: Sequence[str] = (LABEL,), gazetteer: Gazetteer | None = None,
                 path: Path | None = None) -> None:
        super().__init__(ToponymRecogniser(labels, path=path), gazetteer, name="toponym-checked")


@RECOGNISERS.register("toponym-orgs")
class ToponymOrgsRecogniser(OrganisationPlaces):
    """``toponym-checked`` and the places inside organisation names that en_core_web_sm finds
    (``organisation_places``): the model, taught toponyms alone, no longer finds
    organisations."""

    check = staticmethod(ToponymRecogniser.check)

    def __init__(self, labels: Sequence[str] = (LABEL,), gazetteer: Gazetteer | None = None,
                 path: Path | None = None) -> None:
        checked = ToponymCheckedRecogniser(labels, gazetteer, path=path)
        super().__init__(checked, checked.gazetteer, name="toponym-orgs")
