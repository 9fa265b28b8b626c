"""The ``toponym`` recogniser: Toposcope's own NER, trained for toponyms (label ``TOPONYM``).

The pipeline (tokenizer + NER, same CNN architecture as ``en_core_web_sm``'s NER) ships inside
the package in ``models/toponym`` and loads offline; ``make train-ner`` rebuilds it from the
public corpora (docs/recognition-model.md). ``TOPOSCOPE_TOPONYM_MODEL`` points at another copy.
Every file of the folder has its SHA-256 in ``checksums.json`` (written by ``make train-ner``),
checked before spaCy reads any of them, and the labels the model calls toponyms must be labels
its NER gives, and gives on plain sentences naming well-known places (``PROBE``): an edited
file, emptied labels, or a label the NER lists but was never trained to give (the base model's
GPE, forgotten when it was taught TOPONYM alone) would otherwise load and find nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path

from geoparser.errors import InputError, ModelNotFoundError
from geoparser.gazetteers.base import Gazetteer
from geoparser.io.model_folder import check_model_folder, read_model_json
from geoparser.recognition.base import RECOGNISERS
from geoparser.recognition.gazetteer_check import GazetteerCheck
from geoparser.recognition.hybrid import HybridRecogniser
from geoparser.recognition.organisation_places import OrganisationPlaces
from geoparser.recognition.spacy_ner import SpacyRecogniser

MODEL_DIR = Path(__file__).resolve().parent / "models" / "toponym"
LABEL = "TOPONYM"
ENV = "TOPOSCOPE_TOPONYM_MODEL"
#: The file in the model folder holding the SHA-256 of every other file in it.
CHECKSUMS = "checksums.json"
#: Plain sentences naming well-known towns, countries, rivers, seas and mountains: a toponym
#: label the model gives on none of them is one it cannot predict (written for this check).
PROBE = (
    "Floods hit Galway and Cork after the storm crossed Ireland.",
    "The mayor of Austin, Texas, met officials from Houston.",
    "Talks in Geneva ended; delegates flew home to Nairobi and Lima.",
    "Ships sailed across the Atlantic Ocean to Africa.",
    "Snow fell on the Alps and the Himalayas.",
    "The Nile flooded villages in Egypt and Sudan.",
    "Paris is the capital of France.",
    "Troops moved into Crimea from Russia.",
)


def model_dir() -> Path:
    """Where the toponym pipeline is read from: ``$TOPOSCOPE_TOPONYM_MODEL`` or the package's."""
    return Path(os.environ[ENV]).expanduser() if os.environ.get(ENV) else MODEL_DIR


def _damaged(path: Path, what: str) -> ModelNotFoundError:
    return ModelNotFoundError(f"toponym model at {path} is damaged: {what}; rebuild it with "
                              "`make train-ner`")


def _model_files(path: Path) -> list[str]:
    """The folder's files as relative POSIX paths, hidden files and the checksums left out."""
    return sorted(p.relative_to(path).as_posix() for p in path.rglob("*")
                  if p.is_file() and p.name != CHECKSUMS
                  and not any(part.startswith(".") for part in p.relative_to(path).parts))


def _sha256(file: Path) -> str:
    digest = hashlib.sha256()
    with file.open("rb") as handle:
        # 1 << 20, reads of a mebibyte: chosen by hand (speed only).
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_checksums(path: Path) -> None:
    """Record the SHA-256 of every file of the model folder at ``path`` in ``checksums.json``
    (``make train-ner`` does, once the model is in place)."""
    sums = {name: _sha256(path / name) for name in _model_files(path)}
    (path / CHECKSUMS).write_text(json.dumps({"algorithm": "sha256", "files": sums},
                                             indent=1) + "\n", encoding="utf-8")


