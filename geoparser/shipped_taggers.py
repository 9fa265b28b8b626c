"""The transformer taggers Toposcope ships and the recognisers built on each, by name.

Two taggers ship, each in its own folder of ``geoparser/recognition/models``: the MiniLM tagger
``toponym-transformer`` (the default's) and its distilled student ``toponym-transformer-small``
(about half the tagger's CPU; docs/recognition-model.md, *A smaller tagger*). On each the same
recognisers are built, named by what they add to the tagger (``Part``): the gazetteer check
(``-checked``), then the places inside organisation names (``-orgs``, the default's
composition). Everything after recognition that the default gets (the span decision, the
training-document warnings) keys on the part a recogniser plays, not on one name, so the
student's ``-orgs`` gets it too (``judged_alike``).

This module holds names and folders only, so that the span decision, the reports and the
command line can ask it without importing the recognition stage.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

MODELS = Path(__file__).resolve().parent / "recognition" / "models"


class Part(Enum):
    """What a recogniser adds to its tagger: the suffix of its name."""

    TAGGER = ""
    CHECKED = "-checked"
    ORGS = "-orgs"
    HYBRID = "-hybrid"


@dataclass(frozen=True)
class ShippedTagger:
    """A tagger in ``models/<name>``, the recognisers built on it (``parts``), the environment
    variable that points it at another copy of its folder (``None``: none does), what it is
    (``about``) and the command that rebuilds it."""

    name: str
    parts: tuple[Part, ...]
    env: str | None
    about: str
    rebuild: str

    @property
    def folder(self) -> Path:
        """The packaged model folder."""
        return MODELS / self.name

    def model_dir(self) -> Path:
        """Where the tagger is read from: ``$env`` when set, else the packaged folder."""
        where = os.environ.get(self.env) if self.env else None
        return Path(where).expanduser() if where else self.folder

    def recogniser(self, part: Part) -> str:
        """The name of the recogniser that adds ``part`` to this tagger."""
        if part not in self.parts:
            raise KeyError(f"{self.name} has no {part.name.lower()} recogniser")
        return self.name + part.value

    def recognisers(self) -> tuple[str, ...]:
        """Every recogniser built on this tagger, by name."""
        return tuple(self.recogniser(p) for p in self.parts)


#: ``$TOPOSCOPE_TRANSFORMER_MODEL`` points at another copy of the default's tagger (a fold
#: tagger, a retrained one); the student is read from its own folder, or from
#: ``$TOPOSCOPE_TRANSFORMER_SMALL_MODEL``: one variable never moves both.
TEACHER = ShippedTagger("toponym-transformer", tuple(Part), "TOPOSCOPE_TRANSFORMER_MODEL",
                        "MiniLM toponym tagger", "make train-ner")
STUDENT = ShippedTagger("toponym-transformer-small", (Part.TAGGER, Part.CHECKED, Part.ORGS),
                        "TOPOSCOPE_TRANSFORMER_SMALL_MODEL",
                        "distilled MiniLM toponym tagger, the student of toponym-transformer",
                        "make train-student")
SHIPPED_TAGGERS = (TEACHER, STUDENT)

_BY_NAME = {t.recogniser(p): (t, p) for t in SHIPPED_TAGGERS for p in t.parts}


def tagger_of(recogniser: str) -> ShippedTagger | None:
    """The shipped tagger the recogniser called ``recogniser`` runs (``None``: none does)."""
    found = _BY_NAME.get(recogniser)
    return found[0] if found else None


def part_of(recogniser: str) -> Part | None:
    """What the recogniser called ``recogniser`` adds to its shipped tagger (``None``: it
    runs none)."""
    found = _BY_NAME.get(recogniser)
    return found[1] if found else None


def built_as(part: Part) -> tuple[str, ...]:
    """Every shipped recogniser that adds ``part`` to its tagger, the default's tagger first."""
    return tuple(t.recogniser(part) for t in SHIPPED_TAGGERS if part in t.parts)


def judged_alike(recogniser: str, fitted_on: str) -> bool:
    """Whether a model fitted on ``fitted_on``'s proposals (the span decision) judges
    ``recogniser``'s: the same recogniser, or the same part over another shipped tagger (the
    student's ``-orgs`` proposes what the default does, with a smaller tagger)."""
    part = part_of(recogniser)
    return recogniser == fitted_on or (part is not None and part == part_of(fitted_on))
