"""Peoples and adjectives of places: a country's demonym, a continent's adjective or the people
of a state or province, or the plural of one ("Russian jets", "Europeans", "Texans", "South
African officials"), written as a name of its own, is a toponym of that place, as news
corpora annotate it (GeoWebNews types them Demonym). A tagger taught by corpora that leave
them out finds some and misses others, so the pass makes them one convention
(``gazetteers.demonyms``). Not where the people opens a longer place name ("Indian Ocean",
"British Columbia"), another people follows it ("African Americans", one people) or a
direction word comes before it ("the North and South Poles"), unless the people is a
continent's and the direction and it name a region the gazetteer knows: "Central American
migrants" is a toponym of Central America. A people the pass adds lends no context to the
story's other toponyms (``base.NO_CONTEXT``)."""

from __future__ import annotations

import re

from geoparser.gazetteers.area_parts import PART_WORDS
from geoparser.gazetteers.demonyms import names_a_continent_s_people, names_a_people
from geoparser.recognition.passes.base import PassInput, Proposal, ProposalKind

#: Why a people's or adjective's mention was made.
PEOPLE = "the people or adjective of a place"
_CAPITAL_WORD = re.compile(r"(?<![\w'’-])[A-Z][a-z]+(?![\w'’-])")
#: How many capitalised words after a people are read for a longer place name it opens.
#: Chosen by hand ("British Virgin Islands").
_PEOPLE_LOOK_AHEAD = 2
#: "and" and a capitalised word after a people: a longer place name it may open too ("Turks
#: and Caicos").
_AND_NAME = re.compile(r" (?:and|&) [A-Z][a-z]+")


class Peoples:
    """Two capitalised words that name a people together, else one, or a direction word and a
    continent's people ("Central American"), none opening a longer place name the gazetteer
    knows, followed by another people or after a direction word the pass did not take."""

    name = "peoples"
    description = "a place's people or adjective (\"Russian\", \"Europeans\", \"Texans\")"
    adds_places = False
    claims_first = False

    def propose(self, given: PassInput) -> list[Proposal]:
        text = given.text
        words = [(m.start(), m.end()) for m in _CAPITAL_WORD.finditer(text)]
        runs: list[list[tuple[int, int]]] = []  # capitalised words one space apart
        for w in words:
            if runs and text[runs[-1][-1][1]:w[0]] == " ":
                runs[-1].append(w)
            else:
                runs.append([w])
        options: list[tuple[int, int, list[str]]] = []  # the people's span, longer names
        for run in runs:
            i = 0
            while i < len(run):
                k = next((k for k in (2, 1) if i + k <= len(run)
                          and names_a_people(text[run[i][0]:run[i + k - 1][1]])), 0)
                if (not k and i + 1 < len(run)
                        and text[run[i][0]:run[i][1]].lower() in PART_WORDS
                        and names_a_continent_s_people(text[run[i + 1][0]:run[i + 1][1]])):
                    k = 2  # the people of a region a direction names: "Central American"
                elif not k or (i and text[run[i - 1][0]:run[i - 1][1]].lower() in PART_WORDS):
                    i += max(k, 1)
                    continue
                ahead = run[i + k:i + k + _PEOPLE_LOOK_AHEAD]
                if ahead and names_a_people(text[ahead[0][0]:ahead[0][1]]):
                    i += k + 1  # two peoples make one: "African Americans", "Irish American"
                    continue
                end = run[i + k - 1][1]
                joined = [text[run[i][0]:m.end()] for m in [_AND_NAME.match(text, end)] if m]
                options.append((run[i][0], end,
                                [text[run[i][0]:w[1]] for w in ahead] + joined))
                i += k
        longer = sorted({n for _, _, names in options for n in names})
        is_place = given.known(longer) if longer else {}
        return [Proposal(a, b, ProposalKind.PEOPLE, PEOPLE) for a, b, names in options
                if not any(is_place.get(n) for n in names)]
