"""A stand-in for the gazetteer the passes ask (``passes.base.KnownNames``)."""

from geoparser.model import Mention
from geoparser.recognition.passes.base import PassInput


class Known:
    """Knows ``names`` and nothing else: no place inside an area, no country or state, no
    name as written. Subclasses answer more."""

    def __init__(self, *names):
        self.names = set(names)

    def __call__(self, names):
        return {n: n in self.names for n in names}

    def within(self, pairs, min_population=0):
        return {p: False for p in pairs}

    def within_named(self, pairs):
        return {p: False for p in pairs}

    def country_or_state(self, names):
        return {n: False for n in names}

    def written(self, names):
        return {n: False for n in names}

    def town_as_written(self, names):
        return {n: False for n in names}


def at(text, name, label="GPE"):
    """A recogniser's mention of the first ``name`` in ``text``."""
    start = text.index(name)
    return Mention(start, start + len(name), name, label, "r")


def proposed(a_pass, text, mentions=(), known=None, places=None):
    """The texts and kinds' identifiers ``a_pass`` proposes in ``text``."""
    mentions = list(mentions)
    given = PassInput(text, mentions, known or Known(),
                      places if places is not None else [(m.start, m.end) for m in mentions])
    return [(text[p.start:p.end], p.kind.value) for p in a_pass.propose(given)]
