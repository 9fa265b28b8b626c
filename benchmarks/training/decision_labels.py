"""What a corpus's gold teaches the span decision about one proposed span: a positive, a
negative, or nothing (masked), by the corpus's convention (``geoparser.corpora.conventions``).

Corpora disagree on what a toponym is: GeoWebNews annotates streets and the places inside
organisations' names, local news (LGL) leaves them out by rule. A span no gold toponym covers
is a negative only where the corpus would have annotated it had it been one:

- a gold toponym's exact span is a positive, whatever its kind;
- a span that is exactly a gold person, organisation or other named entity, or lies on a
  person (the place in "Paris Hilton"), is a negative: a person's or an organisation's own name
  is no toponym in any convention;
- otherwise the span's mention kind decides (a span with no kind counts as literal): a kind the
  corpus annotates makes it a negative, a kind it leaves out on purpose, annotates unevenly or
  does not state makes it masked (a street in LGL, a people's adjective in GeoVirus, a place
  inside an organisation's name in the War of the Rebellion reports).
"""

from __future__ import annotations

from collections.abc import Iterable

from evaluation.false_positives import LayOn, lay_on
from geoparser.corpora.conventions import Conventions, TrainingLabel, label_for
from geoparser.model import GoldEntity, MentionKind


def span_label(corpus: str, start: int, end: int, kind: MentionKind | None,
               toponyms: Iterable[tuple[int, int]], entities: Iterable[GoldEntity],
               conventions: Conventions | None = None) -> TrainingLabel:
    """The label of the span ``start``-``end`` of mention kind ``kind`` in a document of
    ``corpus`` (a key of ``corpus_conventions.json``) with gold toponym spans ``toponyms`` and
    other gold ``entities`` (the module's rule)."""
    toponyms = list(toponyms)
    if (start, end) in toponyms:
        return TrainingLabel.POSITIVE
    entities = list(entities)
    if any((e.start, e.end) == (start, end) for e in entities):
        return TrainingLabel.NEGATIVE
    if lay_on(start, end, entities, toponyms) is LayOn.PERSON:
        return TrainingLabel.NEGATIVE
    annotated = label_for(corpus, kind or MentionKind.LITERAL, conventions)
    return (TrainingLabel.NEGATIVE if annotated is TrainingLabel.POSITIVE
            else TrainingLabel.MASKED)


__all__ = ["span_label"]
