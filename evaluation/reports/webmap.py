"""A self-contained interactive map of geoparsing results: one HTML file that opens offline.

Leaflet 1.9.4 (vendored in ``vendor/``, see its README) and the base map are inlined; the base
layer is the Natural Earth country outlines Toposcope ships (1:10m around the data when it
covers a region, 1:110m for the rest of the world), drawn as GeoJSON polygons, so the page
needs no tiles. Web tiles can be added (``tiles=True``) for viewers who are online.

Every value from the data reaches the page as JSON inside the template (``tojson`` escapes
``<``, ``>`` and ``&``) or as autoescaped text, and the page's script builds popups with
``textContent``, never ``innerHTML``, so no caption, id or name can inject markup.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from importlib.resources import files
from typing import Any

from markupsafe import Markup

from evaluation.reports.html import environment
from evaluation.reports.outlines import web_base
from evaluation.reports.place_labels import AREA_ZOOM, COUNTRY_ZOOM, base_labels
from geoparser.distance import distance_km
from geoparser.gazetteers import regions
from geoparser.io.toponym_records import document_records
from geoparser.model import Candidate, Document, ParsedDocument, focus_columns
from geoparser.places import describe, describe_focus, place_fields

TP_COLOUR, FP_COLOUR, PREDICTED_COLOUR, GOLD_COLOUR = "#1a9641", "#d7191c", "#e66101", "#222222"
TOLERANCE_COLOUR = "#2b83ba"
TILES_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
TILES_ATTRIBUTION = "© OpenStreetMap contributors"
MAX_CANDIDATES = 10  # per popup; the rest are counted
CONTEXT_CHARS = 80  # of document text either side of a toponym


@dataclass
class MapToponym:
    """One toponym on (or beside) the map: where it was placed, why, and the gold point."""

    doc_id: str
    text: str
    start: int | None = None
    end: int | None = None
    lat: float | None = None
    lon: float | None = None
    name: str | None = None
    place: str | None = None  # the chosen place in words: name, area, country, kind, id
    reason: str | None = None
    geonameid: int | None = None
    n_candidates: int | None = None
    confidence: float | None = None  # the probability that the point is within 161 km
    marker_confidence: float | None = None  # the probability that the marker is right
    focus: str | None = None  # what the toponym's document is about (``places.describe_focus``)
    candidates: list[dict[str, Any]] = field(default_factory=list)
    context: str | None = None
    gold_lat: float | None = None
    gold_lon: float | None = None
    tolerance_km: float | None = None
    error_km: float | None = None
    verdict: str | None = None  # "TP" (within tolerance), "FP" or None (no gold)
    #: How the text uses it (``mention_kind``: "street", "embedded", ...; ``None``: unknown).
    mention_kind: str | None = None
    #: Kept only because rejected spans were asked for (``parse --keep-rejected``), and why
    #: (a ``model.Rejection`` value): listed beside the map, never drawn.
    rejected: bool = False
    rejection: str | None = None

    @property
    def placed(self) -> bool:
        return self.lat is not None and self.lon is not None


#: The outline of a marker by its toponym's mention kind (``model.MentionKind``), and the
#: legend's words for it; a toponym of no kind (unknown) or a literal one keeps its fill's
#: colour as outline.
KIND_OUTLINES = {"demonym": "#7b3294", "metonymy": "#0571b0", "embedded": "#e66101",
                 "street": "#1a1a1a"}
KIND_WORDS = {"demonym": "a people or its adjective", "metonymy": "the place for its people "
              "or government", "embedded": "a place inside another name",
              "street": "street, road, building or facility"}


def kind_legend(toponyms: Iterable[MapToponym]) -> list[dict[str, Any]]:
    """A legend entry, outline colour and words, for each mention kind a placed toponym has."""
    present = {t.mention_kind for t in toponyms if t.placed}
    return [{"kind": "outline", "label": f"outline: {k}, {KIND_WORDS[k]}", "colour": colour}
            for k, colour in KIND_OUTLINES.items() if k in present]


def snippet(text: str, start: int | None, end: int | None) -> str | None:
    """The document text around a toponym, marked with » «, or None without offsets."""
    if not text:
        return None
    if start is None or end is None:
        return text[: 2 * CONTEXT_CHARS] + ("…" if len(text) > 2 * CONTEXT_CHARS else "")
    lo, hi = max(0, start - CONTEXT_CHARS), min(len(text), end + CONTEXT_CHARS)
    return (("…" if lo else "") + text[lo:start] + "»" + text[start:end] + "«" + text[end:hi]
            + ("…" if hi < len(text) else ""))


def candidate_summary(c: Candidate | Mapping[str, Any]) -> dict[str, Any]:
    """What a popup lists of a candidate: the place in words (name, area, country, kind, id),
    population, point, whether it was chosen, and whether it matched by an alternate name."""
    d = place_fields(c) if isinstance(c, Candidate) else dict(c)
    if not (d.get("admin1") or d.get("country")):
        d["country"] = regions.country_name(d.get("country_code"))
        d["admin1"] = regions.region_name(d.get("country_code"), d.get("admin1_code"))
    keep = ("name", "lat", "lon", "population", "geonameid", "chosen", "match", "score",
            "score_name")
    out = {k: d.get(k) for k in keep if d.get(k) is not None}
    out["place"] = describe(d)
    return out


def map_toponym(doc_id: str, t: Mapping[str, Any], lat: float | None, lon: float | None,
                context: str | None = None, focus: str | None = None) -> MapToponym:
    """A map toponym from a toponym record (``toponym_records``), written by us or read back
    from JSONL or GeoJSON: the same popup whichever way it came; ``focus``: its document's
    focus in words (a GeoJSON feature's own ``focus_*`` properties when not given)."""
    cands = t.get("candidates")

    def text(key: str) -> str | None:
        return t.get(key) if isinstance(t.get(key), str) else None

    def integer(key: str) -> int | None:
        v = t.get(key)
        return v if isinstance(v, int) and not isinstance(v, bool) else None

    return MapToponym(
        doc_id=doc_id, text=text("text") or "", start=integer("start"), end=integer("end"),
        lat=lat, lon=lon, name=text("name"),
        place=describe({**{k: text(k) for k in ("name", "admin1", "country", "country_code",
                                                "kind")}, "geonameid": integer("geonameid")}),
        reason=text("reason"), geonameid=integer("geonameid"),
        n_candidates=integer("n_candidates"),
        confidence=_probability(t.get("confidence")),
        marker_confidence=_probability(t.get("marker_confidence")),
        candidates=[candidate_summary(c) for c in cands if isinstance(c, dict)]
        if isinstance(cands, list) else [],
        context=context,
        focus=focus if focus is not None else describe_focus(t),
        mention_kind=kind if (kind := text("mention_kind")) in KIND_OUTLINES else None,
        rejected=t.get("rejected") is True,
        rejection=text("rejection"),
    )


#: Certainty grades of a marker, surest first: (lowest probability, name, words, marker
#: radius in px, fill opacity). A marker is graded by its record's ``marker_confidence`` (the
#: probability that the marker is right) where there is one, else by its ``confidence``.
CERTAINTY_GRADES = (
    (0.9, "sure", "90% or more", 8, 0.95),
    (0.7, "likely", "70% to 90%", 7, 0.7),
    (0.4, "uncertain", "40% to 70%", 6, 0.4),
    (0.0, "doubtful", "under 40%", 5, 0.15),
)
#: The grade of a marker whose record gives no probability.
UNGRADED = ("unknown", "no confidence given", 6, 0.7)


def certainty(t: MapToponym) -> tuple[float | None, str]:
    """The probability a marker is graded by, and its grade's name (``CERTAINTY_GRADES``)."""
    p = t.marker_confidence if t.marker_confidence is not None else t.confidence
    if p is None:
        return None, UNGRADED[0]
    return p, next(name for low, name, *_ in CERTAINTY_GRADES if p >= low)


def certainty_legend(toponyms: Sequence[MapToponym]) -> list[dict[str, Any]]:
    """The legend's lines for the grades the map's markers have, surest first."""
    placed = [t for t in toponyms if t.placed]
    seen = {certainty(t)[1] for t in placed}
    what = ("the probability that the marker is right"
            if any(t.marker_confidence is not None for t in placed)
            else "confidence: the probability that it is within 161 km")
    out = []
    for _, name, words, radius, opacity in (*CERTAINTY_GRADES, (None, *UNGRADED)):
        if name in seen:
            out.append({"kind": "grade", "grade": name, "radius": radius, "opacity": opacity,
                        "label": f"{name}: {words}" if name != UNGRADED[0] else words})
    return [{"kind": "heading", "label": f"Marker size and fill: {what}"}, *out] if out else []


def _probability(v: Any) -> float | None:
    """A confidence read back from a record: a number from 0 to 1, else none."""
    if isinstance(v, int | float) and not isinstance(v, bool) and 0.0 <= v <= 1.0:
        return float(v)
    return None


def _with_gold(t: MapToponym, lat: float, lon: float, tolerance_km: float | None) -> None:
    t.gold_lat, t.gold_lon, t.tolerance_km = lat, lon, tolerance_km
    if t.placed:
        t.error_km = round(distance_km(lat, lon, t.lat, t.lon), 1)  # type: ignore[arg-type]
        if tolerance_km is not None:
            t.verdict = "TP" if t.error_km <= tolerance_km else "FP"


def add_gold(toponyms: list[MapToponym], gold: Iterable[Document]) -> list[MapToponym]:
    """Give each toponym its gold point (matched by span, else by case-folded text within the
    document), with error distance and TP/FP; gold toponyms no prediction matched are added
    unplaced, with their gold point, as "not recognised"."""
    by_doc: dict[str, list[MapToponym]] = {}
    for t in toponyms:
        by_doc.setdefault(t.doc_id, []).append(t)
    out = list(toponyms)
    for doc in gold:
        preds = [t for t in by_doc.get(doc.id, []) if not t.rejected]  # no predictions
        used: set[int] = set()
        for g in doc.toponyms:
            match = next((i for i, t in enumerate(preds) if i not in used and g.start is not None
                          and (t.start, t.end) == (g.start, g.end)), None)
            if match is None:
                match = next((i for i, t in enumerate(preds) if i not in used
                              and t.text.casefold() == g.text.casefold()), None)
            if match is not None:
                used.add(match)
                if g.has_point:
                    _with_gold(preds[match], g.lat, g.lon, g.tolerance_km)  # type: ignore[arg-type]
                if preds[match].context is None:
                    preds[match].context = snippet(doc.text, g.start, g.end)
            elif g.has_point:
                missed = MapToponym(doc_id=doc.id, text=g.text, start=g.start, end=g.end,
                                    reason="not recognised",
                                    context=snippet(doc.text, g.start, g.end))
                _with_gold(missed, g.lat, g.lon, g.tolerance_km)  # type: ignore[arg-type]
                out.append(missed)
        for t in preds:
            if t.context is None:
                t.context = snippet(doc.text, t.start, t.end)
    return out


def add_texts(toponyms: Iterable[MapToponym], texts: Mapping[str, str]) -> None:
    """Fill in each toponym's context from its document's text."""
    for t in toponyms:
        if t.context is None and t.doc_id in texts:
            t.context = snippet(texts[t.doc_id], t.start, t.end)


def from_parsed(parsed: Iterable[ParsedDocument]) -> list[MapToponym]:
    """Map toponyms of parsed documents, one per recognised mention, from the very records
    the JSONL and GeoJSON outputs hold."""
    out = []
    for doc in parsed:
        focus = describe_focus(focus_columns(doc.focus))
        for t in document_records(doc, with_candidates=True):
            mt = map_toponym(doc.document.id, t, t["lat"], t["lon"],
                             snippet(doc.document.text, t["start"], t["end"]), focus)
            if t["policy"] is None:
                mt.reason = "not resolved"
            out.append(mt)
    return out


#: What each ``model.Rejection`` value says on the map.
REJECTIONS = {
    "not_a_toponym": "judged no toponym (the span decision)",
    "not_the_place": "a people's adjective in a thing's name or a language",
    "not_in_gazetteer": "no gazetteer entry has this name, so it could not be placed",
}


def _judged(t: MapToponym) -> tuple[str, float] | None:
    """What left an unplaced toponym unplaced as too uncertain: its marker confidence where
    the span decision judged it, else the point's confidence; ``None`` if neither is known
    (it was not placed for want of a place)."""
    if t.marker_confidence is not None:
        return "marker confidence", t.marker_confidence
    if t.confidence is not None:
        return "confidence", t.confidence
    return None


@cache
def _asset(name: str) -> str:
    return files("evaluation.reports").joinpath(name).read_text(encoding="utf-8")


def leaflet_assets() -> tuple[str, str]:
    """The vendored Leaflet's CSS and script, to inline in a page that must open offline."""
    return _asset("vendor/leaflet.css"), _asset("vendor/leaflet.js")


def page(toponyms: Sequence[MapToponym], title: str, tiles: bool = False,
         subtitle: str | None = None) -> str:
    """The HTML page: map, legend, title, and beside the map the toponyms left unplaced as too
    uncertain (each with the probability that was judged), those not placed, and the rejected
    spans (each with why)."""
    rejected = [t for t in toponyms if t.rejected]
    toponyms = [t for t in toponyms if not t.rejected]
    placed = []
    for t in toponyms:
        if t.placed or t.gold_lat is not None:
            p, grade = certainty(t)
            placed.append({**asdict(t), "certainty": p, "grade": grade})
    lats = [v for p in placed for v in (p["lat"], p["gold_lat"]) if v is not None]
    lons = [v for p in placed for v in (p["lon"], p["gold_lon"]) if v is not None]
    box = (min(lons), max(lons), min(lats), max(lats)) if lats else None
    base, base_label = web_base(box)
    unplaced = [t for t in toponyms if not t.placed]
    uncertain = [{"toponym": t, "judged": judged} for t in unplaced
                 if (judged := _judged(t)) is not None]
    unplaced = [t for t in unplaced if _judged(t) is None]
    has_gold = any(t.gold_lat is not None for t in toponyms)
    legend = []
    if has_gold:
        legend += [
            {"kind": "gold", "label": "gold (guide) point", "colour": GOLD_COLOUR},
            {"kind": "circle", "label": "tolerance circle", "colour": TOLERANCE_COLOUR},
            {"kind": "chosen", "label": "chosen place, within tolerance (TP)",
             "colour": TP_COLOUR},
            {"kind": "chosen", "label": "chosen place, outside tolerance (FP)",
             "colour": FP_COLOUR},
            {"kind": "line", "label": "error line, gold → chosen", "colour": FP_COLOUR},
        ]
    if not has_gold or any(t.placed and t.verdict is None for t in toponyms):
        legend.append({"kind": "chosen", "colour": PREDICTED_COLOUR,
                       "label": "chosen place (no gold point to check it against)"})
    legend += certainty_legend(toponyms)
    legend += kind_legend(toponyms)
    legend.append({"kind": "land", "label": f"land ({base_label})", "colour": "#999999"})
    config = {
        "colours": {"TP": TP_COLOUR, "FP": FP_COLOUR, "none": PREDICTED_COLOUR,
                    "gold": GOLD_COLOUR, "tolerance": TOLERANCE_COLOUR},
        "tiles": {"url": TILES_URL, "attribution": TILES_ATTRIBUTION} if tiles else None,
        "max_candidates": MAX_CANDIDATES,
        "grades": {name: {"radius": r, "opacity": o}
                   for _, name, _, r, o in (*CERTAINTY_GRADES, (None, *UNGRADED))},
        "label_zoom": {"country": COUNTRY_ZOOM, "area": AREA_ZOOM},
        "outlines": KIND_OUTLINES,
    }
    return environment().get_template("webmap.html.j2").render(
        title=title,
        subtitle=subtitle,
        leaflet_css=Markup(leaflet_assets()[0]),
        leaflet_js=Markup(leaflet_assets()[1]),
        base=base,
        points=placed,
        unplaced=unplaced,
        uncertain=uncertain,
        rejected=rejected,
        rejections=REJECTIONS,
        labels=base_labels(box),
        n_placed=sum(t.placed for t in toponyms),
        has_candidates=any(t.candidates for t in toponyms),
        legend=legend,
        config=config,
    )
