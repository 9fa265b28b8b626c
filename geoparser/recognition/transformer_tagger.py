"""The ``toponym-transformer`` recogniser: a fine-tuned MiniLM toponym tagger on ONNX Runtime.

all-MiniLM-L6-v2 (verified by hash before training) fine-tuned by ``make train-ner`` as a BIO
tagger with case features (``wordpieces``), exported to ONNX and quantised to int8. It ships in
``models/toponym-transformer`` (``model.onnx``, ``vocab.txt``, ``meta.json``) and runs on
ONNX Runtime, without torch; ``TOPOSCOPE_TRANSFORMER_MODEL`` points at another copy. Its
distilled student ships beside it in ``models/toponym-transformer-small`` and runs through the
same classes, chosen by name (``geoparser.shipped_taggers``: each class takes the tagger it
reads; one registry entry per name). A missing or damaged model is a one-line error naming it.
Data, recipe and measurements: docs/recognition-model.md.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

from geoparser.errors import InputError, ModelNotFoundError
from geoparser.gazetteers.base import Gazetteer
from geoparser.io.model_folder import check_model_folder, read_model_json
from geoparser.model import Mention
from geoparser.recognition.base import RECOGNISERS, Recogniser
from geoparser.recognition.gazetteer_check import GazetteerCheck
from geoparser.recognition.hybrid import HybridRecogniser
from geoparser.recognition.organisation_places import OrganisationPlaces
from geoparser.recognition.window_filter import sentences_to_skip
from geoparser.recognition.wordpieces import (
    MAX_PIECES,
    Window,
    WordPieces,
    batches,
    sentence_words,
)
from geoparser.shipped_taggers import SHIPPED_TAGGERS, TEACHER, Part, ShippedTagger

#: The default's tagger: its packaged folder and the variable that points at another copy.
MODEL_DIR = TEACHER.folder
ENV = str(TEACHER.env)
LABEL = "TOPONYM"
FILES = ("model.onnx", "vocab.txt", "meta.json")
#: What the exported model takes (``OnnxTagger`` checks it on loading).
INPUTS = ("input_ids", "attention_mask", "case_ids")
#: ``meta.json``'s mark of a model whose int8 products scale each window by its own range
#: (``training/per_window_ranges.py``): only such a model runs windows in padded batches.
RANGES_KEY, RANGES_PER_WINDOW = "activation_ranges", "per-window"
#: Windows a batch holds (sorted by length, padded): 8 cost least CPU on news here
#: (docs/measurements.md, *What the same answer in any batch costs*).
BATCH = 8
#: The models (``meta.json``'s sha256 of ``model.onnx``) on which leaving out the sentences
#: ``window_filter.holds_no_toponym`` accepts was measured to change no mention on any shared
#: corpus, each with the highest threshold the skip is used at (below the least P(outside) any
#: word left out had there, so that no threshold up to it would have tagged one): ``python -m
#: benchmarks.speed.window_skip`` (docs/measurements.md, *Sentences the tagger need not read*).
#: Any other model reads every sentence until it is measured too. The tagger's bound is below
#: WNUT-17's 0.830 (the teacher shipped until 2026-11-30: below GUM's 0.689), the student's
#: (``toponym-transformer-small``) below WikToR's 0.855.
SKIP_MEASURED: dict[str, float] = {
    "12af3e0551b5d2e273f5625c1fa2c9b17b59a9f87e2a171870e1a446f6045c9e": 0.8,
    "706d64223cf1d1a1038241c058bf9f27046fd6179149ff47ded206b551e129af": 0.65,
    "75cd0a6270bd133cf8003a79a17cae2fa485e51281269d063ec5fcac66ec438c": 0.8,
}


def model_dir() -> Path:
    """Where the default's tagger is read from: ``$TOPOSCOPE_TRANSFORMER_MODEL`` or the
    package's."""
    return TEACHER.model_dir()


#: The range of ``max_pieces`` a window may have: the base model's position table holds 512.
MAX_PIECES_RANGE = (8, 512)
#: The thresholds a model may carry (the shipped one is 0.6): a word is in a toponym when its
#: P(O) is below it, so near 0 nothing is ever found and at 1 nearly every word is.
THRESHOLD_RANGE = (0.05, 0.95)


def model_named(tagger: ShippedTagger) -> str:
    """What an error calls ``tagger``'s model."""
    return f"transformer toponym model {tagger.name}"


