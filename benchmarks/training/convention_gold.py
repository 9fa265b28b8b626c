"""More gold for the tagger: the span decision's other corpora, each labelled by its own
convention, so that a kind a corpus leaves out on purpose teaches nothing there.

The tagger's three training corpora share news geoparsing's conventions. The others (War of
the Rebellion reports, GUM, tweets, Wikipedia sentences) annotate places under conventions of
their own: LGL-like corpora leave streets and places inside organisations' names out by rule,
tweets leave out adjectives of peoples. Taught as they are, every such silence would teach
"not a toponym". Here each document's gold toponyms are the positives; every span the shipped
default proposes (tagger, gazetteer check, organisation pass, as ``parse`` resolves it, with
its mention kind) that its corpus's convention masks (``decision_labels.span_label``) is
*missing* (neither toponym nor outside); everything else, people's and organisations' own
names included, is outside. The corpora and their sampling steps are the span decision's
(``decision.json``: one list of corpora with their converters). The proposing tagger must never
have seen them: the shipped one (checked by ``decision_data.tagger_for``), or one given
(``train_tagger --proposer``: the news recipe's tagger, once the shipped one has learned a
corpus by its convention), checked by its ``meta.json`` and ``trained_on.json``; its mentions
are cached as the decision's are.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.training.document_parts import (
    DECISION_CONFIG,
    document_part,
    document_parts_count,
)


def decision_corpora(names: Sequence[str], config: Path = DECISION_CONFIG) -> list[Any]:
    """The decision's corpora called ``names`` (its ``corpora`` list), in that order; a name it
    lacks is an error naming those it has."""
    from benchmarks.training.decision_data import DecisionCorpus

    entries = {e["name"]: e for e in json.loads(config.read_text(encoding="utf-8"))["corpora"]}
    missing = [n for n in names if n not in entries]
    if missing:
        raise ValueError(f"{config.name} has no corpus {', '.join(map(repr, missing))} "
                         f"(it has: {', '.join(entries)})")
    return [DecisionCorpus.from_config(entries[n]) for n in names]


def innermost_toponyms(gold: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
    """Nested gold (GUM's "Portsmouth, United Kingdom" holding "United Kingdom") as the
    tagger can learn it: each innermost span a toponym, the rest of an outer span *missing*
    (the tagger's spans cannot nest, and the outer span's own words, "Portsmouth" here, are
    no outside)."""
    out: list[dict[str, Any]] = []
    for start, end in gold:
        inner = sorted((a, b) for a, b in gold
                       if start <= a and b <= end and (a, b) != (start, end))
        if not inner:
            out.append({"start": start, "end": end})
            continue
        at = start
        for a, b in inner + [(end, end)]:
            if a > at:
                out.append({"start": at, "end": a, "missing": True})
            at = max(at, b)
    return out


def masked_toponyms(document: Any, proposed: Sequence[tuple[int, int, Any]],
                    conventions: str) -> dict[str, Any]:
    """``document`` (a gold ``Document``) as a training object: its gold toponyms, and as
    ``missing`` every ``proposed`` (start, end, mention kind) span that its corpus's
    ``conventions`` mask."""
    from benchmarks.training.decision_labels import span_label
    from geoparser.corpora.conventions import TrainingLabel

    gold = sorted({(t.start, t.end) for t in document.toponyms
                   if t.start is not None and t.end is not None and t.end > t.start})
    toponyms = innermost_toponyms(gold)
    seen = set(gold)
    for start, end, kind in proposed:
        if (start, end) in seen:
            continue
        seen.add((start, end))
        if span_label(conventions, start, end, kind, gold,
                      document.entities) is TrainingLabel.MASKED:
            toponyms.append({"start": start, "end": end, "missing": True})
    return {"id": document.id, "text": document.text, "toponyms": toponyms}


def proposer_for(corpus: Any, docs: Sequence[Any], given: Path | None = None) -> Path:
    """The tagger proposing ``corpus``'s spans to mask: ``given``, refused if its
    ``meta.json`` names the corpus or its ``trained_on.json`` holds any of ``docs``; else the
    shipped one (``decision_data.tagger_for``), which a ``parts`` corpus cannot use (the
    shipped tagger learned it)."""
    from benchmarks.training.decision_data import tagger_for
    from evaluation.reports.trained_on import FILE, fingerprint_overlap

    if given is None:
        if corpus.tagger == "parts":
            raise ValueError(f"{corpus.name}: the shipped tagger learned it; give --proposer, "
                             f"a tagger that never saw it (the news recipe's, tagger.json)")
        return tagger_for(corpus, Path("."), docs)
    meta = json.loads((given / "meta.json").read_text(encoding="utf-8"))
    seen = (fingerprint_overlap(given / FILE, (d.text for d in docs))
            if (given / FILE).is_file() else {})
    if corpus.name in meta.get("trained_on", []) or seen:
        raise ValueError(f"--proposer {given} was trained on {corpus.name}: the spans it "
                         f"proposes there would not be those of unseen text")
    return given


def convention_gold(corpora: Path, names: Sequence[str], log: Any = print,
                    held_part: int | None = None, proposer: Path | None = None
                    ) -> dict[str, list[dict[str, Any]]]:
    """Each named decision corpus's sampled documents as training objects (the module); with
    ``held_part``, that part of each corpus's documents (of the decision's
    ``document_folds``) is left out, so a tagger trained on the rest can score it unseen. The
    spans to mask are ``proposer``'s (``proposer_for``)."""
    from benchmarks.training.decision_data import resolved_spans
    from geoparser.gazetteers import create_gazetteer
    from geoparser.resolution import create_policy

    config = json.loads(DECISION_CONFIG.read_text(encoding="utf-8"))
    gazetteer, policy = create_gazetteer("offline"), create_policy(config["policy"])
    out: dict[str, list[dict[str, Any]]] = {}
    for corpus in decision_corpora(names):
        if corpus.tagger == "fold":
            raise ValueError(f"{corpus.name} is a tagger training corpus already")
        whole = corpus.every_document(corpora)
        docs = corpus.taken(whole)
        tagger = proposer_for(corpus, docs, proposer)
        if held_part is not None:  # parts of the whole corpus, as every scorer cuts them
            part = document_part([d.id for d in whole], document_parts_count())
            docs = [d for d in docs if part[d.id] != held_part]
        resolved = resolved_spans(corpus.name, docs, tagger, gazetteer, policy)
        objects = [masked_toponyms(p.document, [(r.mention.start, r.mention.end, r.kind)
                                                for r in p.resolutions], corpus.conventions)
                   for p in resolved]
        out[corpus.name] = objects
        n_gold = sum(len(p.document.toponyms) for p in resolved)
        n_masked = sum(t.get("missing", False) for o in objects for t in o["toponyms"])
        held = "" if held_part is None else f" (part {held_part} left out)"
        log(f"train-tagger: convention gold {corpus.name}: {len(objects)} documents{held}, "
            f"{n_gold} toponyms, {n_masked} spans masked")
    return out
