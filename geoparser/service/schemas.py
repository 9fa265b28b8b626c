"""The service's typed messages: what a request may hold and what an answer holds, as strict
pydantic models, so that ``/openapi.json`` describes every field and a value of the wrong type
is refused rather than converted (``true`` is not a confidence, ``"yes"`` is not a boolean).

The records are described here, not produced here: an answer's records are the lines
``toposcope parse`` writes as JSONL (``io.writers.prediction_line``), sent as they are; a test
checks real records against these models, so the description cannot drift from the output.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

_STRICT = ConfigDict(strict=True, extra="forbid")


def no_lone_surrogate(value: str) -> str:
    """``value``, if it is text: a lone UTF-16 surrogate (JSON ``"\\ud800"``) is not a
    character, and no output could hold it."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError(f"holds a lone surrogate (U+{ord(value[exc.start]):04X} at character "
                         f"{exc.start}), which is not text") from None
    return value


Text = Annotated[str, AfterValidator(no_lone_surrogate)]


class DocumentIn(BaseModel):
    """One document, as a line of ``parse``'s JSONL input."""

    model_config = _STRICT
    id: Text = Field(min_length=1, max_length=200, description="the document's id, unique in "
                     "the request; its record carries it")
    text: Text = Field(description="the text (not empty)")
    source: Text | None = Field(default=None, description="its group (the paper), as in parse: "
                                "documents of one source share its home region")


class ParseRequest(BaseModel):
    """A text, or documents, and the options that make sense per request."""

    model_config = _STRICT
    text: Text | None = Field(default=None, description="one document, whose record has id "
                              "'1'; give this or `documents`")
    documents: list[DocumentIn] | None = Field(default=None, description="several documents; "
                                               "give this or `text`")
    with_candidates: bool = Field(default=False, description="add each toponym's candidate "
                                  "places, best first")
    min_confidence: float | None = Field(
        default=None, description="a toponym less sure than this (0 to 1) is left unplaced; "
        "absent or null: the service's own minimum")


class CandidateRecord(BaseModel):
    """A place a toponym was chosen from (``with_candidates``); fields without a value are left
    out."""

    model_config = _STRICT
    name: str | None = None
    admin1: str | None = Field(default=None, description="its first-level area's name")
    country: str | None = None
    country_code: str | None = Field(default=None, description="ISO 3166-1 alpha-2")
    kind: str | None = Field(default=None, description="the kind of place in words")
    feature_code: str | None = Field(default=None, description="the GeoNames feature code")
    geonameid: int | None = Field(default=None, description="the GeoNames id")
    lat: float | None = Field(default=None, description="latitude, WGS 84 degrees")
    lon: float | None = Field(default=None, description="longitude, WGS 84 degrees")
    population: int | None = None
    source: str | None = Field(default=None, description="the gazetteer source of the record")
    chosen: bool = Field(description="true for the place the policy chose")
    match: Literal["name", "alternate name"] = Field(
        description="whether the toponym is the place's own name or another of its names")
    score: float | None = Field(default=None, description="the policy's score, if it scores")
    score_name: str | None = Field(default=None, description="what `score` measures")


