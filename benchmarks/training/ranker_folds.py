"""The ``learned`` policy with a ranker that never saw the corpus it resolves.

A model fitted on the ranker's choices (the confidence model of ``learned``) must read the
choices the ranker makes on text it never saw, as it will at ``parse``; the shipped ranker
learnt every corpus of ``benchmarks.public_corpora``, so the rows of each of those corpora
come from a fold ranker trained on the others with the shipped configuration (as the span
decision's rows come from fold taggers). Any other corpus is resolved by the shipped ranker,
which never saw it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path

from benchmarks.training import ranker_data, train_ranker


def fold_policies(shared: Path, gazetteer, names: Iterable[str]) -> dict[str, object]:
    """Each corpus of ``names`` -> the ``learned`` policy it is resolved by: a ranker trained
    without it where the shipped ranker learnt it, else the shipped one."""
    from geoparser.resolution.learned import LearnedPolicy

    config = json.loads(train_ranker.CONFIG.read_text(encoding="utf-8"))
    corpora = ranker_data.load_corpora(shared)
    others = train_ranker.without_each({c.name: ranker_data.groups(c, gazetteer)
                                        for c in corpora})
    out: dict[str, object] = {}
    for name in names:
        if name in others:
            print(f"ranker-folds: {name}: a ranker trained without it", file=sys.stderr)
            out[name] = LearnedPolicy(model=train_ranker.train(others[name], config))
        else:
            out[name] = LearnedPolicy()
    return out