def check_model_dir(path: Path) -> Path:
    """``path`` if it holds a saved spaCy pipeline whose every file has the SHA-256 recorded in
    its ``checksums.json`` (no file missing, added or edited), else a one-line error naming it."""
    if not path.is_dir():
        raise ModelNotFoundError(f"toponym model not found: {path} is not a folder "
                                 "(reinstall Toposcope, or rebuild it with `make train-ner`)")
    check_model_folder(path, "toponym model")
    missing = [n for n in ("config.cfg", "meta.json", "ner", CHECKSUMS)
               if not (path / n).exists()]
    if missing:
        raise ModelNotFoundError(f"toponym model at {path} is incomplete: no "
                                 f"{', '.join(missing)} (rebuild it with `make train-ner`)")
    try:
        recorded = read_model_json(path / CHECKSUMS, "checksums file")["files"]
        if not isinstance(recorded, dict) or not all(
                isinstance(v, str) for v in recorded.values()):
            raise TypeError
    except (OSError, InputError, UnicodeDecodeError, ValueError, TypeError, KeyError) as err:
        raise _damaged(path, f"{CHECKSUMS} cannot be read ({type(err).__name__})") from None
    present = _model_files(path)
    for name in sorted(set(recorded) - set(present)):
        raise _damaged(path, f"{name} is listed in {CHECKSUMS} but missing")
    for name in present:
        if name not in recorded:
            raise _damaged(path, f"{name} is not listed in {CHECKSUMS}")
        if _sha256(path / name) != recorded[name]:
            raise _damaged(path, f"{name} does not match the SHA-256 in {CHECKSUMS}")
    return path


def toponym_labels(path: Path) -> tuple[str, ...]:
    """The entity labels the model at ``path`` gives toponyms: ``meta.json``'s
    ``toposcope.toponym_labels`` (GPE and LOC for a model trained with ``--rehearsal``), else
    ``TOPONYM``. A meta file that is not JSON, or a label list that is empty or not strings,
    is a one-line error naming it."""
    meta_file = path / "meta.json"
    try:
        meta = read_model_json(meta_file, "model meta file")
    except (OSError, InputError, UnicodeDecodeError, ValueError) as err:
        raise ModelNotFoundError(f"toponym model at {path} is damaged: {meta_file.name} "
                                 f"cannot be read ({type(err).__name__}); rebuild it with "
                                 "`make train-ner`") from None
    own = meta.get("toposcope") if isinstance(meta, dict) else None
    if not isinstance(own, dict) or "toponym_labels" not in own:
        return (LABEL,)
    labels = own["toponym_labels"]
    if not isinstance(labels, list) or not labels or not all(
            isinstance(x, str) and x.strip() for x in labels):
        raise _damaged(path, f"its toponym_labels {labels!r} in {meta_file.name} are not a "
                             "non-empty list of labels (the model would find nothing)")
    return tuple(labels)


def checked_model(path: Path) -> tuple[Path, tuple[str, ...]]:
    """The model folder at ``path`` once its files match their checksums, and its toponym
    labels once each is a label its loaded NER has and gives on ``PROBE``; else a one-line
    error naming the folder and, for a label, its ``meta.json``."""
    from geoparser.recognition.spacy_models import load_pipeline

    where = check_model_dir(path)
    own = toponym_labels(where)
    nlp = load_pipeline(str(where))
    given = set(nlp.get_pipe("ner").labels)
    absent = [label for label in own if label not in given]
    if absent:
        raise _damaged(where, f"its NER gives no {', '.join(absent)} entities (its labels: "
                              f"{', '.join(sorted(given)) or 'none'})")
    predicted = {e.label_ for doc in nlp.pipe(PROBE) for e in doc.ents}
    never = [label for label in own if label not in predicted]
    if never:
        raise _damaged(where, f"the toponym_labels in meta.json name {', '.join(never)}, which "
                              f"its NER never predicts (not once on {len(PROBE)} sentences "
                              "naming well-known places): it was not trained to give "
                              f"{'it' if len(never) == 1 else 'them'}")
    return where, own


@RECOGNISERS.register("toponym")
class ToponymRecogniser(SpacyRecogniser):
    """Entities the shipped model labels as toponyms (``TOPONYM``; see ``toponym_labels``).
    The ``labels`` option of other recognisers (GPE, LOC, ...) does not apply: the model
    says which of its labels are toponyms."""

    @staticmethod
    def check() -> None:
        """Fail early, before any output is written, when the model folder is missing."""
        check_model_dir(model_dir())

    # batch_size 256: chosen by hand (speed only; the output does not depend on it).
    def __init__(self, labels: Sequence[str] = (LABEL,), path: Path | None = None,
                 batch_size: int = 256) -> None:
        del labels  # the model says which of its labels are toponyms
        where, own = checked_model(Path(path) if path is not None else model_dir())
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
        where, own = checked_model(Path(path) if path is not None else model_dir())
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
