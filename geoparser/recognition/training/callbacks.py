"""spaCy registry callbacks the training configs name (``spacy train --code`` this file).

* ``toposcope.copy_lexeme_norm.v1`` (``[initialize.before_init]``): the ``NORM`` table of the
  base pipeline, so token norms match ``en_core_web_sm``'s without the lookups-data package.
* ``toposcope.toponym_labels.v1`` (``[initialize.after_init]``): the toponym ``labels`` of a
  NER sourced from a trained pipeline. Any the NER lacks (``TOPONYM``) is added, since spaCy
  does not initialise sourced components; and the NER's ``ents_p/r/f`` then count only spans
  labelled one of them, whichever: with rehearsal the dev split also carries the base model's
  PERSON, ORG, DATE ... entities, and the checkpoint must be chosen on the toponyms alone.
* ``toposcope.upper_case.v1`` (``[corpora.train] augmenter``): a share ``level`` of the
  training sentences is also seen in capitals, annotations kept. News datelines and headlines
  name places in capitals ("ST. LOUIS –", "NEW DELHI:"); the training corpora hardly ever do.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import spacy
from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.training import Example


@spacy.registry.callbacks("toposcope.copy_lexeme_norm.v1")
def copy_lexeme_norm(base: str) -> Callable[[Language], Language]:
    def before_init(nlp: Language) -> Language:
        from geoparser.recognition.spacy_models import resolve_package

        source = spacy.load(resolve_package(base), exclude=["tagger", "parser", "ner",
                                                            "lemmatizer", "attribute_ruler",
                                                            "senter", "tok2vec"])
        if "lexeme_norm" in source.vocab.lookups.tables:
            nlp.vocab.lookups.set_table("lexeme_norm",
                                        source.vocab.lookups.get_table("lexeme_norm"))
        return nlp

    return before_init


def place_scores(examples: Iterable[Example], labels: Iterable[str]) -> dict[str, float]:
    """Entity P/R/F1 over the spans labelled one of ``labels``, unlabelled within them (a
    toponym read as LOC instead of GPE is still found). As spaCy's own NER scorer does, a
    prediction over tokens whose gold annotation is missing counts neither way."""
    wanted = set(labels)
    tp = fp = fn = 0
    for eg in examples:
        ref = eg.reference
        gold = {(e.start_char, e.end_char) for e in ref.ents if e.label_ in wanted}
        unknown = [(t.idx, t.idx + len(t)) for t in ref if t.ent_iob == 0]
        pred = {(e.start_char, e.end_char) for e in eg.predicted.ents if e.label_ in wanted
                and not any(a < e.end_char and e.start_char < b for a, b in unknown)}
        tp += len(gold & pred)
        fp += len(pred - gold)
        fn += len(gold - pred)
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return {"ents_p": p, "ents_r": r, "ents_f": 2 * p * r / (p + r) if p + r else 0.0}


@spacy.registry.callbacks("toposcope.toponym_labels.v1")
def toponym_labels(component: str, labels: list[str]) -> Callable[[Language], Language]:
    def after_init(nlp: Language) -> Language:
        pipe = nlp.get_pipe(component)
        for label in labels:
            if label not in pipe.labels:
                pipe.add_label(label)

        def scorer(examples: Iterable[Example], **_: Any) -> dict[str, float]:
            return place_scores(examples, labels)

        pipe.scorer = scorer
        return nlp

    return after_init


def upper_case_variant(nlp: Language, example: Example) -> Example:
    """``example`` in capitals: the same tokens, entities, outside and missing tokens."""
    ref = example.reference
    doc = Doc(nlp.vocab, words=[t.text.upper() for t in ref],
              spaces=[bool(t.whitespace_) for t in ref])
    doc.set_ents([Span(doc, e.start, e.end, label=e.label_) for e in ref.ents],
                 outside=[doc[i:i + 1] for i, t in enumerate(ref) if t.ent_iob == 2],
                 default="unmodified")
    return Example(nlp.make_doc(doc.text), doc)


@spacy.registry.augmenters("toposcope.upper_case.v1")
def upper_case(level: float) -> Callable[[Language, Example], Iterator[Example]]:
    def augment(nlp: Language, example: Example) -> Iterator[Example]:
        yield example
        if random.random() < level:
            yield upper_case_variant(nlp, example)

    return augment