def read_meta(path: Path, tagger: ShippedTagger = TEACHER) -> dict[str, Any]:
    """The model folder's ``meta.json``, once every file is there, ``model.onnx`` and
    ``vocab.txt`` have the SHA-256 the meta records, and every value the tagger reads is in
    range; otherwise a one-line error naming the model (``tagger``'s), its folder and what is
    wrong."""
    model, rebuild = model_named(tagger), f"`{tagger.rebuild}`"
    if not path.is_dir():
        raise ModelNotFoundError(f"{model} not found: {path} is not a folder "
                                 f"(reinstall Toposcope, or rebuild it with {rebuild})")
    check_model_folder(path, model)
    missing = [n for n in FILES if not (path / n).is_file()]
    if missing:
        raise ModelNotFoundError(f"{model} at {path} is incomplete: no "
                                 f"{', '.join(missing)} (rebuild it with {rebuild})")
    def damaged(what: str) -> ModelNotFoundError:
        return ModelNotFoundError(f"{model} at {path} is damaged: {what}; rebuild it with "
                                  f"{rebuild}")

    try:
        meta = read_model_json(path / "meta.json", "model meta file")
        hashes = {name: str(meta[key]) for name, key in (("model.onnx", "sha256"),
                                                         ("vocab.txt", "vocab_sha256"))}
        threshold = meta["threshold"]
        pieces = meta.get("max_pieces", MAX_PIECES)
    except (OSError, InputError, UnicodeDecodeError, ValueError, TypeError, KeyError,
            AttributeError) as err:
        raise damaged(f"meta.json cannot be read ({type(err).__name__})") from None
    for name, expected in hashes.items():
        if hashlib.sha256((path / name).read_bytes()).hexdigest() != expected:
            raise damaged(f"{name} does not match the SHA-256 in meta.json")
    t_low, t_high = THRESHOLD_RANGE
    if isinstance(threshold, bool) or not isinstance(threshold, int | float) or not (
            t_low <= threshold <= t_high):
        raise damaged(f"its threshold {threshold!r} in meta.json is not a probability from "
                      f"{t_low} to {t_high} (outside it the model finds nothing, or every word)")
    low, high = MAX_PIECES_RANGE
    if isinstance(pieces, bool) or not isinstance(pieces, int) or not low <= pieces <= high:
        raise damaged(f"its max_pieces {pieces!r} in meta.json is not a whole number from "
                      f"{low} to {high}")
    return meta


def decode(window: Window, probs: Any, threshold: float) -> list[tuple[int, int]]:
    """Toponym (start, end) character spans of one window from its pieces' label
    probabilities (O, B, I): a word is inside a toponym when P(O) is below ``threshold``; it
    continues the toponym before it when I is likelier than B."""
    return [(a, b) for a, b, _ in decode_scored(window, probs, threshold)]


def decode_scored(window: Window, probs: Any, threshold: float
                  ) -> list[tuple[int, int, float]]:
    """``decode``'s spans, each with the mean over its words of 1 - P(O): how sure the tagger
    is that the span is a toponym (a feature of the span decision)."""
    spans: list[list[Any]] = []
    inside = False
    for (start, end), pos in zip(window.spans, window.first, strict=True):
        if pos < 0:
            continue
        p_out, p_begin, p_inner = (float(x) for x in probs[pos])
        if p_out >= threshold:
            inside = False
            continue
        if inside and p_inner > p_begin:
            spans[-1][1] = end
            spans[-1][2].append(1.0 - p_out)
        else:
            spans.append([start, end, [1.0 - p_out]])
        inside = True
    return [(a, b, round(sum(ps) / len(ps), 4)) for a, b, ps in spans]


