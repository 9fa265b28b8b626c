"""Every error of a system, one row each: what ``score --errors FILE.csv`` writes and what
``toposcope browse`` shows.

From the ``errors`` scheme (``evaluation.schemes.error_categories``): the document, span and
text, the group (NER false negative, NER false positive, disambiguation) and the categories
it falls in, the gold place and the chosen one, the distance between them in km, and, for a
false positive where the gold has other entities, what it lay on (``false_positives``).
"""

from __future__ import annotations

from typing import Any

from evaluation.reports.score_output import rules_text
from geoparser.io.writers import csv_table

GROUPS = {"ner_fn": "missed toponym (NER false negative)",
          "ner_fp": "spurious toponym (NER false positive)",
          "disambiguation": "wrong place (disambiguation)"}
COLUMNS = ("doc", "group", "categories", "start", "end", "text", "label", "gold_name",
           "gold_lat", "gold_lon", "gold_geonameid", "chosen_name", "chosen_lat",
           "chosen_lon", "chosen_geonameid", "distance_km", "confidence", "lay_on", "rules")


def error_rows(errors_result: Any) -> list[dict[str, Any]]:
    """The errors of an ``errors`` scheme result as flat rows (``COLUMNS``)."""
    rules = rules_text(getattr(errors_result, "options", {}) or {})
    rows = []
    for e in errors_result.errors():
        gold = e.get("gold_point") or [None, None]
        pred = e.get("predicted") or [None, None]
        rows.append({
            "doc": e["doc"], "group": e["group"], "categories": " ".join(e["categories"]),
            "start": e.get("start"), "end": e.get("end"), "text": e["text"],
            "label": e.get("label"), "gold_name": e.get("gold_name"),
            "gold_lat": gold[0], "gold_lon": gold[1],
            "gold_geonameid": e.get("gold_geonameid"), "chosen_name": e.get("chosen_name"),
            "chosen_lat": pred[0], "chosen_lon": pred[1],
            "chosen_geonameid": e.get("geonameid"), "distance_km": e.get("distance_km"),
            "confidence": e.get("confidence"), "lay_on": e.get("lay_on"), "rules": rules,
        })
    return rows


def errors_csv(errors_result: Any) -> str:
    """Every error as CSV, with a header (through the writers' one CSV helper)."""
    return csv_table(COLUMNS, [[r[c] for c in COLUMNS] for r in error_rows(errors_result)])
