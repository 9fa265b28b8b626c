"""Streets and buildings placed at their town: "Royal Street" in a story about New Orleans.

Local news names streets and buildings as places ("on Royal Street", "at Colchester General
Hospital", "the Rogers Centre"), news corpora annotate them as toponyms, and no offline
gazetteer lists them. A reader places one in the town the story is about; so does
``place_facilities``: a toponym with no gazetteer candidate whose name says it is a street or
building (``gazetteers.name_forms.facility_code``) is placed at the town named at the start of
its own name when the document places that town ("[Colchester] General Hospital"), else at the
document's focus town (``focus.focus_town``: the town it names most); a town right before it
with a possessive comes first ("Seoul's Jamsil Stadium"). The place it gets is the
street or building itself, named as written, with its kind ("street", "hospital"), the town's
point (``derived``), area and country, no GeoNames id or population, and the town's
``confidence`` (its best among the document's mentions of it): the point is within the
tolerance exactly when the town is right, the building being in it. The reason names the
town. With no town placed in the document it stays unplaced.

A river, valley, island or lake no gazetteer lists ("Tijuana River", "Salinas Valley", "Lake
Manassas": ``name_forms.natural_code``) is placed the same way at the place its name is made
from when the document places it ("Tijuana"), and never at the focus town: a peninsula or a
river may lie far from the town a story is about.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from geoparser.gazetteers.name_forms import (
    ROAD_CODES,
    WATER_CODES,
    facility_code,
    natural_code,
    natural_place_name,
    unlisted_code,
)
from geoparser.model import Candidate, Resolution
from geoparser.names import normalise_name
from geoparser.places import feature_kind
from geoparser.resolution.focus import focus_town, placed


def place_facilities(resolutions: Sequence[Resolution], text: str = "") -> list[Resolution]:
    """``resolutions`` with each street, building or natural feature that had no candidate
    placed at its town (see the module's docstring); every other resolution unchanged.
    ``text`` is the document's, where a town's possessive before a building is read."""
    todo = [i for i, r in enumerate(resolutions)
            if r.n_candidates == 0 and r.candidate is None and unlisted_code(r.mention.text)]
    if not todo:
        return list(resolutions)
    focus = focus_town(resolutions)
    sure = _confidence_of_places(resolutions)
    places = {normalise_name(r.mention.text): r.candidate for r in placed(resolutions)
              if r.candidate is not None}
    towns = {k: c for k, c in places.items() if c.feature_class == "P"}
    out = list(resolutions)
    for i in todo:
        r = resolutions[i]
        code = facility_code(r.mention.text)
        if code is not None:
            named = _named_town(r.mention.text, towns)
            owner = None if named is not None else _possessor(r, resolutions, text)
            town = named or owner or focus
            feature_class = "R" if code in ROAD_CODES else "S"
        else:
            code = natural_code(r.mention.text) or "AREA"
            made_of = natural_place_name(r.mention.text)
            named = town = places.get(normalise_name(made_of)) if made_of else None
            owner = None
            feature_class = "H" if code in WATER_CODES else "V" if code == "FRST" else "T"
        if town is None:
            continue
        place = Candidate(
            source="document", source_id=f"{town.source}:{town.source_id}",
            name=r.mention.text, lat=town.lat, lon=town.lon, country_code=town.country_code,
            admin1=town.admin1, feature_class=feature_class,
            feature_code=code, missing=("geonameid", "population"), licence=town.licence,
            derived=("coordinates",), admin1_name=town.admin1_name,
            country_name=town.country_name)
        kind = feature_kind(place.feature_class, code) or "building"
        where = (f"{town.name}, the place its name is made from" if feature_class in "HTV"
                 else f"the town named in it: {town.name}" if named is not None
                 else f"the town named before it: {town.name}'s" if owner is not None
                 else f"the town the document names most: {town.name}")
        out[i] = replace(r, candidate=place, confidence=sure.get(_key(town)), reason=(
            f"{_article(kind)}{kind} with no gazetteer entry, placed at {where}"))
    return out


def _key(c: Candidate) -> tuple[str, str]:
    return (c.source, str(c.source_id))


def _confidence_of_places(resolutions: Sequence[Resolution]) -> dict[tuple[str, str], float]:
    """Each placed record's best ``confidence`` among the document's mentions of it: a street
    placed at its town is within the tolerance exactly when the town is."""
    out: dict[tuple[str, str], float] = {}
    for r in placed(resolutions):
        if r.candidate is not None and r.confidence is not None:
            key = _key(r.candidate)
            out[key] = max(out.get(key, 0.0), r.confidence)
    return out


def _possessor(r: Resolution, resolutions: Sequence[Resolution], text: str
               ) -> Candidate | None:
    """The placed town right before ``r`` with a possessive ("Seoul" of "Seoul's Jamsil
    Stadium"), else ``None``."""
    # 3: fixed by the length of "'s ".
    if text[max(0, r.mention.start - 3):r.mention.start] not in ("'s ", "’s "):
        return None
    # 3: fixed by the length of "'s ".
    end = r.mention.start - 3
    return next((o.candidate for o in resolutions if o.mention.end == end
                 and o.candidate is not None and o.candidate.feature_class == "P"), None)


def _named_town(name: str, towns: dict[str, Candidate]) -> Candidate | None:
    """The placed town whose name opens ``name`` ("Colchester" of "Colchester General
    Hospital"), the longest such; ``None`` when none does."""
    words = name.split()
    for k in range(len(words) - 1, 0, -1):
        town = towns.get(normalise_name(" ".join(words[:k])))
        if town is not None:
            return town
    return None


def _article(kind: str) -> str:
    """"a " or "an " before a kind in words, nothing before a plural ("hills", "lakes")."""
    if kind.endswith("s") and not kind.endswith("ss"):
        return ""
    return "an " if kind[0] in "aeiou" else "a "
