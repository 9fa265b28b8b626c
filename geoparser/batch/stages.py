"""The pipeline as a picklable description, built once per process (and thread) that runs it.

Worker processes, local or on a Dask cluster, receive a ``PipelineSpec`` with every chunk and
build the recogniser, gazetteer and policy from it the first time only: the model is loaded and
the gazetteer opened once per worker, not once per chunk or document.
"""

from __future__ import annotations

import threading
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from geoparser.decision.span_decision import SpanDecision, decision_for, without_demonyms
from geoparser.defaults import DEFAULT_MIN_CONFIDENCE, DEFAULT_POINTS, DEFAULT_RECOGNISER
from geoparser.errors import UsageError
from geoparser.gazetteers import GAZETTEERS, Gazetteer, create_gazetteer
from geoparser.model import Document, Mention, ParsedDocument
from geoparser.pipeline import recognise, recognise_with_unknown, resolve
from geoparser.recognition import (
    DEFAULT_LABELS,
    RECOGNISERS,
    Recogniser,
    create_recogniser,
)
from geoparser.recognition.spacy_models import resolve_package
from geoparser.resolution import POLICIES, Policy, create_policy
from geoparser.resolution.base import POINT_CONVENTIONS, HomeRegion, policy_identity
from geoparser.resolution.confidence import check_min_confidence
from geoparser.resolution.mention_kinds import only_kinds
from geoparser.web_config import WebConfig

#: Gazetteer files to use in this process instead of the default location, by gazetteer name
#: (a Dask worker sets it for the copy of the offline index shipped to it).
GAZETTEER_FILES: dict[str, Path] = {}


@dataclass(frozen=True)
class PipelineSpec:
    """Which recogniser, labels, gazetteer and policy, by name."""

    ner: str = DEFAULT_RECOGNISER
    labels: tuple[str, ...] = DEFAULT_LABELS
    gazetteer: str = "offline"
    policy: str = "context"
    #: ``WebConfig`` fields set on the command line for a web gazetteer (``--contact``, ...).
    web: tuple[tuple[str, Any], ...] = ()
    #: Whose point stands for a country (``resolution.base.POINT_CONVENTIONS``).
    points: str = DEFAULT_POINTS
    #: Toponyms whose marker is less sure than this are left unplaced (``decision``; the
    #: point's ``resolution.confidence`` where no decision is made).
    min_confidence: float | None = DEFAULT_MIN_CONFIDENCE
    #: Spans the span decision rejects are kept, marked ``rejected`` (for analysis).
    keep_rejected: bool = False
    #: Peoples and their adjectives ("Canadians", "Turkish troops") are output.
    demonyms: bool = True
    #: The mention kinds output (``resolution.mention_kinds``, sorted names); ``None``: all.
    kinds: tuple[str, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """What identifies the pipeline for ``--resume`` (web settings change no answer's
        meaning, and a contact address has no place in the output folder)."""
        data = {**asdict(self), "labels": list(self.labels)}
        del data["web"]
        return data

    def policy_identity(self) -> str:
        """The policy this spec makes and what it is made with (``policy_identity``): the
        ranker's digest too, so that a run resumed with another model file is refused."""
        return policy_identity(create_policy(self.policy, points=self.points))

    def check(self) -> None:
        """Fail early, in the calling process, on a name no worker could build."""
        GAZETTEERS.get(self.gazetteer)
        check_min_confidence(self.min_confidence)
        if self.points not in POINT_CONVENTIONS:
            raise UsageError(f"unknown point convention {self.points!r} (choose from "
                             f"{', '.join(POINT_CONVENTIONS)})")
        if getattr(POLICIES.get(self.policy), "needs_guide", False):
            raise UsageError(f"policy {self.policy!r} needs a guide point per document, and "
                             "documents read for parsing have none; choose another --policy "
                             f"({', '.join(n for n in POLICIES.names() if n != self.policy)})")
        if self.ner not in RECOGNISERS:
            resolve_package(self.ner)
        else:
            check = getattr(RECOGNISERS.get(self.ner), "check", None)
            if check is not None:
                check()


@dataclass
class Stages:
    recogniser: Recogniser
    gazetteer: Gazetteer
    policy: Policy
    points: str = DEFAULT_POINTS
    min_confidence: float | None = DEFAULT_MIN_CONFIDENCE
    decision: SpanDecision | None = None
    demonyms: bool = True
    kinds: frozenset[str] | None = None
    #: Rejected spans are kept, marked (the decision's, and names no gazetteer knows).
    keep_rejected: bool = False


_local = threading.local()
#: How many times this process built stages (a Dask test checks each worker did so once).
BUILDS = 0


def build_gazetteer(spec: PipelineSpec) -> Gazetteer:
    path = GAZETTEER_FILES.get(spec.gazetteer)
    if spec.web:
        config = replace(WebConfig.from_env(), **dict(spec.web))
        return create_gazetteer(spec.gazetteer, config=config)
    return create_gazetteer(spec.gazetteer, **({"index_path": path} if path else {}))


def stages_for(spec: PipelineSpec) -> Stages:
    """The stages for ``spec``, built on this thread's first call and kept for the next."""
    global BUILDS
    cache: dict[PipelineSpec, Stages] = _local.__dict__.setdefault("stages", {})
    if spec not in cache:
        BUILDS += 1
        gazetteer = build_gazetteer(spec)
        # the recogniser's name checks ask the offline index too: the same one, opened once
        shared = gazetteer if spec.gazetteer == "offline" and not spec.web and (
            spec.gazetteer not in GAZETTEER_FILES) else None
        cache[spec] = Stages(create_recogniser(spec.ner, list(spec.labels), offline=shared),
                             gazetteer, create_policy(spec.policy, points=spec.points),
                             spec.points, spec.min_confidence,
                             decision_for(spec.ner, spec.policy, spec.keep_rejected),
                             spec.demonyms,
                             frozenset(spec.kinds) if spec.kinds is not None else None,
                             spec.keep_rejected)
    return cache[spec]


def parse_documents(stages: Stages, documents: list[Document]) -> list[ParsedDocument]:
    """Recognise (one ``nlp.pipe`` pass), look up (one batch) and resolve ``documents``;
    with ``keep_rejected``, the names no gazetteer knows kept as rejected spans."""
    if stages.keep_rejected:
        parsed, unknown = recognise_with_unknown(stages.recogniser, documents)
        return resolve_documents(stages, parsed, unknown_names=unknown)
    return resolve_documents(stages, recognise(stages.recogniser, documents))


def resolve_documents(stages: Stages, parsed: list[ParsedDocument],
                      homes: dict[str, HomeRegion] | None = None,
                      unknown_names: list[list[Mention]] | None = None) -> list[ParsedDocument]:
    """Look up (one batch) and resolve recognised documents; ``homes``: the groups' home
    regions read off the whole corpus (else off these documents); ``unknown_names`` as
    ``pipeline.resolve`` takes them."""
    out = resolve(parsed, stages.gazetteer, stages.policy, homes=homes,
                  min_confidence=stages.min_confidence, repeat_names=True,
                  decision=stages.decision, unknown_names=unknown_names, hashtags=True)
    out = out if stages.demonyms else [without_demonyms(p) for p in out]
    return [only_kinds(p, stages.kinds) for p in out]
