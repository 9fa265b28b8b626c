"""The parts the span decision cuts each corpus into by whole documents, which a tagger may
leave out one at a time (``train_tagger --held-part``) so that every document of a corpus it
learns from is tagged by a model that never saw it, and where such a tagger is written."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

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
