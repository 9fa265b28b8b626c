"""The ``toponym`` recogniser: Toposcope's own NER, trained for toponyms (label ``TOPONYM``).

The pipeline (tokenizer + NER, same CNN architecture as ``en_core_web_sm``'s NER) ships inside
the package in ``models/toponym`` and loads offline; ``make train-ner`` rebuilds it from the
public corpora (docs/recognition-model.md). ``TOPOSCOPE_TOPONYM_MODEL`` points at another copy.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from geoparser.errors import ModelNotFoundError
from geoparser.gazetteers.base import Gazetteer
from geoparser.recognition.base import RECOGNISERS
from geoparser.recognition.hybrid import HybridRecogniser
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


@RECOGNISERS.register("toponym")
class ToponymRecogniser(SpacyRecogniser):
    """Entities labelled ``TOPONYM`` by the shipped model. The ``labels`` option of other
    recognisers (GPE, LOC, ...) does not apply: this model has one label."""

    @staticmethod
    def check() -> None:
        """Fail early, before any output is written, when the model folder is missing."""
        check_model_dir(model_dir())

    def __init__(self, labels: Sequence[str] = (LABEL,), path: Path | None = None,
                 batch_size: int = 256) -> None:
        del labels  # one-label model; NER-type filters mean nothing here
        where = check_model_dir(Path(path) if path is not None else model_dir())
        super().__init__(str(where), labels=(LABEL,), batch_size=batch_size)
        self.name = "toponym"
        self.description = f"toponym: Toposcope's toponym NER ({where.name}, label {LABEL})"


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
        super().__init__(labels=(LABEL,), model=str(where), gazetteer=gazetteer,
                         rescue_labels=())
        self.description = (f"toponym-hybrid: toponym model ({LABEL}) + gazetteer matcher over "
                            f"'{self.gazetteer.name}' for what it missed")
