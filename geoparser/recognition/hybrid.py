"""The ``hybrid`` recogniser: a spaCy model, corrected by the gazetteer, explaining each call.

1. spaCy entities with a toponym label (GPE, LOC by default) are kept.
2. spaCy entities labelled ORG, PERSON, FAC or NORP that the gazetteer knows by that exact
   name are kept as places ("Whitby" tagged ORG): small models often mislabel place names.
3. Gazetteer-matcher hits that spaCy did not find are added, unless they overlap a kept
   mention or lie inside a PERSON entity ("Jack London").
Each mention's ``why`` says which rule kept it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from geoparser.gazetteers.base import Gazetteer
from geoparser.model import Mention
from geoparser.recognition.base import RECOGNISERS, Recogniser
from geoparser.recognition.gazetteer_matcher import GazetteerMatcher
from geoparser.recognition.spacy_models import DEFAULT_MODEL
from geoparser.recognition.spacy_ner import DEFAULT_LABELS, SpacyRecogniser

RESCUE_LABELS = ("ORG", "PERSON", "FAC", "NORP")


@RECOGNISERS.register("hybrid")
class HybridRecogniser:
    """spaCy NER plus gazetteer evidence."""

    name = "hybrid"

    def __init__(
        self,
        labels: Sequence[str] = DEFAULT_LABELS,
        model: str = DEFAULT_MODEL,
        gazetteer: Gazetteer | None = None,
        rescue_labels: Sequence[str] = RESCUE_LABELS,
        inner: Recogniser | None = None,
    ) -> None:
        """``inner`` replaces the spaCy model ``model`` as the first opinion (its mentions'
        labels are read as spaCy's would be)."""
        self.labels = frozenset(labels)
        self.rescue_labels = frozenset(rescue_labels)
        self.spacy = inner or SpacyRecogniser(
            model, labels=sorted(self.labels | self.rescue_labels))
        self.matcher = GazetteerMatcher(labels=("GPE", "LOC"), gazetteer=gazetteer)
        self.gazetteer = self.matcher.gazetteer
        self.description = (
            f"hybrid: spaCy {model} ({', '.join(sorted(self.labels))}; "
            f"{'/'.join(sorted(self.rescue_labels))} kept when the gazetteer knows the name) "
            f"+ gazetteer matcher over '{self.gazetteer.name}'"
        )

    def recognise(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        batch = list(texts)
        for ents, hits in zip(
            self.spacy.recognise(batch), self.matcher.recognise(batch), strict=True
        ):
            yield self._combine(ents, hits)

    def _combine(self, ents: list[Mention], hits: list[Mention]) -> list[Mention]:
        kept: list[Mention] = []
        for e in ents:
            if e.label in self.labels:
                kept.append(self._as(e, e.label, f"spaCy labelled it {e.label}"))
            elif e.label in self.rescue_labels:
                places = self.gazetteer.lookup(e.text)
                if places:
                    label = "GPE" if any(c.feature_class in {"A", "P"} for c in places) else "LOC"
                    kept.append(self._as(e, label, f"spaCy labelled it {e.label}; the gazetteer "
                                                   f"knows {len(places)} place(s) of that name"))
        persons = [e for e in ents if e.label == "PERSON"]
        for h in hits:
            if any(_overlaps(h, k) for k in kept) or any(_inside(h, p) for p in persons):
                continue
            around = next((e for e in ents if _overlaps(h, e)), None)
            why = "gazetteer match spaCy missed"
            if around is not None:
                why += f" (inside spaCy {around.label} '{around.text}')"
            kept.append(self._as(h, h.label, why, evidence=False))
        return sorted(kept, key=lambda m: (m.start, m.end))

    def _as(self, m: Mention, label: str, why: str, evidence: bool = True) -> Mention:
        return Mention(m.start, m.end, m.text, label, self.name, why, evidence,
                       proposer=m.proposer, within=m.within)


def _overlaps(a: Mention, b: Mention) -> bool:
    return a.start < b.end and b.start < a.end


def _inside(a: Mention, b: Mention) -> bool:
    return b.start <= a.start and a.end <= b.end