class ToponymRecord(BaseModel):
    """One toponym: its span, the place chosen for it and why; fields without a value are left
    out (an unplaced toponym has no `lat`/`lon`). As docs/formats.md describes."""

    model_config = _STRICT
    start: int = Field(description="offset of its first character in the text, in Unicode "
                       "code points (not bytes, not UTF-16 units)")
    end: int = Field(description="offset just past its last character, in code points")
    text: str = Field(description="the text between `start` and `end`")
    label: str | None = Field(default=None, description="the recogniser's label")
    recogniser: str | None = Field(default=None, description="which recogniser found it")
    name: str | None = Field(default=None, description="the chosen place's name")
    admin1: str | None = Field(default=None, description="its first-level area's name")
    country: str | None = Field(default=None, description="its country's name")
    country_code: str | None = Field(default=None, description="ISO 3166-1 alpha-2")
    kind: str | None = Field(default=None, description="the kind of place in words")
    feature_code: str | None = Field(default=None, description="the GeoNames feature code")
    geonameid: int | None = Field(default=None, description="the GeoNames id, when it has one")
    lat: float | None = Field(default=None, description="latitude, WGS 84 degrees; absent when "
                              "no place was chosen")
    lon: float | None = Field(default=None, description="longitude, WGS 84 degrees")
    population: int | None = None
    source: str | None = Field(default=None, description="the gazetteer source of the record")
    policy: str | None = Field(default=None, description="the policy that chose")
    reason: str | None = Field(default=None, description="why it chose this place, in words")
    n_candidates: int | None = Field(default=None, description="how many places it chose from")
    confidence: float | None = Field(
        default=None, description="probability (0 to 1) that the point lies within 161 km of "
        "the right one; a toponym below the minimum keeps it and has no point")
    marker_confidence: float | None = Field(
        default=None, description="probability (0 to 1) that the marker is right: the span is "
        "a toponym and its point lies within 161 km of the right one (the span decision); a "
        "kept toponym below the minimum keeps it and has no point")
    span_probability: float | None = Field(
        default=None, description="the span decision's probability that the span is a toponym")
    demonym: bool | None = Field(default=None, description="true when the toponym is a "
                                 "people or a people's adjective standing for its place")
    mention_kind: Literal["literal", "demonym", "metonymy", "embedded", "street",
                          "unknown"] | None = Field(
        default=None, description="how the text uses the toponym: the place itself, its people, "
        "the place standing for its government or team, a place inside another name, a street "
        "or building; unknown where no evidence decides (docs/formats.md)")
    within_start: int | None = Field(default=None, description="embedded: where the name it "
                                     "is inside starts")
    within_end: int | None = Field(default=None, description="embedded: where that name ends")
    rejected: bool | None = Field(default=None, description="true for a span kept only "
                                  "because rejected spans were asked for")
    rejection: Literal["not_a_toponym", "not_the_place", "not_in_gazetteer"] | None = Field(
        default=None, description="why it was rejected: the span decision judged it no "
        "toponym, or a people's adjective in a thing's name or a language; or the recogniser "
        "read it as a toponym but no gazetteer entry has the name")
    candidates: list[CandidateRecord] | None = Field(
        default=None, description="with `with_candidates`: the places it was chosen from")


class FocusPlace(BaseModel):
    """A place a document is about, with how many of its placed toponyms fall in it."""

    model_config = _STRICT
    name: str | None
    geonameid: int | None
    country_code: str | None
    admin1: str | None = Field(description="its GeoNames first-level code, where it applies")
    count: int = Field(description="placed toponyms that fall in it")
    share: float = Field(description="`count` over `placed`")


class DocumentFocus(BaseModel):
    """What a document is about: the country, first-level area and city most of its placed
    toponyms fall in (null parts where none does)."""

    model_config = _STRICT
    country: FocusPlace | None
    admin1: FocusPlace | None
    city: FocusPlace | None
    placed: int = Field(description="toponyms placed on the map: the shares' denominator")


class DocumentRecord(BaseModel):
    """One document's record: a line of ``parse``'s JSONL output."""

    model_config = _STRICT
    id: str
    toponyms: list[ToponymRecord] = Field(description="in text order")
    focus: DocumentFocus | None = Field(description="null when nothing was placed")


class ParseResponse(BaseModel):
    """One record a document, in the request's order."""

    model_config = _STRICT
    records: list[DocumentRecord]


class WorkerStatus(BaseModel):
    """The pipeline workers (processes that each run one request at a time)."""

    idle: int
    busy: int
    starting: int = Field(description="being started in place of one stopped")
    stopped_at_deadline: int = Field(description="stopped since the start because a request "
                                     "ran past its time")


class Health(BaseModel):
    """What the service runs."""

    status: Literal["ok", "degraded"] = Field(description="'degraded' while no worker is idle "
                                              "or starting and none could be started")
    recogniser: str
    gazetteer: str
    policy: str
    points: str
    min_confidence: float | None
    policy_identity: str = Field(description="the policy and everything it was made with")
    workers: WorkerStatus


class ErrorAnswer(BaseModel):
    """Every error: one line, never a traceback."""

    error: str
