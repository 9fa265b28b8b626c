"""Each shared corpus's annotation convention, for training: which mention kinds it annotates as
toponyms, which it leaves out on purpose or unevenly, and which entity types it labels that are
certainly no toponym (``geoparser/data/corpus_conventions.json``, each entry with its source).

Corpora disagree: GeoWebNews annotates streets and the places inside organisations' names,
local news (LGL) leaves them out by rule. A learner taught one corpus's silence as "no toponym"
unlearns another's convention, so ``label_for`` answers, for a corpus and a mention kind or an
entity type, whether an example is a ``positive``, a ``negative`` or ``masked`` (taught
neither way): a kind the corpus annotates is positive, one it leaves out on purpose or
unevenly or does not state is masked, a person or an organisation's own name it labels is a
negative.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from geoparser.model import MentionKind

#: The data file, with each entry's source.
CONVENTIONS_FILE = Path(__file__).resolve().parent.parent / "data" / "corpus_conventions.json"


class TrainingLabel(StrEnum):
    """What a corpus's annotation teaches about a mention of some kind or entity type."""

    POSITIVE = "positive"
    NEGATIVE = "negative"
    MASKED = "masked"


@dataclass(frozen=True)
class CorpusConvention:
    """One corpus's convention: mention kinds it annotates, leaves out on purpose and
    annotates unevenly, and the entity types it labels that are no toponym; each mapped to the
    source line or guideline that says so."""

    name: str
    folder: str
    annotates: MappingProxyType[MentionKind, str]
    leaves_out: MappingProxyType[MentionKind, str]
    uneven: MappingProxyType[MentionKind, str]
    not_toponyms: MappingProxyType[str, str]


@dataclass(frozen=True)
class Conventions:
    """Every corpus's convention and the entity types they may name."""

    corpora: MappingProxyType[str, CorpusConvention]
    entity_types: MappingProxyType[str, str]


def _kinds(entries: dict[str, str], where: str) -> MappingProxyType[MentionKind, str]:
    out = {}
    for key, source in entries.items():
        try:
            kind = MentionKind(key)
        except ValueError:
            raise ValueError(f"{where}: unknown mention kind {key!r} (choose from "
                             f"{', '.join(k.value for k in MentionKind)})") from None
        if not isinstance(source, str) or not source.strip():
            raise ValueError(f"{where}: {key!r} names no source")
        out[kind] = source
    return MappingProxyType(out)


def parse_conventions(data: dict[str, Any]) -> Conventions:
    """The conventions a JSON object describes; a kind or entity type no list names, an entry
    with no source, or a kind in two lists of one corpus is an error naming where."""
    types = data["entity_types"]
    corpora = {}
    for name, entry in data["corpora"].items():
        lists = {key: _kinds(entry.get(key, {}), f"{name}.{key}")
                 for key in ("annotates", "leaves_out", "uneven")}
        seen: set[MentionKind] = set()
        for key, kinds in lists.items():
            if twice := seen & set(kinds):
                raise ValueError(f"{name}.{key}: {sorted(twice)} also in another list")
            seen |= set(kinds)
        negatives = entry.get("not_toponyms", {})
        for key, source in negatives.items():
            if key not in types:
                raise ValueError(f"{name}.not_toponyms: unknown entity type {key!r} (choose "
                                 f"from {', '.join(types)})")
            if not isinstance(source, str) or not source.strip():
                raise ValueError(f"{name}.not_toponyms: {key!r} names no source")
        corpora[name] = CorpusConvention(name, entry.get("folder", name), **lists,
                                         not_toponyms=MappingProxyType(dict(negatives)))
    return Conventions(MappingProxyType(corpora), MappingProxyType(dict(types)))


@lru_cache(maxsize=1)
def load_conventions(path: Path = CONVENTIONS_FILE) -> Conventions:
    """The shipped conventions (``corpus_conventions.json``)."""
    return parse_conventions(json.loads(path.read_text(encoding="utf-8")))


def label_for(corpus: str, what: MentionKind | str,
              conventions: Conventions | None = None) -> TrainingLabel:
    """Whether a mention of kind ``what`` (a ``MentionKind`` or its value), or an entity of
    type ``what`` (``entity_types``: "person", "organisation", ...), is a positive, a negative
    or masked in ``corpus``'s annotation. An unknown corpus, kind or type is an error."""
    conventions = conventions or load_conventions()
    entry = conventions.corpora.get(corpus)
    if entry is None:
        raise ValueError(f"unknown corpus {corpus!r} (choose from "
                         f"{', '.join(conventions.corpora)})")
    if isinstance(what, MentionKind) or what in MentionKind._value2member_map_:
        kind = MentionKind(what)
        return TrainingLabel.POSITIVE if kind in entry.annotates else TrainingLabel.MASKED
    if what in conventions.entity_types:
        return (TrainingLabel.NEGATIVE if what in entry.not_toponyms
                else TrainingLabel.MASKED)
    raise ValueError(f"unknown mention kind or entity type {what!r} (kinds: "
                     f"{', '.join(k.value for k in MentionKind)}; entity types: "
                     f"{', '.join(conventions.entity_types)})")
