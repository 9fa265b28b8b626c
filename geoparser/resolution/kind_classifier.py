"""Literal, metonymy or embedded, read from a toponym's context by a small learned classifier.

Whether "Moscow" in a story is the city or the government speaking for it, or "Texas" the
state or a word of the "Texas Rangers", a place name alone does not say; the words around it
do: "in Moscow" is the city, "Moscow said" its government, "the Texas Rangers" a team. The
classifier (LightGBM, ``benchmarks/training/train_mention_kinds.py``, trained on GeoWebNews'
pragmatic labels, Gritta et al.) reads a few such signals (``features``): the words just
before and after (the commonest ones of its training data, by identity), whether the
mention opens, closes or sits inside a run of capitalised words, whether an institution's
word follows (``span_hygiene.INSTITUTION_WORDS``), a possessive, a verb-like lowercase word,
and which kinds of place the name has in the gazetteer (a country's name stands for its
government more often than a town's). It answers for the toponyms typed evidence left
without a kind (``mention_kinds``), and only where its probability reaches the shipped
threshold, chosen out of fold for precision; below it the kind stays unknown.

An embedded toponym read so gets as its embedding name the run of capitalised words it sits
in ("Texas Rangers"), where that run is longer than the toponym.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from geoparser.model import Candidate, MentionKind, Resolution
from geoparser.recognition.span_hygiene import INSTITUTION_WORDS
from geoparser.resolution.confidence import PREDICT_THREADS

#: The shipped model: booster, vocabularies, classes and threshold (``geoparser/data``).
MODEL_FILE = Path(__file__).resolve().parent.parent / "data" / "mention_kinds.json"
#: The classes, in the booster's order.
CLASSES = (MentionKind.LITERAL, MentionKind.METONYMY, MentionKind.EMBEDDED)
_WORD = re.compile(r"[\w'’.&-]+|[^\w\s]")
_COUNTRY_CODES = frozenset({"PCLI", "PCLD", "PCLS", "PCLF", "PCLIX", "PCL", "TERR"})
#: The feature names, in column order; the first two are categorical (word ids), the
#: columns ``CATEGORICAL`` holds (chosen by hand: the word identities).
FEATURES = ("prev_word", "next_word", "prev_capital", "next_capital", "next_institution",
            "prev_institution_of", "possessive", "next_lower", "sentence_start", "prev_the",
            "n_words", "all_caps", "has_country", "has_admin1", "has_town", "has_facility",
            "log_population", "run_words", "run_position")
CATEGORICAL = (0, 1)
#: How many characters around a mention the features read: two words either side and a
#: name run's neighbours, chosen by hand.
WINDOW = 80


def _words_before(text: str, start: int) -> list[str]:
    return _WORD.findall(text[max(0, start - WINDOW):start])


def _words_after(text: str, end: int) -> list[str]:
    return _WORD.findall(text[end:end + WINDOW])


def _capital(word: str | None) -> bool:
    return bool(word) and word[0].isupper()  # type: ignore[index]


_RUN_BEFORE = re.compile(r"(?<![\w'’.&-])([A-Z][\w'’.&-]*)(?: of | & | )$")
_RUN_AFTER = re.compile(r"(?: of | & | )([A-Z][\w'’.&-]*)")
_ARTICLES = frozenset({"The", "A", "An"})


def name_run(text: str, start: int, end: int) -> tuple[int, int]:
    """The run of capitalised words (joined by a space, "of" or "&") around ``start:end``,
    without an opening article: the name a toponym may sit inside ("the [Texas] Rangers" →
    "Texas Rangers")."""
    a, b = start, end
    # 60 characters either side for the name around it: chosen by hand (longer than the
    # organisation and team names of GeoWebNews' embedded toponyms).
    while (m := _RUN_BEFORE.search(text, max(0, a - 60), a)) and m.group(1) not in _ARTICLES:
        a = m.start(1)
    while m := _RUN_AFTER.match(text, b, b + 60):  # 60 after as before: chosen by hand
        b = m.end(1)
    while text[b - 1] in ".,'’" and b > end:  # a full stop or possessive closes no name
        b -= 1
    return a, b


def features(text: str, start: int, end: int, candidates: Sequence[Candidate],
             vocab_prev: dict[str, int], vocab_next: dict[str, int]) -> list[float]:
    """The feature row (``FEATURES``) of the mention ``text[start:end]`` whose gazetteer
    records are ``candidates``; unknown words get id 0."""
    before, after = _words_before(text, start), _words_after(text, end)
    prev = before[-1] if before else None
    prev2 = before[-2] if len(before) > 1 else None
    nxt = after[0] if after else None
    nxt2 = after[1] if len(after) > 1 else None
    name = text[start:end]
    possessive = nxt in ("'s", "’s") or (nxt in ("'", "’") and nxt2 == "s")
    sentence_start = prev is None or prev in (".", "!", "?", ":", '"', "“", "\n")
    run_a, run_b = name_run(text, start, end)
    run = text[run_a:run_b].split()
    # the run's position as a category code (0 alone, 1 first, 2 last, 3 inside): fixed by
    # the four cases, read by the trees as numbers (benchmarks/training/train_mention_kinds.py).
    run_position = 0.0 if (run_a, run_b) == (start, end) else (
        1.0 if run_a == start else 2.0 if run_b == end else 3.0)
    codes = {c.feature_code for c in candidates}
    classes = {c.feature_class for c in candidates}
    population = max((c.population or 0 for c in candidates), default=0)
    return [
        float(vocab_prev.get(prev.lower(), 0)) if prev else 0.0,
        float(vocab_next.get(nxt.lower(), 0)) if nxt else 0.0,
        float(_capital(prev) and not sentence_start),
        float(_capital(nxt)),
        float(nxt is not None and nxt in INSTITUTION_WORDS),
        float(prev == "of" and prev2 is not None and prev2 in INSTITUTION_WORDS),
        float(possessive),
        float(nxt is not None and nxt.isalpha() and nxt.islower()),
        float(sentence_start),
        float(prev is not None and prev.lower() == "the"),
        float(len(name.split())),
        float(name.isupper() and len(name) > 1),
        float(bool(codes & _COUNTRY_CODES)),
        float("ADM1" in codes),
        float("P" in classes),
        float(bool(classes & {"S", "R"})),
        math.log10(population + 1),
        float(len(run)),
        run_position,
    ]


@dataclass(frozen=True)
class KindModel:
    """The shipped classifier: its booster, the word vocabularies its first two features
    index, and the probability from which its answer is used."""

    booster: Any
    vocab_prev: dict[str, int]
    vocab_next: dict[str, int]
    threshold: float

    def rows(self, text: str, resolutions: Sequence[Resolution]) -> np.ndarray:
        return np.array([features(text, r.mention.start, r.mention.end, r.candidates,
                                  self.vocab_prev, self.vocab_next) for r in resolutions],
                        dtype=np.float64).reshape(len(resolutions), len(FEATURES))

    def classify(self, documents: Sequence[tuple[str, Sequence[Resolution]]]
                 ) -> list[list[Resolution]]:
        """Each document's resolutions (its text beside them), each without a kind given the
        classifier's kind where it is sure enough (an embedded one with its name's span); the
        rest unchanged. One call to the booster for all of them: a row's answer is the same
        in any batch."""
        todo = [[i for i, r in enumerate(rs) if r.kind is None and not r.rejected]
                for _, rs in documents]
        blocks = [self.rows(text, [rs[i] for i in idx])
                  for (text, rs), idx in zip(documents, todo, strict=True)]
        # one thread, as every model of ours is asked: LightGBM's OpenMP pool hangs a process
        # forked after the parent used it (nlp.pipe(n_process=2) waited for ever)
        answers = (np.atleast_2d(self.booster.predict(np.vstack(blocks),
                                                      num_threads=PREDICT_THREADS))
                   if sum(len(b) for b in blocks) else np.zeros((0, len(CLASSES))))
        out, at = [], 0
        for (text, rs), idx in zip(documents, todo, strict=True):
            out.append(self._answer(text, rs, idx, answers[at:at + len(idx)]))
            at += len(idx)
        return out

    def _answer(self, text: str, resolutions: Sequence[Resolution], todo: Sequence[int],
                p: np.ndarray) -> list[Resolution]:
        out = list(resolutions)
        for i, row in zip(todo, p, strict=True):
            best = int(np.argmax(row))
            if row[best] < self.threshold:
                continue
            r = resolutions[i]
            kind = CLASSES[best]
            within = None
            if kind is MentionKind.EMBEDDED:
                run = name_run(text, r.mention.start, r.mention.end)
                within = run if run != (r.mention.start, r.mention.end) else None
            out[i] = replace(r, kind=kind, within=within)
        return out


def model_from_json(data: dict[str, Any]) -> KindModel:
    """The classifier a model file's JSON holds (``train_mention_kinds`` writes it)."""
    from geoparser.resolution.boosted_trees import import_lightgbm

    lgb = import_lightgbm()
    return KindModel(lgb.Booster(model_str=data["booster"]), dict(data["vocab_prev"]),
                     dict(data["vocab_next"]), float(data["threshold"]))


@cache
def shipped_model() -> KindModel | None:
    """The shipped classifier, or ``None`` where no model file is shipped (the kinds it gives
    then stay unknown)."""
    if not MODEL_FILE.is_file():
        return None
    return model_from_json(json.loads(MODEL_FILE.read_text(encoding="utf-8")))


def classify_kinds(documents: Sequence[tuple[str, Sequence[Resolution]]]
                   ) -> list[list[Resolution]]:
    """Each document's resolutions (its text beside them) with the shipped classifier's
    kinds (see the module's docstring)."""
    model = shipped_model()
    if model is None:
        return [list(rs) for _, rs in documents]
    return model.classify(documents)
