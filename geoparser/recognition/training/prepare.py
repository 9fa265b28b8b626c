"""Write ``train.spacy`` and ``dev.spacy`` for a set of training corpora.

The dev split is carved out of the training corpora (whole documents, ``dev_fraction`` of
each), never out of a held-out corpus: it is what ``spacy train`` picks its best checkpoint on.
Run: ``python -m geoparser.recognition.training.prepare --out DIR [--hold-out NAME]``.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from spacy.language import Language

from geoparser.recognition.training.data import (
    SOURCES,
    CorpusSource,
    Split,
    load_gold,
    rehearse,
    sentence_tokenizer,
    source,
    split_documents,
    to_sentences,
    unteachable,
    write_docbin,
)

#: The share of each corpus's training documents kept apart to choose the checkpoint on.
#: Chosen by hand.
DEV_FRACTION = 0.15
#: Toponym-free sentences kept in training per sentence with a toponym, by a seeded sample
#: within each corpus (``None``: all). The dev split always keeps every sentence, so the
#: checkpoint is chosen on text as it comes. Chosen by hand.
NEGATIVES: float | None = 1.0


def people_tagger() -> Language:
    """``en_core_web_sm`` with only what its tagger needs (``unteachable`` reads the tags)."""
    import spacy

    from geoparser.recognition.spacy_models import resolve_package

    nlp = spacy.load(resolve_package("en_core_web_sm"))
    nlp.select_pipes(enable=["tok2vec", "tagger"])
    return nlp


def base_ner() -> Language:
    """``en_core_web_sm`` with only its NER (which has its own Tok2Vec): the teacher of the
    rehearsal targets."""
    import spacy

    from geoparser.recognition.spacy_models import resolve_package

    return spacy.load(resolve_package("en_core_web_sm"), enable=["ner"])


def corpus_splits(corpora_dir: Path, sources: Sequence[CorpusSource], *, seed: int = 0,
                  dev_fraction: float = DEV_FRACTION,
                  negatives: float | None = NEGATIVES,
                  rehearsal: bool = False,
                  conventions: str = "shared") -> dict[str, tuple[Split, Split]]:
    """Each corpus as (train, dev) sentence docs; the same documents land in the same split
    whichever corpora are combined later. ``rehearsal`` relabels them for fine-tuning
    ``en_core_web_sm``'s NER without forgetting its other entity types (``data.rehearse``).

    ``conventions``: ``"shared"`` teaches only what all corpora annotate (GeoWebNews's demonyms
    and adjectives missing: ``data.unteachable``); ``"news"`` teaches news geoparsing's labels
    (GeoWebNews's demonyms taught, other corpora's unannotated demonyms missing:
    ``tagger_data.silent_demonyms``)."""
    from geoparser.recognition.training.tagger_data import silent_demonyms

    if conventions not in ("shared", "news"):
        raise ValueError(f"unknown label conventions {conventions!r}")
    nlp = sentence_tokenizer()
    base = base_ner() if rehearsal else None
    out = {}
    for src in sources:
        gold = load_gold(src, corpora_dir)
        if conventions == "news":
            gold = gold if src.harmonise else silent_demonyms(gold)
        elif src.harmonise:
            gold = unteachable(gold, people_tagger())
        train_docs, dev_docs = split_documents(gold, dev_fraction, seed)
        train = to_sentences(nlp, train_docs, negatives=negatives, rng=random.Random(seed))
        dev = to_sentences(nlp, dev_docs)
        if base is not None:
            rehearse(train.docs, base, train.counts)
            rehearse(dev.docs, base, dev.counts)
        out[src.name] = (train, dev)
    return out


def write_fold(splits: dict[str, tuple[Split, Split]], names: Sequence[str], out_dir: Path, *,
               seed: int = 0) -> dict[str, Any]:
    """``out_dir/train.spacy`` and ``dev.spacy`` from the corpora ``names``; return the counts."""
    train, dev = Split(), Split()
    per_corpus: dict[str, Any] = {}
    for name in names:
        tr, dv = splits[name]
        per_corpus[name] = {"train": asdict(tr.counts), "dev": asdict(dv.counts)}
        train.docs += tr.docs
        train.counts.add(tr.counts)
        dev.docs += dv.docs
        dev.counts.add(dv.counts)
    random.Random(seed).shuffle(train.docs)
    write_docbin(train.docs, out_dir / "train.spacy")
    write_docbin(dev.docs, out_dir / "dev.spacy")
    counts = {"corpora": per_corpus, "train": asdict(train.counts), "dev": asdict(dev.counts)}
    (out_dir / "counts.json").write_text(json.dumps(counts, indent=2) + "\n", encoding="utf-8")
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=Path("../shared/corpora"))
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--hold-out", help="corpus left out of training (default: none)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    held = source(args.hold_out) if args.hold_out else None
    names = [s.name for s in SOURCES if s != held]
    splits = corpus_splits(args.corpora, [source(n) for n in names], seed=args.seed)
    counts = write_fold(splits, names, args.out, seed=args.seed)
    print(json.dumps({k: counts[k] for k in ("train", "dev")}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
