"""What en_core_web_sm adds to a recogniser that only tags toponyms: the place names inside
organisation names, and the places it tags that the recogniser missed.

News corpora annotate the place an organisation or facility is named after as a toponym:
"the [Illinois] Department of Public Health", "the [Toronto] Transit Commission", "the
[Jamaica] Cancer Society", "University of [Nebraska]". A tagger taught only toponyms
(``toponym-transformer``, the spaCy ``toponym`` model) finds them only as far as its training
corpora annotate them, and GeoVirus and SemEval-2019 do not. ``OrganisationPlaces`` adds to an
inner recogniser's mentions the place names inside the organisation and facility entities
en_core_web_sm finds (``span_hygiene.embedded_spans``: the longest opening run of
capitalised words the gazetteer knows, or one after "of"/"at"), where the inner recogniser
made no mention there and the place is one a capitalised word does not name by chance
(``prominent_places``). Like every embedded place they are resolved and output, but lend no
context to the document's other toponyms (``Mention.evidence``).

And where the inner recogniser tagged a whole organisation's or institution's name that the
gazetteer does not know ("Texas Southern University", "Seoul City Hall": a tagger taught by
GeoWebNews, which annotates facilities whole), the prominent places inside it stand for it
(``places_inside``): such a span has no point, while the news the issue describes annotates
"[Texas] Southern University".

A tagger taught by some corpora also misses places written as others write them, as a
modifier or an organisation's first word ("[Cambridge] Analytica", "the [Parkland] teens",
"60 [US] diplomats"); en_core_web_sm tags many of them ``GPE``. Such an entity that no inner
mention overlaps and that names a prominent place is added as a toponym (``PLACE_LABELS``).

en_core_web_sm reads only the sentences where it could find one: those with a capitalised word
or run of them (``NAME_RUN``) outside the inner recogniser's mentions with a prominent place
among its words: 35% of GeoWebNews' text and 40% of GeoVirus'. The entities of a sentence do
not depend on the sentences around it, so neither do a document's mentions.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace

from geoparser.gazetteers.abbreviations import EXPANSIONS
from geoparser.gazetteers.area_parts import PART_WORDS
from geoparser.gazetteers.base import Gazetteer, lookup_batch
from geoparser.model import Candidate, Mention
from geoparser.places import name_match
from geoparser.recognition.base import Recogniser
from geoparser.recognition.gazetteer_check import remembered, with_unknown_names
from geoparser.recognition.gazetteer_matcher import COMMON_ZIPF, MIN_POPULATION_COMMON
from geoparser.recognition.spacy_models import DEFAULT_MODEL
from geoparser.recognition.span_hygiene import INSTITUTION_WORDS, embedded_spans, trimmed
from geoparser.recognition.span_index import SpanIndex
from geoparser.recognition.word_frequency import zipf_frequency
from geoparser.stop_words import STOP_WORDS

#: The entity labels of en_core_web_sm whose names may open with a place.
CONTAINERS = ("ORG", "FAC")
#: The entity labels of en_core_web_sm that name a place: one that is prominent and that the
#: inner recogniser missed is added whole ("[Cambridge] Analytica", "the [Parkland] teens").
PLACE_LABELS = ("GPE",)
#: A town must be this large to be read out of an organisation's name: as the gazetteer
#: matcher's sentence-initial and common-word rules, a capitalised word names a small town
#: only by chance. Chosen by hand.
MIN_TOWN_POPULATION = 15_000
#: A name that is a common English word ("Orange", "Monster", "Reading") only when the
#: place is this large, and the Zipf frequency from which a word is common English: the
#: gazetteer matcher's thresholds.
MIN_COMMON_POPULATION = MIN_POPULATION_COMMON
#: Articles and Spanish and French ones opening weather systems and names ("La Niña").
_NEVER = frozenset({"la", "el", "le", "los", "las", "les", "the", "no", "new"})
#: Capitalised words, "of", "for", "and" or "&" allowed between them: what a place's, an
#: organisation's or a facility's name looks like.
NAME_RUN = re.compile(r"[A-Z][\w'’.-]*(?:\s(?:(?:of|for|and|&)\s)?[A-Z][\w'’.-]*)*")
_CAPITAL_WORD = re.compile(r"[A-Z][\w'’.-]*")
#: The longest place name looked for inside a run, in words. Chosen by hand.
_PLACE_WORDS = 3
_SENTENCE_END = re.compile(r"[.!?][\"'”’)]*\s|\n")
_MIXED_CASE = re.compile(r"[a-z][A-Z]")
#: Rivers and lakes: what an authority, a board or a basin commission is named after ("the
#: Cauvery Management Board", "the Lake Chad Basin Commission"). A mountain's bare name is a
#: person's too often ("Blanc", "Marcy", "Wilhelm").
_WATER = frozenset({"STM", "LK"})
_TOP_AREAS = frozenset({"PCLI", "PCLD", "PCLS", "PCLF", "PCLIX", "PCL", "TERR", "ADM1"})
#: The last word of an area's name that no common phrase ends with ("Marathon County", "St.
#: Tammany Parish"): such a name is an area's, however common its other words are.
_AREA_HEADS = frozenset({"county", "parish", "borough", "province", "district", "prefecture"})
_AREA_CODES = _TOP_AREAS | {"ADM2", "RGN", "CONT"}


def _prominent(name: str, candidates: Sequence[Candidate]) -> bool:
    if not candidates:
        return False
    top_area = any(c.feature_class in ("A", "L") and (c.feature_code or "") in _TOP_AREAS
                   for c in candidates)
    if name in EXPANSIONS or (name.isupper() and top_area
                              and sum(ch.isalpha() for ch in name) >= 2):
        return True  # an area code or a country's letters: "NY", "US", "UK", "DRC"; not "S."
    words = name.split()
    if name.lower() in _NEVER or name.lower() in STOP_WORDS or name.lower() in PART_WORDS:
        return False  # "South" opening "South Central Ambulance Service" is a direction
    # 4 letters, the longest acronym: chosen by hand.
    if name.isupper() and len(name.replace(".", "")) <= 4:
        return False  # "NBC", "CBS", "EIB": an acronym, not a place
    # 4 letters, as above: chosen by hand.
    if len(name) <= 4 and _MIXED_CASE.search(name):
        return False  # "MoD", "IgM": an acronym written in mixed case
    common = (words[-1].lower() not in _AREA_HEADS
              and all(zipf_frequency(w) >= COMMON_ZIPF for w in words))
    if common:  # "the Interior Ministry": Oman's Ad Dākhilīyah is "Interior" only in English
        candidates = named_areas_only(name, candidates)
    areas = _TOP_AREAS if common else _AREA_CODES
    need = MIN_COMMON_POPULATION if common else MIN_TOWN_POPULATION
    return any((c.feature_class in ("A", "L") and (c.feature_code or "") in areas)
               or (c.population or 0) >= need
               or (not common and c.scale_rank is not None and c.feature_code in _WATER)
               for c in candidates)


def named_areas_only(name: str, candidates: Sequence[Candidate]) -> list[Candidate]:
    """The ``candidates`` but the first-level areas that ``name`` is only another name of (as
    the index compares names): sources give such areas English translations that are common
    words ("Interior" for Oman's Ad Dākhilīyah, "Capital" for Iceland's Höfuðborgarsvæði) and
    nicknames ("Golden State"). A country or a city under another of its names ("Holland",
    "Bombay") is still that place."""
    return [c for c in candidates if c.feature_code != "ADM1" or name_match(name, c) == "name"]


def prominent_places(gazetteer: Gazetteer) -> Callable[[Sequence[str]], dict[str, bool]]:
    """A ``known`` for ``embedded_spans`` that says yes only to an area code ("US"), a
    country, a first- or second-level area, a region, a river or lake Natural Earth labels
    ("the [Cauvery] Management Board") or a town of ``MIN_TOWN_POPULATION``
    people (for a common English word, "Orange", "Georgia": only a country, a first-level area
    or a town of ``MIN_COMMON_POPULATION``; a first-level area only under its own name,
    ``named_areas_only``), and never to another acronym of up to four
    capitals ("NBC") or in mixed case ("MoD"), an article, a stop word or a direction word
    alone ("South", though Cameroon has a South Region). An area named with
    its kind ("Marathon County") is never a common word."""
    memo: dict[str, bool] = {}

    def ask(names: Sequence[str]) -> dict[str, bool]:
        return remembered(memo, names, lambda todo: lookup_batch(gazetteer, todo), _prominent)

    return ask


class OrganisationPlaces:
    """``inner``'s mentions, the places inside en_core_web_sm's organisation and facility
    names and the prominent places it tags, where none of them overlaps (see the module's
    docstring)."""

    def __init__(self, inner: Recogniser, gazetteer: Gazetteer | None = None,
                 name: str | None = None, model: str = DEFAULT_MODEL) -> None:
        from geoparser.recognition.spacy_ner import SpacyRecogniser

        if gazetteer is None:
            from geoparser.gazetteers import create_gazetteer

            gazetteer = create_gazetteer("offline")
        self.inner = inner
        self.gazetteer = gazetteer
        self.prominent = prominent_places(gazetteer)
        self.organisations = SpacyRecogniser(model, labels=PLACE_LABELS, known=self.prominent,
                                             containers=CONTAINERS)
        self.name = name or f"{getattr(inner, 'name', 'recogniser')}-orgs"
        self.description = (f"{getattr(inner, 'description', self.name)}; and the places "
                            f"inside {model}'s organisation names or tagged by it")

    def recognise(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        for found, _ in self.recognise_with_unknown(texts):
            yield found

    def recognise_with_unknown(self, texts: Iterable[str]
                               ) -> Iterator[tuple[list[Mention], list[Mention]]]:
        """For each text, the mentions ``recognise`` answers and those the inner recogniser
        dropped because no gazetteer entry has the name (``gazetteer_check``), but for any a
        mention answered overlaps."""
        texts = list(texts)
        pairs = list(with_unknown_names(self.inner, texts))
        owned = [self.places_inside(text, own)
                 for text, (own, _) in zip(texts, pairs, strict=True)]
        snippets = [self._snippets(text, own) for text, own in zip(texts, owned, strict=True)]
        flat = [text[a:b] for text, spans in zip(texts, snippets, strict=True) for a, b in spans]
        found_in = iter(self.organisations.recognise(flat))
        for own, spans, (_, unknown) in zip(owned, snippets, pairs, strict=True):
            found = list(own)
            own_spans = SpanIndex((o.start, o.end) for o in own)
            for a, _ in spans:
                theirs = next(found_in)
                found = embedded_as_found(found, theirs, a)
                named = self._prominent_entities(theirs)
                found += [replace(m, start=m.start + a, end=m.end + a,
                                  proposer="organisation-entities" if m.evidence
                                  else "organisation-embedded",
                                  within=(m.within[0] + a, m.within[1] + a)
                                  if m.within else None) for m in theirs
                          if (m.evidence is False or m.text in named)
                          and not any(m.start + a < e and s < m.end + a
                                      for s, e in own_spans.near(m.start + a, m.end + a))]
            found_spans = SpanIndex((m.start, m.end) for m in found)
            yield sorted(found, key=lambda m: (m.start, m.end)), [
                u for u in unknown if not any(u.start < e and s < u.end
                                              for s, e in found_spans.near(u.start, u.end))]

    def places_inside(self, text: str, own: Sequence[Mention]) -> list[Mention]:
        """``own``, with each organisation's or institution's name the gazetteer does not know
        ("Texas Southern University": the last word an institution's) replaced by the
        prominent places inside it (``span_hygiene.embedded_spans``), if it holds any; like
        every embedded place they lend no context."""
        named = {m.text for m in own if _names_an_institution(m.text)}
        if not named:
            return list(own)
        found = lookup_batch(self.gazetteer, sorted(named))
        unknown = {n for n in named if not found.get(n)}
        out: list[Mention] = []
        for m in own:
            inside = (embedded_spans(text, m.start, m.end, self.prominent)
                      if m.text in unknown else [])
            out += [replace(m, start=a, end=b, text=text[a:b], evidence=False,
                            why=f"a place named in the institution's name '{m.text}'",
                            proposer="organisation-names", within=(m.start, m.end))
                    for a, b in inside] or [m]
        return out

    def _prominent_entities(self, mentions: Sequence[Mention]) -> set[str]:
        """The texts of the place entities (``PLACE_LABELS``) among ``mentions`` that name a
        prominent place once trimmed ("the United States")."""
        entities = {m.text: t.text for m in mentions
                    if m.evidence is not False and (t := trimmed(m)) is not None}
        known = self.prominent(list(set(entities.values()))) if entities else {}
        return {text for text, name in entities.items() if known.get(name)}

    def _holds_place(self, run: str) -> bool:
        """Whether a prominent place opens ``run`` or a word of it ("Yesterday [Illinois]
        Department"), in up to ``_PLACE_WORDS`` words."""
        names = _run_names(run)
        is_known = self.prominent(names)
        return any(is_known.get(n) for n in names)

    def _snippets(self, text: str, own: Sequence[Mention]) -> list[tuple[int, int]]:
        """The sentences of ``text`` holding a name run outside ``own`` with a prominent place
        in it, merged where they touch."""
        spans: list[tuple[int, int]] = []
        breaks: list[int] | None = None  # where sentences start, worked out when needed
        own_spans = SpanIndex((o.start, o.end) for o in own)
        runs = []
        for run in NAME_RUN.finditer(text):
            a = run.start()
            name_end = a + len(run.group().rstrip(".'’-"))  # "Chicago." is the name "Chicago"
            if not any(s <= a and name_end <= e for s, e in own_spans.near(a, name_end)):
                runs.append(run)
        # every run's names asked of the gazetteer in one batch a document, not one a run
        self.prominent([n for run in runs for n in _run_names(run.group())])
        for run in runs:
            a, b = run.span()
            if not self._holds_place(text[a:b]):
                continue
            if breaks is None:
                breaks = [0] + [m.end() for m in _SENTENCE_END.finditer(text)] + [len(text)]
            k = bisect_right(breaks, a) - 1
            start, end = breaks[k], breaks[bisect_left(breaks, b)]
            if spans and start <= spans[-1][1]:
                spans[-1] = (spans[-1][0], max(end, spans[-1][1]))
            else:
                spans.append((start, end))
        return spans


def _run_names(run: str) -> list[str]:
    """The names a name run may hold: each run of up to ``_PLACE_WORDS`` of its capitalised
    words."""
    words = [m.group() for m in _CAPITAL_WORD.finditer(run)]
    return [" ".join(words[i:i + k]) for i in range(len(words))
            for k in range(1, _PLACE_WORDS + 1) if i + k <= len(words)]


def _names_an_institution(name: str) -> bool:
    """Whether ``name`` is an organisation's or institution's name by its last word ("Texas
    Southern University", "Seoul City Hall"), in two words or more; not an airport's, a place
    of its own that the airports extract knows without "International" ("John F. Kennedy
    International Airport" is no Kennedy)."""
    words = name.split()
    return (len(words) >= 2 and words[-1].rstrip(".") in INSTITUTION_WORDS
            and words[-1] != "Airport")


def embedded_as_found(own: list[Mention], theirs: Sequence[Mention], at: int) -> list[Mention]:
    """``own`` with each mention that is exactly a place en_core_web_sm read inside an
    organisation's name (``theirs``, found in a snippet starting at ``at``) given that name's
    span as its ``within`` ("He studied at the University of [Michigan]": the tagger's
    "Michigan" is embedded as the organisation pass's would be); nothing else about it
    changes."""
    inside = {(m.start + at, m.end + at): (m.within[0] + at, m.within[1] + at)
              for m in theirs if m.evidence is False and m.within}
    return [replace(o, within=inside[(o.start, o.end)])
            if o.within is None and (o.start, o.end) in inside else o for o in own]
