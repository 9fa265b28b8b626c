"""The parts the span decision cuts each corpus into by whole documents, which a tagger may
leave out one at a time (``train_tagger --held-part``) so that every document of a corpus it
learns from is tagged by a model that never saw it, and where such a tagger is written."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from geoparser.model import Document

#: The span decision's config, whose ``document_folds`` is the number of parts.
DECISION_CONFIG = Path(__file__).resolve().parent / "decision.json"


def document_parts_count(config: Path = DECISION_CONFIG) -> int:
    """How many parts the span decision cuts each corpus into (``decision.json``'s
    ``document_folds``): the parts a tagger may leave out too."""
    return int(json.loads(config.read_text(encoding="utf-8"))["document_folds"])


def document_part(ids: Sequence[str], parts: int) -> dict[str, int]:
    """Each document id's part of ``parts`` (every ``parts``-th of the sorted ids), as the span
    decision cuts a corpus by whole documents (``train_decision.document_parts``)."""
    return {d: i % parts for i, d in enumerate(sorted(set(ids)))}


def part_tagger(work: Path, part: int) -> Path:
    """Where ``train_tagger --held-part`` writes the tagger that never saw ``part``."""
    return work / f"without-part-{part}" / "tagger"


def fold_tagger_at(work: Path, name: str) -> Path:
    """Where ``train_tagger`` writes the fold tagger that never saw corpus ``name`` (its name,
    or its fold key: ``fold_key``)."""
    return work / f"without-{fold_key(name)}" / "tagger"


def fold_key(name: str) -> str:
    """``without-<key>`` folder name of the fold that holds corpus ``name`` out."""
    return name.split()[0].lower()


def by_part_tagger(work: Path, docs: Sequence[Document], every_id: Sequence[str]
                   ) -> list[tuple[Path, list[Document]]]:
    """``docs`` grouped by the part tagger that never saw them (``part_tagger``, every part in
    order, empty ones too), the parts cut over ``every_id``: the whole corpus's ids, as
    ``train_tagger --held-part`` cut them, so that a sample's documents keep their parts."""
    count = document_parts_count()
    part = document_part(every_id, count)
    return [(part_tagger(work, k), [d for d in docs if part[d.id] == k]) for k in range(count)]
