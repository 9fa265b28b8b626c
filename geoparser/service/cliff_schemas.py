"""CLIFF-CLAVIN's answer as typed models, so ``/openapi.json`` describes what ``/parse/text``
and ``/parse?format=cliff`` answer field by field (``corpora.cliff`` makes the answer; a test checks
real answers against these models). Null fields say why in their description.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

_STRICT = ConfigDict(strict=True, extra="forbid")


class CliffPlace(BaseModel):
    """A GeoNames place as CLIFF writes it (``ParseManager.writeGeoNameToHash``)."""

    model_config = _STRICT
    id: int | None = Field(description="the GeoNames id; null for a place from a gazetteer "
                           "without GeoNames ids")
    name: str | None
    lat: float | None = Field(description="latitude, WGS 84 degrees; null for a focus place "
                              "the text does not name itself (a country its towns lie in)")
    lon: float | None = Field(description="longitude, WGS 84 degrees; null as `lat`")
    population: int | None = Field(description="null where the gazetteer gives none")
    featureClass: str | None = Field(description="the GeoNames feature class (P, A, H, …), "
                                     "from the feature code or the kind; null where neither "
                                     "says it")
    featureCode: str | None = Field(description="the GeoNames feature code; null where the "
                                    "gazetteer gives none (the offline cities have only a "
                                    "class)")
    countryCode: str | None = Field(description="ISO 3166-1 alpha-2")
    countryGeoNameId: str | None = Field(description="the country's GeoNames id, as a string "
                                         "as CLIFF gives it")
    stateCode: str | None = Field(description="the GeoNames first-level (admin1) code; null "
                                  "where the area's name does not tell one code")
    stateGeoNameId: str | None = Field(description="the first-level area's GeoNames id, as a "
                                       "string; null where the shipped data has none")


class CliffSource(BaseModel):
    """Where the text names the place."""

    model_config = _STRICT
    string: str = Field(description="the toponym as the text writes it")
    charIndex: int = Field(description="offset of its first character in UTF-16 units, as "
                           "CLIFF counts in a Java string (an emoji before it counts two; our "
                           "own records count code points)")


class CliffMention(CliffPlace):
    """A toponym placed on the map."""

    confidence: float | None = Field(description="Toposcope's confidence: the probability "
                                     "(0 to 1) the point lies within 161 km of the right one "
                                     "(CLIFF's is CLAVIN's name-match score)")
    source: CliffSource


class CliffUnplaced(BaseModel):
    """A toponym found but left unplaced, or a rejected span (CLIFF lists only placed ones, so
    this list is ours)."""

    model_config = _STRICT
    source: CliffSource
    confidence: float | None = Field(description="how sure the best guess was, when there "
                                     "was one")
    reason: str | None = Field(description="why it was left unplaced, in words")
    rejected: bool = Field(description="true for a span kept only because rejected spans were "
                           "asked for (`parse --keep-rejected`): no toponym of the answer")
    rejection: Literal["not_a_toponym", "not_the_place", "not_in_gazetteer"] | None = Field(
        description="why it was rejected (null unless `rejected`): judged no toponym, a "
        "people's adjective in a thing's name or a language, or a name no gazetteer entry has")


class CliffFocusPlace(CliffPlace):
    """A place the text is about."""

    score: int = Field(description="placed toponyms that fall in it, as CLIFF counts")


class CliffFocus(BaseModel):
    """Toposcope's document focus as CLIFF's lists (one place each, where CLIFF lists ties);
    empty when nothing was placed, as CLIFF's."""

    model_config = _STRICT
    countries: list[CliffFocusPlace] | None = None
    states: list[CliffFocusPlace] | None = None
    cities: list[CliffFocusPlace] | None = None


class CliffPlaces(BaseModel):
    model_config = _STRICT
    mentions: list[CliffMention] = Field(description="the placed toponyms, in text order")
    focus: CliffFocus
    unplaced: list[CliffUnplaced] = Field(description="toponyms left unplaced (not in CLIFF)")


class CliffResults(BaseModel):
    model_config = _STRICT
    places: CliffPlaces
    people: None = Field(description="null: Toposcope looks for places only")
    organizations: None = Field(description="null: Toposcope looks for places only")


class CliffAnswer(BaseModel):
    """CLIFF-CLAVIN's ``/parse/text`` answer (mediacloud/cliff-annotator 2.x)."""

    model_config = _STRICT
    status: Literal["ok"]
    version: str = Field(description="'toposcope' and its version (CLIFF gives its own)")
    milliseconds: None = Field(description="null: the same text always gets the same answer, "
                               "so the time it took is not part of it")
    results: CliffResults
