"""A non-statistical recogniser: capitalised word sequences that the gazetteer knows as places.

Longest match first, up to ``max_words`` tokens, over spaCy's rule-based English tokenizer.
Filters keep it from tagging every capitalised word that is also a hamlet somewhere: every
word of a match is capitalised (lower-case joiners such as "upon", "on", "de" are allowed
inside), a match is not a stop word, a one-word match at the start of a sentence must be a
place of at least ``min_population_initial`` people (sentence-initial capitals carry no
signal), and a one-word match that is also a common English word (wordfreq's Zipf frequency
>= ``common_zipf``: "Cathedral", "Spring", "Hope") must be a place of at least
``min_population_common`` people — which keeps Nice, Reading and Bath but drops Wells.
Labels follow the GeoNames feature class of the best candidate: GPE for populated places and
administrative areas, LOC otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from geoparser.gazetteers.base import Gazetteer
from geoparser.model import Mention
from geoparser.recognition.base import RECOGNISERS
from geoparser.recognition.word_frequency import zipf_frequency
from geoparser.stop_words import STOP_WORDS
from geoparser.vocabularies import words

JOINERS = frozenset(words("recognition/joiners"))
#: A capitalised word opening a sentence names a place only when the place is this large.
#: Chosen by hand.
MIN_POPULATION_INITIAL = 100_000
#: Zipf frequency (``word_frequency``) from which a word is common English. Chosen by hand.
COMMON_ZIPF = 3.5
#: A name that is a common English word ("Orange", "Reading") names a place only when the
#: place is this large. Chosen by hand.
MIN_POPULATION_COMMON = 100_000


@RECOGNISERS.register("gazetteer")
class GazetteerMatcher:
    """Place names found by looking capitalised n-grams up in a gazetteer."""

    name = "gazetteer"

    # max_words 4, the longest name looked up: chosen by hand.
    def __init__(
        self,
        labels: Sequence[str] = ("GPE", "LOC"),
        gazetteer: Gazetteer | None = None,
        max_words: int = 4,
        min_population_initial: int = MIN_POPULATION_INITIAL,
        common_zipf: float = COMMON_ZIPF,
        min_population_common: int = MIN_POPULATION_COMMON,
    ) -> None:
        if gazetteer is None:
            from geoparser.gazetteers import create_gazetteer

            gazetteer = create_gazetteer("offline")
        self.gazetteer = gazetteer
        self.labels = frozenset(labels)
        self.max_words = max_words
        self.min_population_initial = min_population_initial
        self.common_zipf = common_zipf
        self.min_population_common = min_population_common
        import spacy  # here, not at the top: listing recognisers must not import spaCy

        self.nlp = spacy.blank("en")
        self.nlp.add_pipe("sentencizer")
        self.description = f"gazetteer matcher over '{gazetteer.name}' (longest capitalised n-gram)"

    def recognise(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        for doc in self.nlp.pipe(texts):
            yield self._matches(doc)

    def _matches(self, doc) -> list[Mention]:
        out = []
        i = 0
        while i < len(doc):
            found = self._longest_at(doc, i)
            if found is None:
                i += 1
                continue
            end, label = found
            span = doc[i:end]
            if label in self.labels:
                out.append(Mention(span.start_char, span.end_char, span.text, label, self.name,
                                   proposer="gazetteer-matcher"))
            i = end
        return out

    def _longest_at(self, doc, i: int) -> tuple[int, str] | None:
        if not _is_capitalised(doc[i]):
            return None
        for end in range(min(len(doc), i + self.max_words), i, -1):
            span = doc[i:end]
            if not _is_capitalised(doc[end - 1]) or not all(
                _is_capitalised(t) or t.lower_ in JOINERS for t in span
            ):
                continue
            if span.text.lower() in STOP_WORDS:
                continue
            candidates = self.gazetteer.lookup(span.text)
            if not candidates:
                continue
            best = max(candidates, key=lambda c: c.population or 0)
            if len(span) == 1 and not self._single_word_ok(doc[i], best.population or 0):
                continue
            return end, "GPE" if best.feature_class in {"A", "P"} else "LOC"
        return None


    def _single_word_ok(self, token, population: int) -> bool:
        if token.is_sent_start and population < self.min_population_initial:
            return False
        common = zipf_frequency(token.lower_) >= self.common_zipf
        return not common or population >= self.min_population_common


def _is_capitalised(token) -> bool:
    return token.is_alpha and token.text[0].isupper() and len(token.text) >= 2
