"""Command-line options shared by the commands that can use a web gazetteer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from geoparser.web_config import DEFAULT_EXPIRY_DAYS, WebConfig, expiry_days

NoCacheOption = Annotated[
    bool, typer.Option("--no-cache", help="Web gazetteers: neither read nor write the cache.")
]
RefreshOption = Annotated[
    bool, typer.Option("--refresh", help="Web gazetteers: ask the service again, update the cache.")
]
CachePathOption = Annotated[
    Path | None,
    typer.Option("--web-cache", help="Web gazetteers' cache file (default: user cache dir)."),
]
CacheDaysOption = Annotated[
    float | None,
    typer.Option("--cache-days", help=f"Days a cached answer is valid ({DEFAULT_EXPIRY_DAYS:g})."),
]
ContactOption = Annotated[
    str | None,
    typer.Option(
        "--contact", help="Your e-mail or URL for Nominatim's user agent ($TOPOSCOPE_CONTACT)."
    ),
]


def gazetteer_config(
    name: str,
    *,
    no_cache: bool = False,
    refresh: bool = False,
    cache_path: Path | None = None,
    cache_days: float | None = None,
    contact: str | None = None,
    inputs: Sequence[Path | str | None] = (),
) -> dict[str, object]:
    """Keyword config for ``create_gazetteer(name, ...)``: a ``WebConfig`` for web gazetteers."""
    pairs = web_overrides(name, no_cache=no_cache, refresh=refresh, cache_path=cache_path,
                          cache_days=cache_days, contact=contact, inputs=inputs)
    return {"config": replace(WebConfig.from_env(), **dict(pairs))} if pairs else {}


def web_overrides(
    name: str,
    *,
    no_cache: bool = False,
    refresh: bool = False,
    cache_path: Path | None = None,
    cache_days: float | None = None,
    contact: str | None = None,
    inputs: Sequence[Path | str | None] = (),
) -> tuple[tuple[str, object], ...]:
    """The web settings given on the command line, as picklable ``(field, value)`` pairs that
    each worker applies to its own ``WebConfig.from_env()`` (credentials stay in the
    environment, never in a pipeline description). ``--web-cache`` may not be one of the
    command's ``inputs``: the cache check would call the user's file a damaged cache."""
    from geoparser.gazetteers.web import WEB_GAZETTEERS

    if name not in WEB_GAZETTEERS:
        return ()
    pairs: list[tuple[str, object]] = [("use_cache", not no_cache), ("refresh", refresh)]
    if cache_path is not None:
        from geoparser.io.output_path import check_output

        pairs.append(("cache_path", check_output(cache_path, inputs, option="--web-cache")))
    if cache_days is not None:
        pairs.append(("expire_after", expiry_days(cache_days)))
    if contact:
        pairs.append(("contact", contact))
    return tuple(pairs)


def split_list(value: str) -> list[str]:
    """A comma-separated option (``--labels GPE,LOC``) as its items."""
    return [v.strip() for v in value.split(",") if v.strip()]


def minimum_confidence(policy: str | None, given: float | None) -> float | None:
    """``--min-confidence`` as given, else the default; a minimum for a policy that has no
    confidence model is refused rather than silently ignored (``None``: several policies,
    each applying it where it can)."""
    from geoparser.defaults import DEFAULT_MIN_CONFIDENCE
    from geoparser.errors import UsageError
    from geoparser.resolution.confidence import check_min_confidence, policies_with_confidence

    if given is None:
        return DEFAULT_MIN_CONFIDENCE
    check_min_confidence(given)
    known = policies_with_confidence()
    if given > 0 and policy is not None and policy not in known:
        raise UsageError(f"--min-confidence: policy {policy!r} has no confidence model (those "
                         f"that have one: {', '.join(known) or 'none'})")
    return given


#: ``--points`` of ``parse`` and ``resolve`` (``resolution.base.POINT_CONVENTIONS``).
PointsOption = Annotated[str, typer.Option(
    help="Whose point stands for a country or first-level area: geonames (GeoNames' own "
    "country points; Natural Earth's for the rest), natural-earth (centroids and label "
    "points) or factbook (the CIA Factbook's country points).")]

MinConfidenceOption = Annotated[float | None, typer.Option(
    "--min-confidence", metavar="P", help="Leave a toponym unplaced (geometry null, the reason "
    "says why) when the probability that its marker is right (marker_confidence: a toponym "
    "within 161 km of the right point; with a recogniser the span decision was not fitted on, "
    "the point's confidence) is below P (default: chosen on the shared corpora; 0 places "
    "every toponym).")]
KeepRejectedOption = Annotated[bool, typer.Option(
    "--keep-rejected", help="Also write the spans the span decision judged no toponym, and "
    "the names the recogniser found but no gazetteer knows, marked rejected: true with why in "
    "rejection (for analysis; score leaves them out, map lists them apart).")]
KindsOption = Annotated[str, typer.Option(
    "--kinds", help="Which mention kinds are output, comma-separated: literal, demonym, "
    "metonymy, embedded (a place inside an organisation's or facility's name), street "
    "(streets, roads, buildings, facilities), unknown (no evidence decides), or all. Each "
    "toponym's kind is its mention_kind (docs/formats.md).")]
NoDemonymsOption = Annotated[bool, typer.Option(
    "--no-demonyms", help="Leave out peoples and their adjectives (\"Canadians\", \"Turkish "
    "troops\"), which stand for their place and are marked demonym: true.")]


#: The pipeline's parts by name, as ``parse``, ``resolve`` and ``serve`` take them.
NerOption = Annotated[str, typer.Option(
    help="Recogniser: {ner}, or a spaCy pipeline by package name or path.")]
LabelsOption = Annotated[str, typer.Option(help="Entity labels kept as toponyms.")]
GazetteerOption = Annotated[str, typer.Option(help="Gazetteer: {gazetteer}.")]
PolicyOption = Annotated[str, typer.Option(help="Resolver policy: {policy}.")]
