"""One record per toponym, the same in every output: the span, the place chosen for it (name,
first-level area, country, kind, integer GeoNames id, point), the policy's reason, how many
places it chose from, how sure the point is (``confidence``) and how likely the marker is
right (``marker_confidence``: a toponym *and* within 161 km), whether the toponym is a
people's adjective or a people (``demonym``), how the text uses it (``mention_kind``,
``resolution.mention_kinds``; for an embedded one the span of the name it is inside,
``within_start``/``within_end``) and whether it was rejected (kept only when asked for,
``rejected``, and why: ``rejection``, a ``model.Rejection`` value) and, when asked,
those places best first with the chosen
one marked and alternate-name matches labelled.

JSONL, GeoJSON, CSV and Parquet all write these records (the flat ones leave the candidates
out), so a map drawn from any of them says the same thing. The flat ones (``flat_records``)
also repeat the document's focus (``model.FOCUS_COLUMNS``) on each of its toponyms' rows;
JSONL gives it once, at the document's level. A flat row names its document ``doc_id`` in every
flat format (CSV, Parquet, GeoPackage, GeoJSON properties, data frames); a JSONL document, which
is the document itself, has ``id``.
"""

from __future__ import annotations

from typing import Any

from geoparser.model import FOCUS_COLUMNS, Mention, ParsedDocument, Resolution, focus_columns
from geoparser.places import PLACE_FIELDS, name_match, place_fields

#: A toponym's own fields, in this order (each JSONL toponym has those with a value).
RECORD_FIELDS = ("id", "start", "end", "text", "label", "recogniser", *PLACE_FIELDS,
                 "policy", "reason", "n_candidates", "confidence", "marker_confidence",
                 "span_probability", "demonym", "mention_kind", "within_start", "within_end",
                 "rejected", "rejection")
#: The flat columns (CSV, Parquet, GeoPackage, GeoJSON properties, data frames): one row per
#: toponym, its document's id as ``doc_id``, its fields and then its document's focus.
TOPONYM_COLUMNS = ("doc_id", *RECORD_FIELDS[1:], *FOCUS_COLUMNS)
#: The flat columns that hold whole numbers or nothing: 64-bit integers in Parquet and
#: GeoPackage, nullable ``Int64`` in data frames, never floats.
INTEGER_COLUMNS = ("start", "end", "within_start", "within_end", "geonameid", "population",
                   "n_candidates", "focus_country_geonameid", "focus_admin1_geonameid",
                   "focus_city_geonameid")


def toponym_record(doc_id: str, m: Mention, r: Resolution | None,
                   with_candidates: bool = False) -> dict[str, Any]:
    """The record of mention ``m`` and its resolution ``r`` (``None``: not resolved)."""
    out: dict[str, Any] = {"id": doc_id, "start": m.start, "end": m.end, "text": m.text,
                           "label": m.label, "recogniser": m.recogniser or None}
    out.update(place_fields(r.candidate if r else None))
    out["policy"] = r.policy if r else None
    out["reason"] = r.reason if r else None
    out["n_candidates"] = r.n_candidates if r else None
    out["confidence"] = r.confidence if r else None
    out["marker_confidence"] = r.marker_confidence if r else None
    out["span_probability"] = r.span_probability if r else None
    out["demonym"] = bool(r and r.demonym)
    out["mention_kind"] = r.kind.value if r and r.kind else "unknown"
    out["within_start"], out["within_end"] = r.within if r and r.within else (None, None)
    out["rejected"] = bool(r and r.rejected)
    out["rejection"] = r.rejection.value if r and r.rejection else None
    if with_candidates:
        out["candidates"] = candidate_records(m, r)
    return out


def candidate_records(m: Mention, r: Resolution | None) -> list[dict[str, Any]]:
    """The places ``r`` chose from, best first by the policy's measure: each with ``chosen``,
    ``match`` ("name" or "alternate name") and the policy's ``score`` where it has one."""
    if r is None:
        return []
    scores = r.scores if len(r.scores) == len(r.ranked) else (None,) * len(r.ranked)
    out = []
    for c, score in zip(r.ranked, scores, strict=True):
        item = place_fields(c)
        item["chosen"] = c is r.candidate or c == r.candidate
        item["match"] = name_match(m.text, c)
        if score is not None:
            item["score"] = score
            item["score_name"] = r.score_name
        out.append(item)
    return out


def document_records(doc: ParsedDocument, with_candidates: bool = False
                     ) -> list[dict[str, Any]]:
    """The records of a parsed document's mentions, in text order."""
    by_span = {(r.mention.start, r.mention.end): r for r in doc.resolutions}
    return [toponym_record(doc.document.id, m, by_span.get((m.start, m.end)), with_candidates)
            for m in doc.mentions]


def flat_records(doc: ParsedDocument, with_candidates: bool = False) -> list[dict[str, Any]]:
    """One flat row per mention (``TOPONYM_COLUMNS``): its record (with ``with_candidates``,
    the places it was chosen from) and the document's focus."""
    focus = focus_columns(doc.focus)
    return [{"doc_id": t.pop("id"), **t, **focus}
            for t in document_records(doc, with_candidates)]
