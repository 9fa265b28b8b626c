"""GeoNames' own regions, oceans, seas and former unions joined to the other extracts' records
of them (the offline gazetteer's merge: ``offline_records``)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace

from geoparser.gazetteers.extras_source import ExtraPlace, candidate_of
from geoparser.gazetteers.sqlite_index import PlaceRecord
from geoparser.names import normalise_name_uncached as normalise_name

GEONAMES_REGIONS = "geonames-regions"
#: Which kinds of GeoNames' regions, seas and former unions describe which of the other
#: extracts' records ("Atlantic Ocean" is cadis's sea before it is made an ocean).
_REGION_KINDS = {"RGN": "region", "PCLH": "former", "OCN": "water", "SEA": "water",
                 "GULF": "water"}


def with_geonames_regions(water: list[ExtraPlace], regions: Sequence[ExtraPlace],
                           taken: set[str]
                           ) -> tuple[list[ExtraPlace], dict[str, ExtraPlace], list[PlaceRecord]]:
    """GeoNames' own records of regions, seas and former unions (``geonames-regions``) joined
    to the other extracts' records of them. A record of the same kind is joined to the
    GeoNames region that bears its name as its own, else to the one whose own name is among
    its names, else to the one that has its name among its other names ("Americas" of
    GeoNames' America, "Middle Africa" of its Central Africa); it becomes that place at
    GeoNames' point (``as_described``), with its GeoNames id and the names of both ("the
    Atlantic", "North Africa"). A record's other name that is another GeoNames region's own
    name is that region's ("Middle East" of UN M49's Western Asia is GeoNames' Middle East).
    Returns the records, the GeoNames record each is joined to (by source id), and a record
    of each GeoNames region under its own name and the names no country, area or large town
    bears, for those no written record stands for (``_merged``); none where a country, an
    area or a town bears the region's own name ("Pommern"). A gulf is a sea, as cadis's
    are."""
    alias: dict[tuple[str, str], ExtraPlace] = {}
    own: dict[tuple[str, str], ExtraPlace] = {}
    known = taken | {normalise_name(n) for p in (*water, *regions) for n in (p.name, *p.names)}
    for g in regions:
        kind = _REGION_KINDS[g.feature_code or ""]
        own.setdefault((normalise_name(g.name), kind), g)
        for n in (g.name, *g.names):
            alias.setdefault((normalise_name(n), kind), g)
    names_of = {g.source_id: _names_of(g, _REGION_KINDS[g.feature_code or ""], own, taken, known)
                for g in regions}
    joined: dict[str, ExtraPlace] = {}
    out: list[ExtraPlace] = []
    for p in water:
        kind = _REGION_KINDS.get(p.feature_code or "")
        if kind is None:
            out.append(p)
            continue
        g = own.get((normalise_name(p.name), kind)) or next(
            (own[k] for n in p.names if (k := (normalise_name(n), kind)) in own), None) or (
            alias.get((normalise_name(p.name), kind)))
        names = [n for n in p.names if own.get((normalise_name(n), kind), g) is g
                 and not _listed(normalise_name(n), known)]
        if g is not None:
            joined[p.source_id] = g
            names += names_of[g.source_id]
        out.append(replace(p, names=tuple(dict.fromkeys(n for n in names if n != p.name))))
    records = []
    for g in regions:
        mine = names_of[g.source_id]
        if mine and mine[0] == g.name:
            code = "SEA" if g.feature_code == "GULF" else g.feature_code
            records.append(PlaceRecord(candidate_of(g, g.name, feature_code=code),
                                       tuple(dict.fromkeys(mine[1:]))))
    return out, joined, records


_LISTED = re.compile(r"(.+) and (?:the )?(.+)")


def _listed(key: str, known: set[str]) -> bool:
    """Whether a normalised name is two known places joined by "and" ("australia and new
    zealand", "latin america and the caribbean"), which text means as a list."""
    m = _LISTED.fullmatch(key)
    return bool(m and m.group(1) in known and m.group(2) in known)


def _names_of(g: ExtraPlace, kind: str, own: Mapping[tuple[str, str], ExtraPlace],
              taken: set[str], known: set[str]) -> list[str]:
    """A GeoNames region's names that no country, area or large town bears, nor another
    region as its own (South Atlantic Ocean is also called "Atlantic Ocean"); not two known
    places joined ("Australia and New Zealand", which text means as a list), nor a word that
    a known group's name is with "countries" or "states" after it ("Nordic" of "Nordic
    countries": an adjective, not the region)."""
    out = []
    for n in (g.name, *g.names):
        k = normalise_name(n)
        if k in taken or own.get((k, kind), g) is not g or _listed(k, known) or (
                f"{k} countries" in known or f"{k} states" in known):
            continue
        out.append(n)
    return out


def as_described(p: ExtraPlace, joined: Mapping[str, ExtraPlace]) -> ExtraPlace:
    """The record at the point, under the id, source and licence of the GeoNames record it
    is joined to, if any (``with_geonames_regions``); its own name, names and kind stay."""
    g = joined.get(p.source_id)
    if g is None:
        return p
    licence = g.licence if p.licence == g.licence else f"{g.licence}; names also {p.licence}"
    return replace(p, source=g.source, source_id=g.source_id, licence=licence, lat=g.lat,
                   lon=g.lon, geonameid=g.geonameid, derived=g.derived)


def one_per_place(records: Iterable[PlaceRecord]) -> Iterator[PlaceRecord]:
    """The records in order, those joined to one GeoNames region (cadis's two halves of the
    Atlantic) made one where the first stands, with the names of all."""
    records = list(records)
    names: dict[str, list[str]] = {}
    for rec in records:
        if rec.candidate.source == GEONAMES_REGIONS:
            names.setdefault(rec.candidate.source_id, []).extend((rec.candidate.name, *rec.names))
    done: set[str] = set()
    for rec in records:
        c = rec.candidate
        if c.source != GEONAMES_REGIONS:
            yield rec
        elif c.source_id not in done:
            done.add(c.source_id)
            yield PlaceRecord(c, tuple(dict.fromkeys(n for n in names[c.source_id]
                                                     if n != c.name)))
