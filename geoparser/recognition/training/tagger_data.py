"""Gold corpora to the transformer tagger's examples: windows of word pieces with BIO labels.

The label conventions are news geoparsing's (Gritta et al.'s *Pragmatic Guide*, which
GeoWebNews follows): literal and associative toponyms, demonyms and adjectives ("Russian
jets", "Palestinians"), and toponyms embedded in an organisation's name ("[Texas] Department
of Transportation") are all toponyms. What a corpus does not annotate is *missing*, never
taught as outside: GeoVirus and SemEval-2019 leave demonyms unannotated, so there every
demonym that is no gold toponym is masked (``silent_demonyms``), while GeoWebNews teaches them.

Sentences and splits are the spaCy model's (``data.sentences``, ``prepare.corpus_splits``'s
document split), so both recognisers learn from and are validated on the same text.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from spacy.tokens import Doc

from geoparser.recognition.wordpieces import Window, WordPieces

#: Word labels; ``IGNORE`` (missing) teaches nothing.
OUTSIDE, BEGIN, INSIDE = 0, 1, 2
LABELS = ("O", "B-TOPONYM", "I-TOPONYM")
#: The label of a word piece the loss leaves out (PyTorch's ``CrossEntropyLoss``
#: ``ignore_index`` default).
IGNORE = -100


@lru_cache(maxsize=1)
def demonym_pattern() -> re.Pattern[str]:
    """Capitalised demonyms and their plurals ("Russian", "Russians", "Palestinians")."""
    from geoparser.gazetteers.demonyms import demonyms_by_country

    words = {d for ds in demonyms_by_country().values() for d in ds}
    forms = sorted(words | {w + "s" for w in words if not w.endswith(("s", "sh", "ch", "ese"))},
                   key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, forms)) + r")(?![\w-])")


def silent_demonyms(docs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Gold documents with every demonym that overlaps no gold toponym added as ``missing``:
    the corpus does not annotate demonyms, so its silence about them is no teaching."""
    pattern = demonym_pattern()
    out = []
    for doc in docs:
        spans = [(t["start"], t["end"]) for t in doc["toponyms"]
                 if t.get("start") is not None and t.get("end") is not None]
        extra = [{"start": m.start(), "end": m.end(), "text": m.group(), "missing": True}
                 for m in pattern.finditer(doc["text"])
                 if not any(a < m.end() and m.start() < b for a, b in spans)]
        out.append({**doc, "toponyms": [*doc["toponyms"], *extra]} if extra else doc)
    return out


def word_labels(doc: Doc) -> tuple[list[tuple[str, int, int]], list[int]]:
    """A sentence doc's words (white space dropped) and their labels from its entities:
    B/I inside a toponym, O outside, ``IGNORE`` where the doc marks the token missing."""
    words, labels = [], []
    for t in doc:
        if t.is_space:
            continue
        words.append((t.text, t.idx, t.idx + len(t.text)))
        labels.append({"B": BEGIN, "I": INSIDE, "O": OUTSIDE}.get(t.ent_iob_, IGNORE))
    return words, labels


@dataclass(frozen=True)
class Example:
    """One window and its per-piece labels (``IGNORE`` on all but a word's first piece)."""

    window: Window
    labels: tuple[int, ...]


def examples(docs: Iterable[Doc], pieces: WordPieces) -> list[Example]:
    """Training examples from annotated sentence docs."""
    sentences, word_tags = [], []
    for doc in docs:
        words, labels = word_labels(doc)
        if words:
            sentences.append(words)
            word_tags.append(labels)
    out = []
    s = k = 0
    for window in pieces.windows(sentences):
        tags = list(word_tags[s][k:k + len(window.spans)])
        if tags and tags[0] == INSIDE:
            tags[0] = BEGIN  # a window cut inside a toponym starts it again, as the tagger reads it
        k += len(window.spans)
        if k == len(word_tags[s]):
            s, k = s + 1, 0
        piece_labels = [IGNORE] * len(window.ids)
        for pos, tag in zip(window.first, tags, strict=True):
            if pos >= 0:
                piece_labels[pos] = tag
        out.append(Example(window, tuple(piece_labels)))
    return out


def shuffled(items: Sequence[Example], seed: int) -> list[Example]:
    """A seeded shuffle."""
    order = list(items)
    random.Random(seed).shuffle(order)
    return order


def tensors(batch: Sequence[Example]) -> tuple[Any, Any, Any, Any]:
    """Padded (input_ids, attention_mask, case_ids, labels) for a batch of examples."""
    import torch

    width = max(len(e.window.ids) for e in batch)
    ids = torch.zeros((len(batch), width), dtype=torch.long)
    mask = torch.zeros((len(batch), width), dtype=torch.long)
    case = torch.zeros((len(batch), width), dtype=torch.long)
    labels = torch.full((len(batch), width), IGNORE, dtype=torch.long)
    for row, e in enumerate(batch):
        n = len(e.window.ids)
        ids[row, :n] = torch.tensor(e.window.ids)
        mask[row, :n] = 1
        case[row, :n] = torch.tensor(e.window.case)
        labels[row, :n] = torch.tensor(e.labels)
    return ids, mask, case, labels


def unlabelled_tensors(windows: Sequence[Any]) -> tuple[Any, Any, Any]:
    """Padded (input_ids, attention_mask, case_ids) for windows read without labels."""
    ids, mask, case, _ = tensors([Example(w, (IGNORE,) * len(w.ids)) for w in windows])
    return ids, mask, case
