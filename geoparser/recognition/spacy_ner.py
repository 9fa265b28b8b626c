"""Toponyms from a spaCy NER pipeline: entities whose label is one of ``labels``.

Default labels are GPE (countries, cities, states) and LOC (other locations: mountains,
rivers, regions); FAC (buildings, airports, bridges) is left out by default because it names
structures rather than places people geocode, but can be added with ``--labels``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from geoparser.errors import InputError
from geoparser.model import Mention
from geoparser.recognition.spacy_models import DEFAULT_MODEL, describe, load_pipeline

DEFAULT_LABELS: tuple[str, ...] = ("GPE", "LOC")


class SpacyRecogniser:
    """Entities with a toponym label, from any installed spaCy pipeline (name or path)."""

    def __init__(
        self,
        model: str = DEFAULT_MODEL,
        labels: Sequence[str] = DEFAULT_LABELS,
        batch_size: int = 256,
    ) -> None:
        self.model = model
        self.labels = frozenset(labels)
        self.batch_size = batch_size
        self.nlp = load_pipeline(model)
        self.name = model
        self.description = f"spaCy {describe(self.nlp)} ({', '.join(sorted(self.labels))})"

    def recognise(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        for doc in self.nlp.pipe(map(self._fits, texts), batch_size=self.batch_size):
            yield [
                Mention(ent.start_char, ent.end_char, ent.text, ent.label_, self.name)
                for ent in doc.ents
                if ent.label_ in self.labels
            ]

    def _fits(self, text: str) -> str:
        """``text``, or a clear error where spaCy would raise E088 (text beyond max_length)."""
        if len(text) > self.nlp.max_length:
            raise InputError(f"a text of {len(text):,} characters is more than the "
                             f"{self.nlp.max_length:,} the spaCy pipeline {self.name!r} reads at "
                             "once; split it into documents")
        return text
