"""The evidence the span decision weighs for each resolved span (``SPAN_FEATURES``).

* which part proposed the span (``proposer``, a category of ``PROPOSERS``) and the tagger's
  own probability (``tagger_p``, NaN for a span the tagger did not make);
* the name: its words and characters, capitals (``upper``), how common its words are in
  English (``zipf_min``, ``zipf_first``: wordfreq's Zipf frequency) and as a person's
  surname and given name (``surname``, ``given``: per cent of the 1990 US Census);
* the words around it: a sentence's first word, the next word in lower case, capitalised or
  how common (``next_zipf``); a people's adjective or English (``people_word``), a word of language
  beside it (``language_cue``), a noun after it that makes a thing's name (``thing_after``);
  the kind of the name it opens or closes (``container``, ``name_context``: "[Colorado] State
  University" a facility, "the [Dubai] World Cup" an event, "the [Illinois] Department of
  Public Health" a body);
* the story's people: how often the story names the span's last word as a person
  (``person_cue``);
* the place resolution chose: its point's ``confidence`` (NaN for a street or building placed
  at its town), the policy's ``margin``, how many places the name has, the population, the
  kind (``kind``: GeoNames class), a country or continent, found only by another of its names
  (``alternate_only``);
* the document: its number of toponyms, how often it writes this name, and the share of its
  other placed toponyms in the same country (``same_country``, NaN for a span left unplaced:
  ``placed_rows`` reads that);
* how far the chosen point lies from the place the text states it is in or at
  (``stated_km``, ``place_context``: "Eastleigh in Nairobi", "Lavington, Nairobi", "the
  Fergus at Ennis"; 0 in a stated country or state that holds it). The shipped models were
  fitted before it was added and split on it nowhere (its column was added to them unsplit);
  the fixed judgement ``span_decision.stated_apart`` reads it.

Not among them, because no tree of the fitted models ever split on them (the shipped models
were pruned to this list, not retrained: docs/span-decision.md): a title or verb of saying
beside the span, a given name right before it, placed or not as a feature of its own, a
street placed at its town, a grouped document. ``language_cue`` and ``thing_after`` no tree
splits on either, but the lexical judgement reads them (``span_decision.lexical``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import numpy as np

from geoparser.decision.name_context import CONTAINERS, container
from geoparser.decision.person_cues import person_words
from geoparser.decision.place_context import stated_distances
from geoparser.decision.word_context import (
    language_beside,
    sentence_start,
    thing_after,
    word_after,
)
from geoparser.decision.word_lists import person_name_share
from geoparser.gazetteers.demonyms import LANGUAGE_FIRST, names_a_people
from geoparser.model import Mention, ParsedDocument, Resolution
from geoparser.names import normalise_name
from geoparser.places import name_match
from geoparser.recognition.word_frequency import zipf_frequency
from geoparser.resolution.confidence import score_margin
from geoparser.resolution.place_facts import is_country_level

SPAN_FEATURES: tuple[str, ...] = (
    "proposer", "tagger_p", "words", "chars", "upper", "zipf_min", "zipf_first", "surname",
    "given", "sentence_start", "next_lower", "next_capital", "next_zipf", "people_word",
    "language_cue", "thing_after", "person_cue", "confidence", "margin", "places",
    "log_population", "kind", "country_level", "alternate_only", "doc_toponyms", "same_name",
    "same_country", "container", "stated_km",
)
#: Categorical features (LightGBM splits them by category, not by order).
CATEGORICAL: tuple[str, ...] = ("proposer", "kind", "container")
#: The parts that propose spans, by the category the model reads.
PROPOSERS: tuple[str, ...] = (
    "tagger", "organisation-names", "organisation-entities", "repeated-name", "dateline",
    "area-abbreviation", "before-area-abbreviation", "before-country", "list", "footnote",
    "hashtag", "acronym", "initials", "peoples", "kind-named", "possessed", "named-with-area",
    "other",
)
#: GeoNames feature classes by the category the model reads.
KINDS: tuple[str, ...] = ("A", "P", "H", "T", "L", "S", "R", "V", "U")
#: Each proposer's name (``Mention.proposer``: a recognition pass's ``name``, "tagger", ...)
#: by the category the model reads; a name not here is "other", as are the places
#: en_core_web_sm finds inside its organisations' names ("organisation-embedded"), which the
#: models were fitted with under that category.
CATEGORY: dict[str, str] = {
    "tagger": "tagger", "organisation-names": "organisation-names",
    "organisation-entities": "organisation-entities", "repeated-name": "repeated-name",
    "dateline": "dateline", "area-abbreviation": "area-abbreviation",
    "postal-code-after": "area-abbreviation",
    "place-before-area-code": "before-area-abbreviation",
    "place-before-postal-code": "before-area-abbreviation",
    "place-before-named-area": "before-country", "plural-list": "list",
    "listed-area-codes": "list", "place-list": "list", "footnote-marker": "footnote",
    "hashtag": "hashtag", "defined-acronym": "acronym", "country-initials": "initials",
    "peoples": "peoples", "kind-named": "kind-named", "possessed-facility": "possessed",
    "named-with-area": "named-with-area", "organisation-embedded": "other",
}


def proposer(m: Mention) -> str:
    """The category of the part that proposed ``m`` (one of ``PROPOSERS``)."""
    return CATEGORY.get(m.proposer, "other")


def _zipfs(text: str) -> tuple[float, float]:
    ws = [w for w in text.replace("-", " ").split() if w]
    if not ws:
        return 0.0, 0.0
    zs = [zipf_frequency(w) for w in ws]
    return min(zs), zs[0]


class DocumentEvidence:
    """What one document says about all its spans, computed once."""

    def __init__(self, parsed: ParsedDocument, resolutions: Sequence[Resolution]) -> None:
        self.text = parsed.document.text
        self.people = person_words(self.text)
        self.names = Counter(normalise_name(r.mention.text) for r in resolutions)
        self.countries = Counter(r.candidate.country_code for r in resolutions
                                 if r.candidate is not None and r.candidate.has_point)
        self.placed = sum(self.countries.values())
        self.n = len(resolutions)
        # by the span's offsets (a document's resolutions have distinct spans)
        self.stated = {(r.mention.start, r.mention.end): km
                       for r, km in zip(resolutions, stated_distances(resolutions, self.text),
                                        strict=True)}


def feature_row(r: Resolution, doc: DocumentEvidence) -> np.ndarray:
    """The span decision's features of one resolved span (``SPAN_FEATURES``' order)."""
    return np.array(_values(r, doc), dtype=np.float64)


def _values(r: Resolution, doc: DocumentEvidence) -> list:
    m, c, text = r.mention, r.candidate, doc.text
    written = m.text.strip()
    last = written.split()[-1] if written.split() else written
    zipf_min, zipf_first = _zipfs(written)
    one_word = len(written.split()) == 1
    surname, given = person_name_share(written) if one_word else (math.nan, math.nan)
    nxt = word_after(text, m.end)
    placed = c is not None and c.has_point
    # a street's point and confidence are its town's: the span's own evidence is its name
    derived = c is not None and c.source == "document"
    own_country = (doc.countries[c.country_code] - 1 if placed and c is not None else 0)
    nan = math.nan
    return [
        PROPOSERS.index(proposer(m)),
        m.score if m.score is not None else nan,
        len(written.split()), len(written), float(written.isupper() and len(written) > 1),
        zipf_min, zipf_first, surname, given,
        float(sentence_start(text, m.start)),
        float(bool(nxt) and nxt[0].islower()), float(bool(nxt) and nxt[0].isupper()),
        zipf_frequency(nxt) if nxt else nan,
        float(names_a_people(written) or written.casefold() in LANGUAGE_FIRST),
        float(language_beside(text, m.start, m.end)),
        float(thing_after(text, m.end)),
        doc.people.get(last.casefold(), 0),
        r.confidence if r.confidence is not None and not derived else nan,
        score_margin(r) if c is not None else nan,
        math.log1p(r.n_candidates),
        math.log10(1 + c.population) if c is not None and c.population else nan,
        KINDS.index(c.feature_class) if c is not None and c.feature_class in KINDS else nan,
        float(c is not None and is_country_level(c)),
        float(c is not None and name_match(written, c) == "alternate name"),
        math.log1p(doc.n),
        doc.names[normalise_name(m.text)],
        own_country / max(doc.placed - 1, 1) if placed else nan,
        CONTAINERS.index(container(text, m.start, m.end)),
        doc.stated.get((m.start, m.end), nan),
    ]


_SAME_COUNTRY = SPAN_FEATURES.index("same_country")


def placed_rows(x: np.ndarray) -> np.ndarray:
    """Which rows' spans resolution placed (has a point): ``same_country`` is NaN exactly for
    the others. Training reads it to know which spans have a marker to judge."""
    return ~np.isnan(x[:, _SAME_COUNTRY])


def feature_rows(parsed: ParsedDocument, resolutions: Sequence[Resolution]) -> np.ndarray:
    """Every resolution's row, one document at a time (rows depend on nothing outside it)."""
    if not resolutions:
        return np.zeros((0, len(SPAN_FEATURES)))
    doc = DocumentEvidence(parsed, resolutions)
    return np.array([_values(r, doc) for r in resolutions], dtype=np.float64)
