"""The geoparsing pipeline: recognise mentions, look each up, let a policy choose.

The two steps are separate so that several policies can resolve the same recognised mentions
(coursework Questions 3 and 4 share Question 1's NER output).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache

from geoparser.decision.span_decision import SpanDecision
from geoparser.defaults import DEFAULT_MIN_CONFIDENCE
from geoparser.gazetteers.abbreviations import EXPANSIONS
from geoparser.gazetteers.area_parts import part_form
from geoparser.gazetteers.base import Gazetteer, lookup_batch
from geoparser.gazetteers.demonyms import names_a_people
from geoparser.gazetteers.name_forms import bare_form, municipal
from geoparser.gazetteers.regions import admin1_names, country_name, country_names, region_name
from geoparser.model import Candidate, Document, Mention, ParsedDocument, Rejection, Resolution
from geoparser.names import normalise_name
from geoparser.places import PART_KINDS
from geoparser.recognition.base import Recogniser
from geoparser.recognition.gazetteer_check import with_unknown_names
from geoparser.recognition.visible_text import (
    Hidden,
    VisibleView,
    as_found,
    mapped_mentions,
    named_visibly,
    visible_view,
)
from geoparser.resolution.base import (
    Policy,
    ResolutionContext,
    policy_order,
    population_key,
    representatives,
)
from geoparser.resolution.confidence import ConfidenceEstimator
from geoparser.resolution.facilities import place_facilities
from geoparser.resolution.focus import document_focus
from geoparser.resolution.hashtag_spans import with_tags
from geoparser.resolution.home import HomeRegion, home_regions
from geoparser.resolution.kind_classifier import classify_kinds
from geoparser.resolution.mention_kinds import with_kind
from geoparser.resolution.repeated_names import said_again


def recognise(recogniser: Recogniser, documents: Sequence[Document]) -> list[ParsedDocument]:
    """Mentions for every document, batched through the recogniser.

    The recogniser reads each text without its invisible and control characters
    (``recognition.visible_text``); the mentions are spans of the text as given, never
    beginning or ending on such a character."""
    views, texts = _visible_texts(documents)
    return [
        ParsedDocument(doc, mapped_mentions(view, mentions))
        for doc, view, mentions in zip(documents, views, recogniser.recognise(texts),
                                       strict=True)
    ]


def _visible_texts(documents: Sequence[Document]) -> tuple[list[VisibleView | None],
                                                          Iterator[str]]:
    """Each document's visible view (``None`` where it has nothing invisible) and the texts a
    recogniser reads: the view's, else the document's own."""
    views = [visible_view(doc.text) for doc in documents]
    return views, (doc.text if view is None else view.text
                   for doc, view in zip(documents, views, strict=True))


def recognise_with_unknown(recogniser: Recogniser, documents: Sequence[Document]
                           ) -> tuple[list[ParsedDocument], list[list[Mention]]]:
    """``recognise``'s documents, and for each the mentions the recogniser dropped because no
    gazetteer entry has the name (``gazetteer_check.with_unknown_names``), for ``resolve`` to
    keep as rejected spans."""
    views, texts = _visible_texts(documents)
    parsed, unknown = [], []
    pairs = with_unknown_names(recogniser, texts)
    for doc, view, (mentions, dropped) in zip(documents, views, pairs, strict=True):
        parsed.append(ParsedDocument(doc, mapped_mentions(view, mentions)))
        unknown.append(mapped_mentions(view, dropped))
    return parsed, unknown


def resolve(
    parsed: Iterable[ParsedDocument],
    gazetteer: Gazetteer,
    policy: Policy,
    guides: Mapping[str, tuple[float, float]] | None = None,
    context_mentions: Mapping[str, Sequence[Mention]] | None = None,
    collection: bool = False,
    homes: Mapping[str, HomeRegion] | None = None,
    group: bool = True,
    min_confidence: float | None = DEFAULT_MIN_CONFIDENCE,
    confidence: ConfidenceEstimator | None = None,
    repeat_names: bool = False,
    decision: SpanDecision | None = None,
    unknown_names: Sequence[Sequence[Mention]] | None = None,
    hashtags: bool = False,
) -> list[ParsedDocument]:
    """New parsed documents whose every mention is resolved by ``policy``.

    ``context_mentions`` (by document id) are further toponyms of the text that policies may
    use as evidence but that are not themselves resolved or output: when resolving gold
    mentions, the rest of the document still counts, as it does for a reader.

    All names of the batch are looked up at once when the gazetteer can (``lookup_many``), so
    a chunk of documents costs one gazetteer query for the names not seen before.

    ``collection``: the documents belong together (one album's captions, one local paper's
    stories), so a document that names a single place may borrow the others' toponyms as its
    context (``collection_toponyms``): "Whitby" alone is in Ontario, among captions of
    Galway, Portree and Kilkenny it is in Yorkshire.

    ``group``: documents with the same ``source`` (a paper) share its home region
    (``resolution.home``): ``homes`` by source when given (``toposcope resolve`` reads them
    off the whole corpus first), else read off this batch's documents.

    Each placed toponym gets the policy's ``confidence`` where a model is fitted for it
    (``resolution.confidence``); one below ``min_confidence`` (``None``: the minimum chosen
    for the policy's model; 0: none) is left unplaced.
    ``confidence`` replaces the estimator (anything with its ``apply``).

    ``repeat_names``: a name placed in a document is a toponym wherever else the document
    writes it as a name of its own, placed the same (``repeated_names``); ``parse`` asks for
    it, resolution of given mentions (gold) does not.

    A street or building no gazetteer knows is placed at its town
    (``resolution.facilities``). With a ``decision`` (``geoparser.decision``), each resolved
    span is then kept or dropped and gets its ``marker_confidence``; the minimum confidence
    is the decision's (on the marker), not the point's. Each document gets its ``focus``
    (``resolution.focus``) from the resolutions it keeps.

    ``unknown_names`` (one list a document, from ``recognise_with_unknown``): spans the
    recogniser found but no gazetteer knows, added last as rejected
    (``Rejection.NOT_IN_GAZETTEER``), where no output span overlaps them; they take no part in
    the resolution of the others.

    ``hashtags``: a toponym that is a hashtag's body is written with its "#"
    (``resolution.hashtag_spans``), after every stage has read the body; ``parse`` asks for
    it, resolution of given mentions (kept as given) and the decision's training (whose
    features are read off the bodies, as the decision reads them) do not.
    """
    parsed = list(parsed)
    if unknown_names is not None:
        done = resolve(parsed, gazetteer, policy, guides, context_mentions, collection, homes,
                       group, min_confidence, confidence, repeat_names, decision,
                       hashtags=hashtags)
        return [with_unknown_names_rejected(p, unknown, getattr(policy, "name", ""))
                for p, unknown in zip(done, unknown_names, strict=True)]
    hidden: Hidden = {}
    parsed = [ParsedDocument(p.document, named_visibly(id(p.document), p.mentions, hidden),
                             p.resolutions, p.focus) for p in parsed]
    if context_mentions:
        context_mentions = {key: named_visibly(-1, ms, {}) for key, ms in
                            context_mentions.items()}
    out = _resolve_named(parsed, gazetteer, policy, guides, context_mentions, collection, homes,
                         group, min_confidence, confidence, repeat_names, decision)
    if hidden:
        out = [ParsedDocument(
            p.document, [as_found(id(p.document), m, hidden) for m in p.mentions],
            [replace(r, mention=as_found(id(p.document), r.mention, hidden))
             for r in p.resolutions], p.focus) for p in out]
    return [with_tags(p) for p in out] if hashtags else out


def _resolve_named(
    parsed: list[ParsedDocument],
    gazetteer: Gazetteer,
    policy: Policy,
    guides: Mapping[str, tuple[float, float]] | None,
    context_mentions: Mapping[str, Sequence[Mention]] | None,
    collection: bool,
    homes: Mapping[str, HomeRegion] | None,
    group: bool,
    min_confidence: float | None,
    confidence: ConfidenceEstimator | None,
    repeat_names: bool,
    decision: SpanDecision | None,
) -> list[ParsedDocument]:
    """``resolve`` of mentions named as a reader sees them
    (``recognition.visible_text.named_visibly``)."""
    order = policy_order(policy)
    seen_by_doc = {}
    for p in parsed:
        own = {(m.start, m.end) for m in p.mentions}
        extra = [m for m in (context_mentions or {}).get(p.document.id, ())
                 if (m.start, m.end) not in own and not _overlaps_any(m, p.mentions)]
        seen_by_doc[id(p)] = sorted([*p.mentions, *extra], key=lambda m: (m.start, m.end))
    names = lookup_all(gazetteer, {m.text for seen in seen_by_doc.values() for m in seen})
    # One tuple a name for the whole chunk: the policy, the confidence model and the
    # resolution's ``candidates`` then hold the very same object, so what is computed of a
    # name's candidates (``place_facts.FACTS``, a mention's feature rows) is computed once,
    # not again for the confidence.
    shared_candidates = {n: tuple(cs) for n, cs in names.items()}
    shared = collection_toponyms(seen_by_doc.values(), names) if collection else {}
    if not group:
        homes = {}
    elif homes is None:
        homes = home_regions(((p.document.source, seen_by_doc[id(p)]) for p in parsed), names,
                             order)
    deciding = decision is not None and decision.available
    # with a decision, the minimum applies to the marker, not the point
    estimator = confidence or ConfidenceEstimator(policy, 0.0 if deciding else min_confidence)
    # Three passes over the chunk, so that each model is called once a chunk, not once a
    # document: a row's score is the same in any batch, so no answer depends on the chunk.
    batched = isinstance(estimator, ConfidenceEstimator)
    chosen = []  # each document's resolutions, with its context and confidence rows if batched
    for p in parsed:
        seen = seen_by_doc[id(p)]
        found = {(m.start, m.end): shared_candidates[m.text] for m in seen}
        evidence = tuple(m for m in seen if m.evidence)
        context = ResolutionContext(
            p.document, evidence, (guides or {}).get(p.document.id), found, shared,
            homes.get(p.document.source) if p.document.source else None,
        )
        resolutions = [_with_candidates(policy.choose(m, found[m.start, m.end], context), order,
                                        found[m.start, m.end]) for m in p.mentions]
        if batched:  # the rows right after the policy's choice, while its memo is fresh
            chosen.append((resolutions, context, estimator.ask(resolutions, context)))
        else:
            chosen.append((estimator.apply(resolutions, context), context, None))
    if batched:
        predicted = estimator.predict([asked[1] for _, _, asked in chosen])
        answered = [estimator.answer(resolutions, context, asked, answer)
                    for (resolutions, context, asked), answer in zip(chosen, predicted,
                                                                     strict=True)]
    else:
        answered = [resolutions for resolutions, _, _ in chosen]
    placed = []
    for p, resolutions in zip(parsed, answered, strict=True):
        resolutions = [_part_said(r) for r in resolutions]
        mentions = list(p.mentions)
        if repeat_names and (again := said_again(p.document.text, resolutions)):
            resolutions = sorted([*resolutions, *again],
                                 key=lambda r: (r.mention.start, r.mention.end))
            mentions = sorted([*mentions, *(r.mention for r in again)],
                              key=lambda m: (m.start, m.end))
        # the focus is the gazetteer's places' (streets and buildings are placed from it), and
        # with a decision the places it keeps
        focus = None if deciding else document_focus(resolutions)
        resolutions = [with_kind(replace(r, demonym=True) if names_a_people(
                           r.mention.text.strip()) else r)
                       for r in place_facilities(resolutions, p.document.text)]
        placed.append((mentions, resolutions, focus))
    kinded = classify_kinds([(p.document.text, r) for p, (_, r, _) in zip(parsed, placed,
                                                                          strict=True)])
    placed = [(m, r, f) for (m, _, f), r in zip(placed, kinded, strict=True)]
    if not deciding:
        return [ParsedDocument(p.document, *done) for p, done in zip(parsed, placed, strict=True)]
    rows = [decision.rows(p, resolutions) for p, (_, resolutions, _) in zip(parsed, placed,
                                                                             strict=True)]
    out = []
    for p, (_, resolutions, _), x, raw in zip(parsed, placed, rows, decision.predict(rows),
                                              strict=True):
        mentions, resolutions = decision.answer(resolutions, x, raw, min_confidence)
        focus = document_focus([r for r in resolutions if not r.rejected and not (
            r.candidate is not None and r.candidate.source == "document")])
        out.append(ParsedDocument(p.document, mentions, resolutions, focus))
    return out


def with_unknown_names_rejected(parsed: ParsedDocument, unknown: Sequence[Mention],
                                policy: str) -> ParsedDocument:
    """``parsed`` with each of ``unknown`` (names no gazetteer entry has) that overlaps none of
    its spans, as a rejected span (``Rejection.NOT_IN_GAZETTEER``), in text order."""
    spans = [*parsed.mentions, *(r.mention for r in parsed.resolutions)]
    added = [m for m in unknown if not _overlaps_any(m, spans)]
    if not added:
        return parsed
    rejected = [Resolution(m, None, 0, policy, "rejected: no gazetteer entry has this name",
                           rejected=True, rejection=Rejection.NOT_IN_GAZETTEER) for m in added]
    return ParsedDocument(parsed.document,
                          sorted([*parsed.mentions, *added], key=lambda m: (m.start, m.end)),
                          sorted([*parsed.resolutions, *rejected],
                                 key=lambda r: (r.mention.start, r.mention.end)),
                          parsed.focus)


def _part_said(r: Resolution) -> Resolution:
    """The resolution, its reason saying which part of which place a part of a place is
    ("North Texas": "...; the northern part of Texas"; ``gazetteers.area_parts``)."""
    c = r.candidate
    if c is None or c.part is None or (form := part_form(c.name)) is None:
        return r
    return replace(r, reason=f"{r.reason}; the {PART_KINDS.get(c.part, 'part')} of {form[1]}")


def _with_candidates(r: Resolution, order: Sequence[str], found: Sequence[Candidate]
                     ) -> Resolution:
    """The resolution with every record it chose from and, unless the policy ranked them
    itself, its places ranked with the chosen one first, then by population."""
    if r.ranked:
        return replace(r, candidates=tuple(found))
    chosen = r.candidate
    ranked = sorted(representatives(found, order),
                    key=lambda c: (c is not chosen and c != chosen,
                                   tuple(-x for x in population_key(c))))
    return replace(r, candidates=tuple(found), ranked=tuple(ranked),
                   scores=tuple(float(c.population) if c.population is not None else None
                                for c in ranked),
                   score_name="population")


#: How many of a collection's toponyms a lone document borrows: the names most documents
#: share, so a collection of thousands costs what a long article does.
#: Chosen by hand (commit b2ebb2f).
COLLECTION_TOPONYMS = 100


def collection_toponyms(documents: Iterable[Sequence[Mention]],
                        names: Mapping[str, Sequence[Candidate]]
                        ) -> dict[str, Sequence[Candidate]]:
    """The collection's toponyms with candidates, by normalised name: the
    ``COLLECTION_TOPONYMS`` named by the most documents (ties in first-seen order)."""
    counts: Counter[str] = Counter()
    first: dict[str, Sequence[Candidate]] = {}
    for mentions in documents:
        keys = {}
        for m in mentions:
            if names.get(m.text):
                keys.setdefault(normalise_name(m.text), names[m.text])
        for key, cs in keys.items():
            counts[key] += 1
            first.setdefault(key, cs)
    return {key: first[key] for key, _ in counts.most_common(COLLECTION_TOPONYMS)}


def _overlaps_any(m: Mention, mentions: Sequence[Mention]) -> bool:
    return any(m.start < o.end and o.start < m.end for o in mentions)


def lookup_all(gazetteer: Gazetteer, names: Collection[str]) -> dict[str, list[Candidate]]:
    """Candidates for every name, in one batch when the gazetteer offers ``lookup_many``.

    A code written so ("CA", "NSW", "B.C.", "DRC": ``abbreviations.EXPANSIONS``) also gets
    the area it stands for, looked up by its written-out name: a toponym to resolve is a
    place, where a recogniser scanning text for names must not take "ACT" or "CAR" for one.
    A name written with a municipal word ("Readington Township") that has no candidate gets
    its bare name's towns (``gazetteers.name_forms``). An acronym is no town whose name has the
    same letters in lower case: "EU" is the European Union, not Eu in Normandy, where a
    candidate bears the acronym itself (``_not_by_case``).
    """
    spelled = {n: _spelled_out(n) for n in names if n.strip() in EXPANSIONS}
    wanted = set(names) | {full for targets in spelled.values() for _, full in targets}
    found = {n: [_named(c) for c in cs] for n, cs in lookup_batch(gazetteer, wanted).items()}
    out = {n: list(found[n]) for n in names}
    # "Readington Township", "the Borough of Fair Lawn": the bare name, when the written form
    # has no candidate (``name_forms``).
    bare = {n: b for n in names if not out[n] and (b := bare_form(n))}
    if bare:
        again = lookup_batch(gazetteer, set(bare.values()))
        for n, b in bare.items():
            out[n] = [_named(c) for c in again[b] if municipal(c)]
    for n, targets in spelled.items():
        for (cc, admin1), full in targets:
            key = normalise_name(full)
            out[n] += [c for c in found[full] if c not in out[n]
                       and normalise_name(c.name) == key and _is_area(c, cc, admin1)]
    return {n: _not_by_case(n, cs) for n, cs in out.items()}


def _not_by_case(name: str, candidates: list[Candidate]) -> list[Candidate]:
    """``candidates`` of a name of two or three capitals ("EU", "US", "SA") without the places
    whose own name is those letters in another case ("Eu", "Us", "Sa"), when another candidate
    is left: an acronym names what bears it, not a village that shares its letters."""
    text = name.strip()
    # 2 to 3 letters, an acronym: chosen by hand.
    if not (2 <= len(text) <= 3 and text.isalpha() and text.isupper()):
        return candidates
    kept = [c for c in candidates if not (c.name != text and c.name.upper() == text)]
    return kept if kept else candidates


#: ``_named``'s answers remembered, for so many candidates: each chunk looks its names up
#: again, and naming the same candidates anew was a tenth of resolution's CPU (measured).
#: The size is chosen by hand (a memo's size changes speed, never a result).
NAMED_MEMO = 1 << 16


def _named(c: Candidate) -> Candidate:
    """The candidate with its first-level area and country by name, for the outputs."""
    if c.admin1_name is not None or c.country_name is not None or not c.country_code:
        return c
    try:
        return _named_remembered(c)
    except TypeError:  # unhashable: a plug-in's candidate holding a list
        return _with_area_names(c)


def _with_area_names(c: Candidate) -> Candidate:
    return replace(c, admin1_name=region_name(c.country_code, c.admin1),
                   country_name=country_name(c.country_code))


_named_remembered = lru_cache(maxsize=NAMED_MEMO)(_with_area_names)


def _spelled_out(code: str) -> list[tuple[tuple[str, str | None], str]]:
    """The areas a code may stand for, each with its written-out name."""
    out = []
    for cc, admin1 in EXPANSIONS[code.strip()]:
        name = admin1_names().get((cc, admin1)) if admin1 else country_names().get(cc)
        if name:
            out.append(((cc, admin1), name))
    return out


def _is_area(c: Candidate, cc: str, admin1: str | None) -> bool:
    if c.country_code != cc or c.feature_class != "A":
        return False
    if admin1 is None:
        return (c.feature_code or "").startswith("PCL")
    return c.feature_code == "ADM1" and c.admin1 == admin1