class OnnxTagger:
    """Label probabilities for windows, from the exported model on ONNX Runtime.

    Windows of about one length run together in padded batches of ``batch`` (1: each
    alone), ``threads`` batches at once, each on one thread: one thread a batch keeps every
    sum in one order, so a window's probabilities are the same on any machine, whatever its
    cores."""

    def __init__(self, path: Path, threads: int | None = None, batch: int = 1,
                 tagger: ShippedTagger = TEACHER) -> None:
        import onnxruntime as ort

        model = model_named(tagger)
        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self.threads = threads or min(2, os.cpu_count() or 1)
        self.batch = max(1, batch)
        self._pool: ThreadPoolExecutor | None = None
        try:
            self.session = ort.InferenceSession(str(path), options,
                                                providers=["CPUExecutionProvider"])
        except Exception as err:  # onnxruntime raises its own exception types
            raise ModelNotFoundError(f"{model} at {path} cannot be loaded: "
                                     f"{str(err).splitlines()[0][:200]}") from None
        inputs = sorted(i.name for i in self.session.get_inputs())
        outputs = [o.name for o in self.session.get_outputs()]
        if inputs != sorted(INPUTS) or "logits" not in outputs:
            raise ModelNotFoundError(
                f"{model} at {path} has the wrong interface (inputs "
                f"{', '.join(inputs) or 'none'}; outputs {', '.join(outputs) or 'none'}; "
                f"expected inputs {', '.join(INPUTS)} and output logits); rebuild it with "
                f"`{tagger.rebuild}`")

    def probabilities(self, windows: Sequence[Window]) -> list[Any]:
        """Each window's (O, B, I) probabilities, whatever windows run beside it.

        The model is quantised dynamically: each int8 matrix product scales its input by a
        range. A model quantised per tensor shares that range across a batch (padding
        included), so its windows must run alone (``batch`` 1); one with per-window ranges
        gives a window in any padded batch bit for bit its probabilities alone."""
        groups = list(batches(windows, self.batch))
        if self.threads > 1 and len(groups) > 1:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix="tagger")
            done = list(self._pool.map(lambda g: self._batch([windows[i] for i in g]), groups))
        else:
            done = [self._batch([windows[i] for i in g]) for g in groups]
        out: list[Any] = [None] * len(windows)
        for group, probs in zip(groups, done, strict=True):
            for i, p in zip(group, probs, strict=True):
                out[i] = p
        return out

    def _batch(self, group: Sequence[Window]) -> list[Any]:
        import numpy as np

        width = max(len(w.ids) for w in group)
        ids = np.zeros((len(group), width), dtype=np.int64)
        mask, case = np.zeros_like(ids), np.zeros_like(ids)
        for row, w in enumerate(group):
            ids[row, :len(w.ids)], mask[row, :len(w.ids)], case[row, :len(w.ids)] = (
                w.ids, 1, w.case)
        logits = self.session.run(["logits"], {"input_ids": ids, "attention_mask": mask,
                                               "case_ids": case})[0]
        out = []
        for row, w in enumerate(group):
            x = logits[row, :len(w.ids)]
            x = x - x.max(axis=-1, keepdims=True)
            probs = np.exp(x)
            out.append(probs / probs.sum(axis=-1, keepdims=True))
        return out


def check(tagger: ShippedTagger = TEACHER) -> None:
    """Fail early, before any output is written, when ``tagger``'s model is missing or
    damaged."""
    read_meta(tagger.model_dir(), tagger)


class TransformerRecogniser:
    """Toponyms tagged by a shipped transformer model (label ``TOPONYM``)."""

    def __init__(self, labels: Sequence[str] = (LABEL,), path: Path | None = None,
                 threads: int | None = None, skip_up_to: float | None = None,
                 tagger: ShippedTagger = TEACHER) -> None:
        """``tagger``: the shipped tagger run, read from ``path`` when given, else from its
        folder (``ShippedTagger.model_dir``). ``skip_up_to``: the highest threshold at which the
        sentences that can hold no toponym (``window_filter``) are left out; by default the one
        measured for this model (``SKIP_MEASURED``), and none (every sentence read) for a model
        not measured."""
        del labels  # one label: the model's own
        self.name = tagger.name
        where = Path(path) if path is not None else tagger.model_dir()
        self.meta = read_meta(where, tagger)
        self.skip_up_to = (SKIP_MEASURED.get(str(self.meta["sha256"]), 0.0)
                           if skip_up_to is None else skip_up_to)
        self.threshold = float(self.meta["threshold"])
        per_window = self.meta.get(RANGES_KEY) == RANGES_PER_WINDOW
        self.tagger = OnnxTagger(where / "model.onnx", threads, BATCH if per_window else 1,
                                 tagger)
        try:
            self.pieces = WordPieces(where / "vocab.txt", int(self.meta.get("max_pieces", 128)))
        except Exception as err:  # tokenizers raises TypeError, Exception, its own errors
            raise ModelNotFoundError(f"{model_named(tagger)} at {where} is damaged: "
                                     f"vocab.txt cannot be read ({type(err).__name__})") from None
        self.description = (f"{self.name}: {tagger.about} ({where.name}, int8 ONNX, threshold "
                            f"{self.threshold})")

    def recognise(self, texts: Iterable[str], chunk: int = 64) -> Iterator[list[Mention]]:
        batch: list[str] = []
        for text in texts:
            batch.append(text)
            if len(batch) == chunk:
                yield from self._run(batch)
                batch = []
        if batch:
            yield from self._run(batch)

    def _run(self, texts: Sequence[str]) -> Iterator[list[Mention]]:
        yield from self._decoded(texts, *self.tagged(texts, (self.threshold,)),
                                 self.threshold)

    def recognise_at(self, texts: Sequence[str], thresholds: Sequence[float]
                     ) -> dict[float, list[list[Mention]]]:
        """Each text's mentions at each of ``thresholds``, the model run once: what
        ``recognise`` would find with that threshold in ``meta.json`` (for choosing it)."""
        tagged = self.tagged(texts, thresholds)
        return {t: list(self._decoded(texts, *tagged, t)) for t in thresholds}

    def tagged(self, texts: Sequence[str], thresholds: Sequence[float]
               ) -> tuple[list[Window], list[Any], list[int]]:
        """The texts' windows, their probabilities and the text each window belongs to, for
        decoding at ``thresholds`` (what the benchmarks that compare taggers read).

        Where every threshold is at most ``skip_up_to``, a sentence that can hold no toponym
        (``window_filter.sentences_to_skip``) gets no window: at those thresholds the tagger
        was measured to leave all its words outside, and the other windows' probabilities
        depend on nothing but themselves (``OnnxTagger.probabilities``), so nothing read from
        them can tell."""
        skip = bool(thresholds) and max(thresholds) <= self.skip_up_to
        sentences, owner = [], []
        for k, text in enumerate(texts):
            split = sentence_words(text)
            left_out = (sentences_to_skip([[w for w, _, _ in s] for s in split]) if skip
                        else [False] * len(split))
            for words, out in zip(split, left_out, strict=True):
                if not out:
                    sentences.append(words)
                    owner.append(k)
        windows = self.pieces.windows(sentences)
        # windows come in sentence order; a sentence's windows share its owner
        return windows, self.tagger.probabilities(windows), _window_owners(sentences, windows,
                                                                           owner)

    def _decoded(self, texts: Sequence[str], windows: Sequence[Window], probs: Sequence[Any],
                 doc_of: Sequence[int], threshold: float) -> Iterator[list[Mention]]:
        found: list[list[Mention]] = [[] for _ in texts]
        for window, p, k in zip(windows, probs, doc_of, strict=True):
            for a, b, score in decode_scored(window, p, threshold):
                found[k].append(Mention(a, b, texts[k][a:b], LABEL, self.name,
                                        proposer="tagger", score=score))
        for ms in found:
            yield sorted(ms, key=lambda m: (m.start, m.end))


