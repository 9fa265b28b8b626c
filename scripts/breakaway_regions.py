"""Regions that broke away from a country and govern themselves: South Ossetia, Nagorno-Karabakh.

Read by ``build_gazetteer_extras.py`` (the ``ne-breakaway`` extract) from Natural Earth's 10m
disputed areas, whose features of type ``Breakaway`` are these regions. GeoNames has no record
of South Ossetia or Nagorno-Karabakh (their land lies in Georgian and Azerbaijani districts),
so news of the 2008 war or of Karabakh named places the gazetteer did not know. Each region is
a region (``RGN``) of the country that claims it, at the centroid of its polygon, with the
names English news gives it and its people. A region another extract has (Abkhazia and
Transnistria as first-level areas, Donbas among the macroregions) is left to it: the merge
drops a name an area holds, and ``ELSEWHERE`` names the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from geoparser.gazetteers.english_names import REGION_PEOPLES

#: Breakaway regions another extract already stands for: the macroregions' Donbas (both
#: oblasts, "Donbass" among its names).
ELSEWHERE = frozenset({"Donbass"})
#: The names English news gives a region and its people beside Natural Earth's; chosen by
#: hand (the regions' English Wikipedia articles' first lines); a people's names are the
#: demonym list's (``english_names.REGION_PEOPLES``).
OTHER_NAMES: dict[str, tuple[str, ...]] = {
    "South Ossetia": ("Tskhinvali Region", *REGION_PEOPLES["South Ossetia"]),
    "Nagorno-Karabakh": ("Nagorno Karabakh", "Nagorno-Karabakh Republic", "Republic of Artsakh",
                         "Artsakh", "Karabakh"),
}


def breakaway_regions(features: Iterable[dict], alpha2: Callable[[str], str | None],
                      centroid: Callable[[dict], tuple[float, float]]) -> Iterator[dict]:
    """One place per ``Breakaway`` feature of Natural Earth's disputed areas not in
    ``ELSEWHERE``, as ``name``, ``names``, ``lat``, ``lon``, ``cc`` (the claimant's code, from
    its ISO alpha-3 code by ``alpha2``) and ``id``; ``centroid`` gives a geometry's (lat, lon)."""
    for f in features:
        p = f["properties"]
        name = p.get("BRK_NAME")
        if p.get("TYPE") != "Breakaway" or not name or name in ELSEWHERE:
            continue
        lat, lon = centroid(f["geometry"])
        yield {"id": f"ne-breakaway:{p['BRK_A3']}", "name": name, "lat": lat, "lon": lon,
               "cc": alpha2(p["SOV_A3"]), "names": list(OTHER_NAMES.get(name, ()))}
