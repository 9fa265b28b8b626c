"""Which gold documents a shipped model was trained on, so a score on them is not read as a
held-out figure.

Each trained model ships a ``trained_on.json`` beside it: for every training corpus, a short
fingerprint (SHA-256 prefix) of each document's text, written by the training command
(``benchmarks.training``). ``toposcope compare`` and ``score`` fingerprint the gold texts and
warn when a model that produced the predictions meets documents it learned from: every
recogniser built on the ``toponym`` spaCy model (``geoparser/recognition/models/toponym``) or
on a shipped transformer tagger (``models/toponym-transformer`` and its student
``models/toponym-transformer-small``, each with its own fingerprints:
``geoparser.shipped_taggers``), the default ``toponym-transformer-orgs`` among them, and the
``learned`` policy's ranker (``geoparser/data/ranker.trained_on.json``). A prediction file
names the part of a recogniser that proposed each toponym (``toponym-transformer-checked``
inside the default), so every part's name is listed. The default's span decision
(``geoparser/data/span_decision.json``) may be trained on corpora its tagger never saw (``make
train-decision`` fits it on the development half of LGL among others), so its fingerprints
(``span_decision.trained_on.json``, written beside it) count for the recognisers whose spans
it judges (``DECIDED_RECOGNISERS``: the default's composition over either tagger) beside the
tagger's.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from geoparser.errors import InputError
from geoparser.io.bounded_read import bounded_lines
from geoparser.shipped_taggers import SHIPPED_TAGGERS, Part, built_as, tagger_of

#: The recognisers built on the ``toponym`` spaCy model, and on the shipped transformer taggers.
TOPONYM_RECOGNISERS = ("toponym", "toponym-hybrid", "toponym-checked", "toponym-orgs")
TRANSFORMER_RECOGNISERS = tuple(n for t in SHIPPED_TAGGERS for n in t.recognisers())
LEARNED_POLICIES = ("learned",)
#: Every recogniser and policy built on a trained model that ships its fingerprints.
TRAINED_MODELS = (*TOPONYM_RECOGNISERS, *TRANSFORMER_RECOGNISERS, *LEARNED_POLICIES)
FILE = "trained_on.json"
#: The default recogniser and the part inside it that names its toponyms in a prediction
#: file, over either shipped tagger: the span decision judged their spans
#: (``span_decision.decision_for``), so its training documents count for them.
DECIDED_RECOGNISERS = (*built_as(Part.ORGS), *built_as(Part.CHECKED))


def decision_fingerprints_path() -> Path:
    """Where the span decision's fingerprints are (``make train-decision`` writes them)."""
    from geoparser.decision.span_decision import MODEL_PATH

    return MODEL_PATH.with_suffix(".trained_on.json")


def fingerprint(text: str) -> str:
    """A document's fingerprint: the first 16 hex digits of the SHA-256 of its text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def fingerprints_json(corpora: Mapping[str, Iterable[str]],
                      known: Mapping[str, Iterable[str]] | None = None) -> str:
    """The ``trained_on.json`` of a model trained on ``corpora`` (name -> document texts),
    with fingerprints already taken (``known``, name -> fingerprints: a teacher's) merged in."""
    prints = {name: {fingerprint(t) for t in texts} for name, texts in corpora.items()}
    for name, taken in (known or {}).items():
        prints.setdefault(name, set()).update(taken)
    return json.dumps({"fingerprint": "sha256(text)[:16]",
                       "corpora": {name: sorted(p) for name, p in prints.items()}},
                      indent=1) + "\n"


def _path(model: str) -> Path | None:
    """Where ``model``'s fingerprints are (imported only when asked: spaCy is heavy)."""
    if model in TOPONYM_RECOGNISERS:
        from geoparser.recognition.toponym_model import model_dir

        return model_dir() / FILE
    if (tagger := tagger_of(model)) is not None:
        return tagger.model_dir() / FILE
    if model in LEARNED_POLICIES:
        from geoparser.resolution.learned import MODEL_PATH

        return MODEL_PATH.with_suffix(".trained_on.json")
    return None


@cache
def read_fingerprints(path: Path) -> dict[str, frozenset[str]]:
    """A ``trained_on.json``'s fingerprints by training corpus (empty when unreadable)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {name: frozenset(fps) for name, fps in data["corpora"].items()}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def training_overlap(model: str, texts: Iterable[str]) -> dict[str, int]:
    """How many of ``texts`` each training corpus of ``model`` holds (only corpora with some);
    empty for a model that ships no fingerprints."""
    paths = [p for p in (_path(model),) if p is not None]
    if model in DECIDED_RECOGNISERS:
        paths.append(decision_fingerprints_path())
    return fingerprint_overlap(paths, texts) if paths else {}


def fingerprint_overlap(path: Path | Iterable[Path], texts: Iterable[str]) -> dict[str, int]:
    """How many of ``texts`` each training corpus of the ``trained_on.json`` at ``path`` (or
    of several, a corpus's fingerprints pooled) holds (only corpora with some)."""
    corpora: dict[str, frozenset[str]] = {}
    for p in [path] if isinstance(path, Path) else path:
        for name, fps in read_fingerprints(p).items():
            corpora[name] = corpora.get(name, frozenset()) | fps
    prints = [fingerprint(t) for t in texts]
    found = {name: sum(p in fps for p in prints) for name, fps in corpora.items()}
    return {name: n for name, n in found.items() if n}


def warnings(models: Iterable[str], texts: list[str]) -> list[str]:
    """One sentence per shipped model that was trained on some of these gold documents."""
    out = []
    for model in dict.fromkeys(models):
        found = training_overlap(model, texts)
        if found:
            which = ", ".join(f"{name} ({n} of these {len(texts)} documents)"
                              for name, n in found.items())
            kind = "policy" if model in LEARNED_POLICIES else "recogniser"
            out.append(f"the {kind} {model!r} was trained on {which}: its scores here are not "
                       "held-out figures (cross-corpus ones are in docs/recognition-model.md "
                       "and docs/resolution.md)")
    return out


def models_in_predictions(path: Path, max_lines: int = 2000) -> set[str]:
    """The recognisers and policies a Toposcope prediction file names (its toponyms'
    ``recogniser`` and ``policy`` fields), from its first lines."""
    found: set[str] = set()
    try:
        with Path(path).open(encoding="utf-8", errors="replace") as fh:
            for k, line in bounded_lines(fh, path):  # a line without end is refused
                if k > max_lines:
                    break
                try:
                    obj = json.loads(line)
                except ValueError:
                    continue
                for t in obj.get("toponyms", []) if isinstance(obj, dict) else []:
                    if isinstance(t, dict):
                        found.update(v for key in ("recogniser", "policy")
                                     if isinstance(v := t.get(key), str))
    except OSError:
        return set()
    except InputError:  # a line without end: what was read before it is all there is
        return found
    return found
