"""Text without labels for a student tagger: the other shared corpora's sentences, which the
student learns from by the teacher's probabilities alone.

Distillation needs no gold (Hinton et al., 2015), so a student can learn the teacher's
behaviour on text unlike the three training corpora: tweets, Wikipedia, war reports, GUM's
genres. Every word of these windows is *missing* for the gold loss, so what their annotators
marked (under conventions the training corpora do not share) teaches nothing; only the
teacher, which never saw their gold, speaks there. A config names each corpus (by its
catalogue name, ``benchmarks.corpus_catalogue``) with a step: every k-th document by sorted
id, every sentence of it kept (toponym-free sentences are where false positives live).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any


def teacher_documents(corpora: Path, steps: Mapping[str, int], held_part: int | None = None
                      ) -> dict[str, list[str]]:
    """Each named corpus's texts, every ``steps[name]``-th document by sorted id; with
    ``held_part``, a corpus scored a part at a time (the catalogue's ``parts``: local news)
    without that part's documents (``document_parts.document_part``), so a student of the
    tagger that never saw the part never reads it either."""
    from benchmarks.corpus_catalogue import entry
    from benchmarks.training.document_parts import document_part, document_parts_count

    out: dict[str, list[str]] = {}
    for name, every in steps.items():
        if int(every) < 1:
            raise ValueError(f"teacher text {name}: every must be at least 1, not {every}")
        item = entry(name)
        docs = sorted(item.read(corpora), key=lambda d: d.id)
        if held_part is not None and item.parts:
            part = document_part([d.id for d in docs], document_parts_count())
            docs = [d for d in docs if part[d.id] != held_part]
        out[name] = [d.text for d in docs[::int(every)] if d.text.strip()]
    return out


def unlabelled_examples(texts: list[str], pieces: Any) -> list[Any]:
    """Training examples of ``texts``' sentences with every word missing (``IGNORE``): the
    sentence splitting is the gold corpora's (``data.sentence_bounds``)."""
    from geoparser.recognition.training.data import sentence_bounds, sentence_tokenizer
    from geoparser.recognition.training.tagger_data import examples

    nlp = sentence_tokenizer()
    docs = [nlp.make_doc(text[a:b]) for text in texts
            for a, b in sentence_bounds(nlp, text, [])]
    return examples(docs, pieces)


def teacher_text(corpora: Path, steps: Mapping[str, int], pieces: Any,
                 log: Any = print, held_part: int | None = None
                 ) -> tuple[list[Any], dict[str, dict[str, int]]]:
    """The unlabelled examples of every corpus in ``steps`` (``held_part`` left out as
    ``teacher_documents`` leaves it) and, per corpus, how many documents and windows it
    gave."""
    out: list[Any] = []
    counts: dict[str, dict[str, int]] = {}
    for name, texts in teacher_documents(corpora, steps, held_part).items():
        got = unlabelled_examples(texts, pieces)
        counts[name] = {"every": int(steps[name]), "documents": len(texts), "windows": len(got)}
        log(f"train-tagger: teacher text {name}: {len(texts)} documents, {len(got)} windows")
        out.extend(got)
    return out, counts
