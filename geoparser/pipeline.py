"""The geoparsing pipeline: recognise mentions, look each up, let a policy choose.

The two steps are separate so that several policies can resolve the same recognised mentions
(coursework Questions 3 and 4 share Question 1's NER output).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from geoparser.gazetteers.base import Gazetteer
from geoparser.model import Candidate, Document, ParsedDocument
from geoparser.recognition.base import Recogniser
from geoparser.resolution.base import Policy, ResolutionContext


def recognise(recogniser: Recogniser, documents: Sequence[Document]) -> list[ParsedDocument]:
    """Mentions for every document, batched through the recogniser."""
    texts = (doc.text for doc in documents)
    return [
        ParsedDocument(doc, mentions)
        for doc, mentions in zip(documents, recogniser.recognise(texts), strict=True)
    ]


def resolve(
    parsed: Iterable[ParsedDocument],
    gazetteer: Gazetteer,
    policy: Policy,
    guides: Mapping[str, tuple[float, float]] | None = None,
) -> list[ParsedDocument]:
    """New parsed documents whose every mention is resolved by ``policy``.

    All names of the batch are looked up at once when the gazetteer can (``lookup_many``), so
    a chunk of documents costs one gazetteer query for the names not seen before.
    """
    parsed = list(parsed)
    names = lookup_all(gazetteer, {m.text for p in parsed for m in p.mentions})
    out = []
    for p in parsed:
        found = {(m.start, m.end): names[m.text] for m in p.mentions}
        context = ResolutionContext(
            p.document, tuple(p.mentions), (guides or {}).get(p.document.id), found
        )
        resolutions = [policy.choose(m, found[m.start, m.end], context) for m in p.mentions]
        out.append(ParsedDocument(p.document, list(p.mentions), resolutions))
    return out


def lookup_all(gazetteer: Gazetteer, names: Collection[str]) -> dict[str, list[Candidate]]:
    """Candidates for every name, in one batch when the gazetteer offers ``lookup_many``."""
    many = getattr(gazetteer, "lookup_many", None)
    if many is not None:
        return many(names)
    return {name: gazetteer.lookup(name) for name in names}
