"""Gold corpora to spaCy training data: one ``TOPONYM`` label, sentence-sized docs, whole-document
splits.

Label choices (the evaluation reads the same gold through the same converters, so the model
learns exactly what it is scored on):

* **GeoWebNews** (BRAT): every type the Pragmatic Guide counts as a toponym is ``TOPONYM`` —
  literal (Literal, Literal_Modifier, Mixed, Coercion, Embedded_Literal) and associative
  (Metonymic, Non_Literal_Modifier, Embedded_Non_Lit, Demonym, Language, Homonym).
  Non_Toponym, Literal_Expression and Non_Lit_Expression are not toponyms and stay outside
  (``O``). ``Embedded_*`` spans are place names inside a longer Non_Toponym span (an
  organisation's name): the embedded name is the toponym, the outer span is not. When two
  toponym spans overlap, the outermost is kept: NER spans cannot nest.
* **GeoVirus** and **SemEval-2019 Task 12** (training articles): every annotated location.
* **WikToR** is not used: it annotates only each page's own place, so its other place names
  would be taught as non-toponyms.

A gold span that does not fall on token boundaries is not guessed at: its tokens are marked
*missing* (neither entity nor ``O``), so the model is not taught a wrong boundary. Documents are
split into sentences; a sentence boundary inside a toponym is not cut. Each document goes to
one split only, so no sentence of a dev document is seen in training.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc, DocBin, Span

from geoparser.corpora import convert

LABEL = "TOPONYM"
#: With rehearsal, a gold toponym is taught as one of ``en_core_web_sm``'s own place labels:
#: LOC where the base model already reads that exact span as LOC, else GPE.
PLACE_LABELS = ("GPE", "LOC")


@dataclass(frozen=True)
class CorpusSource:
    """A corpus the model is trained and validated on: display name, converter, location."""

    name: str
    converter: str
    path: str  # relative to the corpora folder (../shared/corpora)
    #: mark the corpus's people/adjective toponyms missing (``unteachable``): GeoWebNews only
    harmonise: bool = False


SOURCES: tuple[CorpusSource, ...] = (
    CorpusSource("GeoWebNews", "gwn", "geowebnews/brat", harmonise=True),
    CorpusSource("GeoVirus", "geovirus", "geovirus/GeoVirus.xml"),
    CorpusSource("SemEval-2019 T12", "semeval2019",
                 "semeval2019_task12/Training/Training_Data_Participant"),
)


def source(name: str) -> CorpusSource:
    """The corpus source called ``name`` (case-insensitive)."""
    for s in SOURCES:
        if s.name.lower() == name.lower():
            return s
    raise KeyError(f"unknown corpus {name!r} (known: {', '.join(s.name for s in SOURCES)})")


def load_gold(src: CorpusSource, corpora_dir: Path) -> list[dict[str, Any]]:
    """The corpus as gold JSONL objects (``id``, ``text``, ``toponyms``), read in place."""
    return convert(src.converter, corpora_dir / src.path).documents


def toponym_spans(doc: dict[str, Any]) -> tuple[list[tuple[int, int]], int]:
    """Non-overlapping (start, end) toponym spans, outermost kept; and how many were dropped."""
    spans = sorted({(t["start"], t["end"]) for t in doc["toponyms"]
                    if t.get("start") is not None and t.get("end") is not None
                    and t["end"] > t["start"] and not t.get("missing")},
                   key=lambda s: (s[0], -(s[1] - s[0])))
    kept: list[tuple[int, int]] = []
    dropped = 0
    for start, end in spans:
        if kept and start < kept[-1][1]:
            dropped += 1  # nested in (or crossing) the span kept before it
            continue
        kept.append((start, end))
    return kept, dropped


@dataclass
class Counts:
    """What a conversion produced, for the training report."""

    documents: int = 0
    sentences: int = 0
    tokens: int = 0
    toponyms: int = 0
    nested_dropped: int = 0
    misaligned: int = 0
    masked: int = 0
    negative_sentences: int = 0
    empty_sentences_dropped: int = 0
    #: rehearsal: the base model's own non-place entities kept as targets, and its place
    #: entities that are no gold toponym, taught as outside
    rehearsed: int = 0
    corrected: int = 0

    def add(self, other: Counts) -> None:
        for k in vars(self):
            setattr(self, k, getattr(self, k) + getattr(other, k))


def annotate(nlp: Language, text: str, spans: Sequence[tuple[int, int]],
             counts: Counts, masked: Sequence[tuple[int, int]] = ()) -> Doc:
    """``text`` tokenised, its toponym ``spans`` as entities (misaligned ones left missing);
    the ``masked`` spans are missing too: neither entity nor outside."""
    tokens = nlp.make_doc(text)
    ents: list[Span] = []
    missing: list[Span] = []
    for start, end in masked:
        cover = tokens.char_span(start, end, alignment_mode="expand")
        if cover is not None and len(cover):
            missing.append(cover)
            counts.masked += 1
    for start, end in spans:
        span = tokens.char_span(start, end, label=LABEL)
        if span is not None:
            ents.append(span)
            continue
        counts.misaligned += 1
        cover = tokens.char_span(start, end, alignment_mode="expand")
        if cover is not None and len(cover):
            missing.append(cover)
    # An expanded cover may touch an aligned neighbour; keep the aligned entity then.
    missing = [m for m in missing if not any(m.start < e.end and e.start < m.end for e in ents)]
    missing = _merged(tokens, missing)
    tokens.set_ents(ents, missing=missing, default="outside")
    counts.toponyms += len(ents)
    return tokens


def _merged(tokens: Doc, spans: Sequence[Span]) -> list[Span]:
    """Overlapping missing spans as one (a token may be missing once only)."""
    out: list[Span] = []
    for span in sorted(spans, key=lambda m: (m.start, m.end)):
        if out and span.start < out[-1].end:
            out[-1] = tokens[out[-1].start:max(out[-1].end, span.end)]
        else:
            out.append(span)
    return out


def sentence_bounds(nlp: Language, text: str,
                    spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """(start, end) character ranges of ``text``'s sentences by ``nlp``'s sentencizer, never
    cut inside a toponym span; blank (whitespace-only) ranges are left out."""
    doc = nlp(text)
    starts = [s.start_char for s in doc.sents]
    cuts = [c for c in starts if not any(a < c < b for a, b in spans)] + [len(text)]
    return [(a, b) for a, b in zip(cuts, cuts[1:], strict=False) if text[a:b].strip()]


def sentences(nlp: Language, doc: dict[str, Any], counts: Counts) -> list[Doc]:
    """One annotated spaCy doc per sentence of a gold document."""
    text = doc["text"]
    spans, dropped = toponym_spans(doc)
    counts.nested_dropped += dropped
    masked = [(t["start"], t["end"]) for t in doc["toponyms"]
              if t.get("missing") and t.get("start") is not None and t.get("end") is not None]
    out = []
    for a, b in sentence_bounds(nlp, text, spans + masked):
        inner = [(s - a, e - a) for s, e in spans if a <= s and e <= b]
        hidden = [(s - a, e - a) for s, e in masked if a <= s and e <= b]
        out.append(annotate(nlp, text[a:b], inner, counts, hidden))
    return out


#: GeoWebNews types that name a people or a language, never a place ("Mexicans", "English").
PEOPLE_TYPES = frozenset({"Demonym", "Language"})
#: GeoWebNews types of a toponym used as a modifier: "US" in "US troops", but also the
#: adjective "Russian" in "Russian jets".
MODIFIER_TYPES = frozenset({"Literal_Modifier", "Non_Literal_Modifier"})
#: Penn tags of an adjectival or people form ("Russian" JJ, "Mexicans" NNPS).
PEOPLE_TAGS = frozenset({"JJ", "JJR", "JJS", "NNPS", "NNS"})


def unteachable(docs: Sequence[dict[str, Any]], tagger: Language) -> list[dict[str, Any]]:
    """GeoWebNews gold with its people and adjective toponyms marked ``missing``.

    GeoWebNews counts demonyms, languages and adjectival modifiers ("Russian jets") as
    (associative) toponyms; GeoVirus and SemEval-2019 leave the same words unannotated (about
    95 % and 99 % of such words there; GeoWebNews annotates 95 %). Taught as toponyms from one
    corpus and as outside from the others, they would teach the model a contradiction, so they
    are left missing: the model learns place names, which all three corpora annotate. A
    modifier is adjectival when ``tagger`` (``en_core_web_sm``'s tagger) tags its last token as
    an adjective or a plural noun; "US" in "US troops" (NNP) stays a toponym.
    """
    out = []
    for doc, tagged in zip(docs, tagger.pipe(d["text"] for d in docs), strict=True):
        toponyms = []
        for t in doc["toponyms"]:
            label = t.get("label")
            hide = label in PEOPLE_TYPES
            if label in MODIFIER_TYPES and t.get("start") is not None:
                span = tagged.char_span(t["start"], t["end"], alignment_mode="expand")
                hide = span is not None and len(span) > 0 and span[-1].tag_ in PEOPLE_TAGS
            toponyms.append({**t, "missing": True} if hide else t)
        out.append({**doc, "toponyms": toponyms})
    return out


def sentence_tokenizer() -> Language:
    """English tokenizer plus rule-based sentencizer (the same tokenizer rules as
    ``en_core_web_sm``)."""
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    return nlp


@dataclass
class Split:
    """Training docs and their counts."""

    docs: list[Doc] = field(default_factory=list)
    counts: Counts = field(default_factory=Counts)


def to_sentences(nlp: Language, gold: Iterable[dict[str, Any]], *,
                 negatives: float | None = None, rng: random.Random | None = None) -> Split:
    """Sentence docs for ``gold`` documents.

    ``negatives`` is how many toponym-free sentences to keep per sentence with a toponym:
    ``None`` keeps every sentence; ``1.0`` keeps a seeded sample (``rng``) of as many negative
    sentences as positive ones (all of them if there are fewer). Sentences keep their order."""
    out = Split()
    every: list[Doc] = []
    for doc in gold:
        out.counts.documents += 1
        every.extend(sentences(nlp, doc, out.counts))
    keep = range(len(every))
    if negatives is not None:
        empty = [i for i, d in enumerate(every) if not d.ents]
        n_keep = min(len(empty), round(negatives * (len(every) - len(empty))))
        dropped = set(empty) - set((rng or random.Random(0)).sample(empty, n_keep))
        keep = [i for i in keep if i not in dropped]
        out.counts.empty_sentences_dropped = len(dropped)
    for i in keep:
        out.docs.append(every[i])
        out.counts.sentences += 1
        out.counts.tokens += len(every[i])
        out.counts.negative_sentences += not every[i].ents
    return out


def split_documents(docs: Sequence[dict[str, Any]], dev_fraction: float,
                    seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(train, dev): whole documents, a seeded shuffle, at least one dev document if any."""
    order = list(docs)
    random.Random(seed).shuffle(order)
    n_dev = max(1, round(len(order) * dev_fraction)) if order and dev_fraction > 0 else 0
    return order[n_dev:], order[:n_dev]


def write_docbin(docs: Iterable[Doc], path: Path) -> None:
    """Save docs as a spaCy ``.spacy`` file (the format ``spacy train`` reads)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    DocBin(docs=docs, store_user_data=False).to_disk(path)


def rehearse(docs: Sequence[Doc], base: Language, counts: Counts) -> None:
    """Relabel sentence ``docs`` in place for fine-tuning ``base``'s NER without forgetting.

    Pseudo-rehearsal: fine-tuned on toponyms alone, the NER forgets the people, organisations
    and products it knew, and starts reading "GenBank" or "HA" as places. So each sentence also
    keeps, as targets, what ``base`` itself finds there that is no place (PERSON, ORG, NORP,
    DATE, ...), and the gold toponyms take ``base``'s place labels (LOC where ``base`` reads
    that exact span as LOC, else GPE); a GPE/LOC of ``base`` that is no gold toponym is taught
    as outside, which is the correction. Missing tokens stay missing; an entity of ``base``
    that overlaps a gold or missing token is dropped."""
    texts = [d.text for d in docs]
    for doc, seen in zip(docs, base.pipe(texts, batch_size=256), strict=True):
        gold = list(doc.ents)
        missing = [i for i, t in enumerate(doc) if t.ent_iob == 0]
        taken = {i for e in gold for i in range(e.start, e.end)} | set(missing)
        by_span = {(e.start_char, e.end_char): e.label_ for e in seen.ents}
        ents: list[Span] = []
        for e in gold:
            label = "LOC" if by_span.get((e.start_char, e.end_char)) == "LOC" else "GPE"
            ents.append(Span(doc, e.start, e.end, label=label))
        for e in seen.ents:
            span = doc.char_span(e.start_char, e.end_char, label=e.label_)
            if span is None or any(i in taken for i in range(span.start, span.end)):
                continue
            if e.label_ in PLACE_LABELS:
                counts.corrected += 1
                continue
            ents.append(span)
            counts.rehearsed += 1
        doc.set_ents(sorted(ents, key=lambda x: x.start),
                     missing=[doc[i:i + 1] for i in missing], default="outside")
