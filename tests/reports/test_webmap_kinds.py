"""The interactive map styles mention kinds apart: an outline colour per kind a placed toponym
has, with a legend entry each, and the kind in the popup's data."""

import json
import re

from evaluation.reports.webmap import KIND_OUTLINES, map_toponym, page


def _data(html: str) -> dict:
    match = re.search(r'<script id="toposcope-data" type="application/json">(.*?)</script>',
                      html, re.S)
    assert match
    return json.loads(match.group(1))


def test_each_kind_on_the_map_has_its_outline_and_legend_entry():
    records = [({"text": "Royal Street", "mention_kind": "street"}, 29.96, -90.06),
               ({"text": "Texas", "mention_kind": "embedded"}, 31.0, -99.0),
               ({"text": "Halifax", "mention_kind": "unknown"}, 44.6, -63.6),
               ({"text": "Canadian", "mention_kind": "demonym"}, None, None)]
    toponyms = [map_toponym("d", r, lat, lon) for r, lat, lon in records]
    assert [t.mention_kind for t in toponyms] == ["street", "embedded", None, "demonym"]
    html = page(toponyms, "Kinds")
    data = _data(html)
    outlines = [i for i in data["legend"] if i["kind"] == "outline"]
    assert [i["colour"] for i in outlines] == [KIND_OUTLINES["embedded"], KIND_OUTLINES["street"]]
    assert outlines[1]["label"] == "outline: street, street, road, building or facility"
    assert [p["mention_kind"] for p in data["points"]] == ["street", "embedded", None]
    assert data["config"]["outlines"] == KIND_OUTLINES
    assert "cfg.outlines[p.mention_kind]" in html


def test_a_kind_no_output_writes_is_none_on_the_map():
    t = map_toponym("d", {"text": "X", "mention_kind": "<script>"}, 1.0, 2.0)
    assert t.mention_kind is None
