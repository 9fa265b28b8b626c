"""The geoparsing pipeline: recognise mentions, look each up, let a policy choose.

The two steps are separate so that several policies can resolve the same recognised mentions
(coursework Questions 3 and 4 share Question 1's NER output).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from geoparser.gazetteers.base import Gazetteer
from geoparser.model import Document, ParsedDocument
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
    """New parsed documents whose every mention is resolved by ``policy``."""
    out = []
    for p in parsed:
        found = {(m.start, m.end): gazetteer.lookup(m.text) for m in p.mentions}
        context = ResolutionContext(
            p.document, tuple(p.mentions), (guides or {}).get(p.document.id), found
        )
        resolutions = [policy.choose(m, found[m.start, m.end], context) for m in p.mentions]
        out.append(ParsedDocument(p.document, list(p.mentions), resolutions))
    return out
