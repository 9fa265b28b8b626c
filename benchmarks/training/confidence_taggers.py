"""The confidence rows' toponyms, each document recognised by a tagger that never saw it.

A confidence model learns from the toponyms the recogniser finds; at ``parse`` the shipped
tagger reads text it never saw, so the rows it is fitted on come from the fold taggers of
``make train-ner`` (scikit-learn's stacking fits on ``cross_val_predict``): a corpus the
tagger learnt by folds is read by the fold tagger without it (``<work>/without-<fold>/tagger``),
one it learnt a part at a time by the part tagger that never saw each document's part
(``<work>/without-part-<k>/tagger``, parts cut over the whole corpus as ``train_tagger
--held-part`` cuts them), any other corpus by the shipped tagger, which never saw it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from benchmarks.corpus_catalogue import entry
from benchmarks.training.decision_data import model_digest
from benchmarks.training.document_parts import by_part_tagger, fold_tagger_at
from benchmarks.training.ranker_data import cached_mentions
from geoparser.errors import UsageError
from geoparser.model import Document, ParsedDocument
from geoparser.shipped_taggers import tagger_of


def taggers_for(name: str, docs: Sequence[Document], corpora: Path, work: Path
                ) -> list[tuple[Path | None, list[Document]]]:
    """Corpus ``name``'s documents ``docs`` grouped by the tagger that never saw them
    (``None``: the shipped tagger); an error naming the first fold tagger missing."""
    item = entry(name)
    if item.parts:
        groups = [(_present(path), group) for path, group in
                  by_part_tagger(work, docs, [d.id for d in item.read(corpora)])]
        return [(path, group) for path, group in groups if group]
    if item.fold:
        return [(_present(fold_tagger_at(work, item.fold)), list(docs))]
    return [(None, list(docs))]


def _present(path: Path) -> Path:
    if not (path / "model.onnx").is_file():
        raise UsageError(f"no fold tagger at {path}: run `make train-ner` first")
    return path


def mentions_key(recogniser_name: str, where: Path | None = None) -> str:
    """The cache name of ``recogniser_name``'s mentions: with the digest of the tagger it runs
    (read from ``where``, else where the recogniser reads it)."""
    shipped = tagger_of(recogniser_name)
    if shipped is None:
        return recogniser_name
    return f"{recogniser_name}@{model_digest(where or shipped.model_dir())}"


def fold_recognised(name: str, docs: Sequence[Document], recogniser_name: str,
                    corpora: Path, work: Path) -> list[ParsedDocument]:
    """``recogniser_name``'s mentions of each of ``docs`` (corpus ``name``), each document read
    by the tagger that never saw it (``taggers_for``), cached by tagger; in ``docs``' order."""
    from benchmarks.accuracy.corpus_table import tagger_at
    from geoparser.recognition import create_recogniser

    shipped = tagger_of(recogniser_name)
    if shipped is None:
        raise UsageError(f"{recogniser_name} runs no shipped tagger: no fold tagger can stand "
                         "in for it")
    found = {}
    for path, group in taggers_for(name, docs, corpora, work):
        with tagger_at(path, shipped):
            where = shipped.model_dir()
            recogniser = create_recogniser(recogniser_name)
        found.update(cached_mentions("confidence-mentions", mentions_key(recogniser_name, where),
                                     group, recogniser=recogniser,
                                     note=f"confidence-data: {name}: recognising {len(group)} "
                                          f"documents with {where} (cached afterwards)"))
    return [ParsedDocument(d, found[d.id]) for d in docs]
