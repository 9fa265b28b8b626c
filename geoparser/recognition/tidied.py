"""Every recogniser's mentions as gold writes them, with newspapers' conventions read.

``create_recogniser`` wraps each recogniser it builds in ``Tidied``: mentions are trimmed
(``span_hygiene.tidy``: no "the", no "'s", no edge punctuation; a direction word joined to
the place after it, ``span_hygiene.joined_parts``; a piece of a longer place name widened to
the whole name, ``whole_names``; a town's name without the "City" of its government,
``city_word``), and the toponyms of datelines, of area abbreviations after a
place, of plural lists and of lists of places, and the peoples and adjectives of places, are
added by the chain of recognition passes (``passes.chain``), whose counts ``Tidied.pass_counts``
reports. Names are checked against the gazetteer,
each once. No mention made only of function words or generic heads ("of", "Center",
"Station") comes out, whichever rule made it (``span_hygiene.is_generic``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice

from geoparser.gazetteers.base import Gazetteer
from geoparser.model import Mention
from geoparser.recognition.base import Recogniser
from geoparser.recognition.city_word import without_city_word
from geoparser.recognition.gazetteer_check import GazetteerNames, with_unknown_names
from geoparser.recognition.passes.base import KnownNames
from geoparser.recognition.passes.chain import PassChain, PassCount
from geoparser.recognition.span_hygiene import is_generic, joined_parts, tidy
from geoparser.recognition.span_index import SpanIndex
from geoparser.recognition.whole_names import whole_names

#: Texts handed to the inner recogniser at once. Chosen by hand; no output depends on it
#: (tests/test_batch_invariance.py).
CHUNK = 256


class Tidied:
    """``inner`` with trimmed mentions and news conventions (see the module's docstring)."""

    def __init__(self, inner: Recogniser, gazetteer: Gazetteer | None = None,
                 known: KnownNames | None = None) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "recogniser")
        self.description = getattr(inner, "description", self.name)
        self.known = known or GazetteerNames(gazetteer)
        self.chain = PassChain()

    def __getattr__(self, attr: str) -> object:
        if attr == "inner":  # not set yet: no recursion while unpickling
            raise AttributeError(attr)
        return getattr(self.inner, attr)

    def pass_counts(self) -> dict[str, PassCount]:
        """How often each recognition pass proposed a span and how many became mentions, over
        every text this recogniser has read (in this process)."""
        return self.chain.counts

    def recognise(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        for found, _ in self.recognise_with_unknown(texts):
            yield found

    def recognise_with_unknown(self, texts: Iterable[str]
                               ) -> Iterator[tuple[list[Mention], list[Mention]]]:
        """For each text, ``recognise``'s mentions and the names the inner recogniser dropped
        because no gazetteer entry has them (``gazetteer_check.with_unknown_names``), trimmed
        alike, but for any a mention overlaps or that is generic."""
        stream = iter(texts)
        while chunk := list(islice(stream, CHUNK)):
            for text, (mentions, dropped) in zip(chunk, with_unknown_names(self.inner, chunk),
                                                 strict=True):
                whole = without_city_word(
                    text, whole_names(text, joined_parts(text, tidy(mentions, text)),
                                      self.known.written),
                    self.known, self.known.town_as_written)
                found = [m for m in self.chain.apply(text, whole, self.known, self.name)
                         if not is_generic(m.text)]
                spans = SpanIndex((m.start, m.end) for m in found)
                yield found, [u for u in tidy(dropped, text) if not is_generic(u.text)
                              and not any(u.start < e and s < u.end
                                          for s, e in spans.near(u.start, u.end))]