def _window_owners(sentences: Sequence[Sequence[tuple[str, int, int]]],
                   windows: Sequence[Window], owner: Sequence[int]) -> list[int]:
    out, s, used = [], 0, 0
    for w in windows:
        out.append(owner[s])
        used += len(w.spans)
        if used == len(sentences[s]):
            s, used = s + 1, 0
    return out


class TransformerCheckedRecogniser(GazetteerCheck):
    """The transformer tagger's mentions whose name the gazetteer knows (or a code)."""

    def __init__(self, labels: Sequence[str] = (LABEL,), gazetteer: Gazetteer | None = None,
                 path: Path | None = None, tagger: ShippedTagger = TEACHER) -> None:
        super().__init__(TransformerRecogniser(labels, path=path, tagger=tagger), gazetteer,
                         name=tagger.recogniser(Part.CHECKED))


class TransformerOrgsRecogniser(OrganisationPlaces):
    """The tagger's ``-checked`` recogniser and the places inside organisation names that
    en_core_web_sm finds (``organisation_places``): the default's composition."""

    def __init__(self, labels: Sequence[str] = (LABEL,), gazetteer: Gazetteer | None = None,
                 path: Path | None = None, tagger: ShippedTagger = TEACHER) -> None:
        checked = TransformerCheckedRecogniser(labels, gazetteer, path=path, tagger=tagger)
        super().__init__(checked, checked.gazetteer, name=tagger.recogniser(Part.ORGS))


class TransformerHybridRecogniser(HybridRecogniser):
    """The ``hybrid`` rules on top of the transformer tagger: its mentions plus gazetteer-matcher
    hits it missed that overlap none of them."""

    def __init__(self, labels: Sequence[str] = (LABEL,), gazetteer: Gazetteer | None = None,
                 path: Path | None = None, tagger: ShippedTagger = TEACHER) -> None:
        del labels
        super().__init__(labels=(LABEL,), gazetteer=gazetteer, rescue_labels=(),
                         inner=TransformerRecogniser(path=path, tagger=tagger))
        self.name = tagger.recogniser(Part.HYBRID)
        self.description = (f"{self.name}: transformer tagger + gazetteer matcher over "
                            f"'{self.gazetteer.name}' for what it missed")


#: The class that builds each part over a tagger.
CLASSES: dict[Part, Callable[..., Recogniser]] = {
    Part.TAGGER: TransformerRecogniser, Part.CHECKED: TransformerCheckedRecogniser,
    Part.ORGS: TransformerOrgsRecogniser, Part.HYBRID: TransformerHybridRecogniser}


def registry_entry(part: Part, tagger: ShippedTagger) -> partial[Recogniser]:
    """``part`` over ``tagger`` as the registry builds it, with the ``check`` of its model."""
    entry = partial(CLASSES[part], tagger=tagger)
    entry.check = partial(check, tagger)  # type: ignore[attr-defined]
    return entry


for _tagger in SHIPPED_TAGGERS:
    for _part in _tagger.parts:
        RECOGNISERS.register(_tagger.recogniser(_part))(registry_entry(_part, _tagger))
