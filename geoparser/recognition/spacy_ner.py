"""Toponyms from a spaCy NER pipeline: entities whose label is one of ``labels``.

Default labels are GPE (countries, cities, states) and LOC (other locations: mountains,
rivers, regions); FAC (buildings, airports, bridges) is left out by default because it names
structures rather than places people geocode, but can be added with ``--labels``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from geoparser.errors import InputError
from geoparser.model import Mention
from geoparser.recognition.spacy_models import DEFAULT_MODEL, describe, load_pipeline
from geoparser.recognition.span_hygiene import embedded_spans, trim

DEFAULT_LABELS: tuple[str, ...] = ("GPE", "LOC")
#: Entity labels of names that may hold a place's name (organisations, facilities).
CONTAINER_LABELS: tuple[str, ...] = ("ORG", "FAC")


class SpacyRecogniser:
    """Entities with a toponym label, from any installed spaCy pipeline (name or path)."""

    # batch_size 256: chosen by hand (speed only; the output does not depend on it).
    def __init__(
        self,
        model: str = DEFAULT_MODEL,
        labels: Sequence[str] = DEFAULT_LABELS,
        batch_size: int = 256,
        known: Callable[[Sequence[str]], dict[str, bool]] | None = None,
        containers: Sequence[str] = CONTAINER_LABELS,
    ) -> None:
        """``known`` (a gazetteer's "do you know this name?") turns on embedded toponyms: a
        place name inside an entity labelled one of ``containers`` ("[Texas] Department of
        Transportation", ORG) is a mention of its own (``span_hygiene.embedded_spans``)."""
        self.model = model
        self.labels = frozenset(labels)
        self.batch_size = batch_size
        self.known = known
        self.containers = frozenset(containers) - self.labels if known is not None else frozenset()
        self.nlp = load_pipeline(model)
        self.name = model
        self.description = f"spaCy {describe(self.nlp)} ({', '.join(sorted(self.labels))})"

    def recognise(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        for doc in self.nlp.pipe(map(self._fits, texts), batch_size=self.batch_size):
            found = [
                Mention(ent.start_char, ent.end_char, ent.text, ent.label_, self.name,
                        proposer="spacy-entities")
                for ent in doc.ents
                if ent.label_ in self.labels
            ]
            text = doc.text  # spaCy joins its tokens for each read: once a document, not an entity
            for ent in doc.ents:
                if ent.label_ in self.containers:
                    found.extend(self._embedded(text, ent.start_char, ent.end_char,
                                                ent.label_))
            yield sorted(found, key=lambda m: (m.start, m.end))

    def _embedded(self, text: str, start: int, end: int, label: str) -> list[Mention]:
        assert self.known is not None
        # the name's span without a leading article ("the [Chicago Tribune]"), as the kind
        # classifier's name runs are
        name = trim(text, start, end) or (start, end)
        # Output and resolved, but no evidence for the document's other toponyms: a place in
        # an organisation's name ("University of Minnesota") says where the organisation is
        # from, not where the story is (docs/recognition-model.md, span hygiene).
        return [Mention(a, b, text[a:b], "GPE", self.name,
                        f"a place named in spaCy's {label} '{text[start:end]}'", evidence=False,
                        proposer="spacy-embedded", within=name)
                for a, b in embedded_spans(text, start, end, self.known)]

    def _fits(self, text: str) -> str:
        """``text``, or a clear error where spaCy would raise E088 (text beyond max_length)."""
        if len(text) > self.nlp.max_length:
            raise InputError(f"a text of {len(text):,} characters is more than the "
                             f"{self.nlp.max_length:,} the spaCy pipeline {self.name!r} reads at "
                             "once; split it into documents")
        return text
