"""spaCy registry callbacks the training configs name (``spacy train --code`` this file).

* ``toposcope.copy_lexeme_norm.v1`` (``[initialize.before_init]``): the ``NORM`` table of the
  base pipeline, so token norms match ``en_core_web_sm``'s without the lookups-data package.
* ``toposcope.add_label.v1`` (``[initialize.after_init]``): adds ``TOPONYM`` to a NER sourced
  from a trained pipeline; spaCy does not initialise sourced components, so their label set
  would otherwise stay the OntoNotes one.
"""

from __future__ import annotations

from collections.abc import Callable

import spacy
from spacy.language import Language


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


@spacy.registry.callbacks("toposcope.add_label.v1")
def add_label(component: str, label: str) -> Callable[[Language], Language]:
    def after_init(nlp: Language) -> Language:
        pipe = nlp.get_pipe(component)
        if label not in pipe.labels:
            pipe.add_label(label)
        return nlp

    return after_init
