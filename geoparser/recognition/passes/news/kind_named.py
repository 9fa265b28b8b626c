"""A place named after its kind's word: "the town of Toruń", "the villages of Bumbacari and
Dudescu", "the province of Western Kasai": the longest run of up to three capitalised words
right after a kind of place (town, village, city, district, province, state, island, …) in
lower case and "of" is a toponym when the gazetteer knows it; after a plural, so is each name
of the list that follows. Not a word in capitals ("the region of KBR", a gene's) nor a
municipality's whole name ("The Town of Hempstead"). The fold taggers missed such names where
they had not met them (Toruń, Puławy, Réunion in GeoVirus)."""

from __future__ import annotations

import re

from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind
from geoparser.recognition.passes.patterns import LIST_JOIN, LIST_WORD
from geoparser.vocabularies import words

KIND_NAMED = "named after its kind's word"
#: A kind of place and "of" before its name: "the town of Toruń", "the villages of Bumbacari
#: and Dudescu", "the province of Western Kasai"; in lower case, as prose writes it ("Town of
#: Hempstead" is a municipality's whole name).
_KIND_OF = re.compile(
    r"\b(?:" + "|".join(sorted(words("kind_words", "kind-named"), key=len, reverse=True))
    + r")[ \t]+of[ \t]+")
#: The most words a name after its kind's word may have. Chosen by hand ("Western Kasai",
#: "Sao Paulo"; "New York State Police" is cut to its place).
_KIND_NAME_WORDS = 3


class KindNamed:
    """Of the run of capitalised words right after a kind of place and "of", the longest
    opening of up to ``_KIND_NAME_WORDS`` words the gazetteer knows (after a plural, of each
    run of the list); not a word in capitals."""

    name = "kind-named"
    description = "a place named right after its kind's word and \"of\" (\"the town of Toruń\")"
    adds_places = False
    claims_first = False

    def propose(self, given: PassInput) -> list[Proposal]:
        text = given.text
        run_at = dict(given.capitalised_runs)  # a run's start -> its end
        runs: list[list[tuple[int, int]]] = []
        for m in _KIND_OF.finditer(text):
            plural = m.group().split()[0].endswith("s")
            at = m.end()
            while (end := run_at.get(at)) is not None:
                words: list[tuple[int, int]] = []
                for w in LIST_WORD.finditer(text, at, end):
                    if w.group().isupper() or len(words) == _KIND_NAME_WORDS:
                        break
                    words.append(w.span())
                if not words:
                    break
                runs.append(words)
                join = LIST_JOIN.match(text, words[-1][1])
                if not (plural and join):
                    break
                at = join.end()
        spans = [[(ws[0][0], ws[k][1]) for k in range(len(ws))] for ws in runs]
        is_known = given.known(sorted({text[a:b] for options in spans for a, b in options})
                               ) if spans else {}
        return [Proposal(*hit, ProposalKind.KIND_NAMED, KIND_NAMED) for options in spans
                if (hit := next(((a, b) for a, b in reversed(options)
                                 if is_known.get(text[a:b])), None))]
