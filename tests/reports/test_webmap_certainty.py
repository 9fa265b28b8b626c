"""The interactive map shows how sure each marker is: markers graded by ``marker_confidence``
(else ``confidence``) with a legend; toponyms too uncertain to place, those not placed and
rejected spans listed apart; and place names on the offline base map once zoomed in."""

import html as html_lib
import json
import re

import pytest

from evaluation.reports.place_labels import base_labels
from evaluation.reports.webmap import MapToponym, certainty, map_toponym, page
from tests.reports.browser import chromium, needs_chromium


def _data(html: str) -> dict:
    match = re.search(r'<script id="toposcope-data" type="application/json">(.*?)</script>',
                      html, re.S)
    assert match
    return json.loads(match.group(1))


def _toponyms() -> list[MapToponym]:
    return [
        MapToponym("d1", "Galway", 0, 6, 53.27, -9.05, "Galway", confidence=0.97),
        MapToponym("d1", "Cork", 10, 14, 51.9, -8.47, "Cork", confidence=0.5),
        MapToponym("d1", "Perth", 20, 25, -31.95, 115.86, "Perth", confidence=0.95,
                   marker_confidence=0.2),  # the marker's own probability wins
        MapToponym("d2", "Tuam", 0, 4, 53.51, -8.85, "Tuam"),  # no confidence at all
        MapToponym("d2", "Boston", 9, 15, None, None, confidence=0.3,
                   reason="not placed: confidence 0.30 is below the minimum 0.5"),
        MapToponym("d2", "Qwxzzyland", 20, 30, None, None, reason="no candidates"),
    ]


def test_markers_are_graded_by_marker_confidence_else_confidence():
    grades = [certainty(t) for t in _toponyms()[:4]]
    assert grades == [(0.97, "sure"), (0.5, "uncertain"), (0.2, "doubtful"), (None, "unknown")]
    record = {"text": "Perth", "confidence": 0.9, "marker_confidence": 0.75}
    assert certainty(map_toponym("d", record, -31.9, 115.8))[1] == "likely"


def test_the_page_grades_markers_with_a_legend_and_lists_rejected_apart():
    html = page(_toponyms(), "Graded")
    data = _data(html)
    assert [p["grade"] for p in data["points"]] == ["sure", "uncertain", "doubtful", "unknown"]
    assert data["config"]["grades"]["sure"]["opacity"] > data["config"]["grades"][
        "doubtful"]["opacity"]
    legend = [item["label"] for item in data["legend"]]
    assert "Marker size and fill: the probability that the marker is right" in legend
    assert {"sure: 90% or more", "uncertain: 40% to 70%", "doubtful: under 40%",
            "no confidence given"} <= set(legend)
    assert "likely: 70% to 90%" not in legend  # only grades the map has
    uncertain = _list(html, "uncertain-list")
    assert "Boston" in uncertain and "(confidence 0.3)" in uncertain
    assert "Qwxzzyland" not in uncertain
    unplaced = _list(html, "unplaced-list")
    assert "Qwxzzyland" in unplaced and "no candidates" in unplaced
    assert "4 placed, 1 too uncertain to place, 1 not placed, 0 rejected" in html_lib.unescape(
        html)


def _list(html: str, list_id: str) -> str:
    start = html.index(f'id="{list_id}"')
    return html_lib.unescape(html[start:html.index("</ul>", start)])


def test_an_unplaced_toponym_shows_the_marker_confidence_it_was_judged_by():
    # the decision judged the marker (0.195 < 0.2): the point's own 48% is not the verdict
    record = {"text": "Cambridge", "confidence": 0.48, "marker_confidence": 0.195,
              "reason": "not placed: marker confidence 0.195 is below the minimum 0.2"}
    html = page([map_toponym("d", record, None, None)], "Judged")
    uncertain = _list(html, "uncertain-list")
    assert "(marker confidence 0.195)" in uncertain and "48%" not in uncertain
    assert "% sure" not in html


def test_unplaced_toponyms_are_not_called_rejected_and_rejected_spans_are_listed_why():
    toponyms = [
        map_toponym("d", {"text": "Boston", "confidence": 0.3, "rejected": False}, None, None),
        map_toponym("d", {"text": "Kibera", "rejected": True, "rejection": "not_in_gazetteer",
                          "reason": "rejected: no gazetteer entry has this name"}, None, None),
        map_toponym("d", {"text": "French", "rejected": True, "rejection": "not_the_place",
                          "name": "France"}, 46.0, 2.0),
    ]
    html = page(toponyms, "Rejected apart")
    rejected = _list(html, "rejected-list")
    assert "Kibera" in rejected and "no gazetteer entry has this name" in rejected
    assert "French" in rejected and "Boston" not in rejected
    assert "Boston" in _list(html, "uncertain-list")
    assert [p["text"] for p in _data(html)["points"]] == []  # a rejected span is not drawn
    assert "0 placed, 1 too uncertain to place, 0 not placed, 2 rejected" in html_lib.unescape(
        html)


def test_base_map_labels_come_from_natural_earth_countries_and_nearby_areas():
    everywhere = base_labels(None)
    assert {x["kind"] for x in everywhere} == {"country"} and len(everywhere) > 200
    ireland = base_labels((-10.0, -6.0, 51.5, 54.0))
    names = {x["name"] for x in ireland if x["kind"] == "area"}
    assert "Galway" in names and "Texas" not in names
    data = _data(page(_toponyms()[:2], "Ireland"))
    assert any(x["name"] == "Ireland" and x["kind"] == "country" for x in data["labels"])
    assert data["config"]["label_zoom"] == {"country": 3, "area": 6}


@needs_chromium
def test_the_graded_map_draws_grades_legend_and_place_names_in_a_browser(tmp_path):
    path = tmp_path / "map.html"
    path.write_text(page(_toponyms()[:2] + _toponyms()[3:], "Ireland"), encoding="utf-8")
    proc = chromium(tmp_path / "profile", "--dump-dom", path.as_uri())
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    for grade in ("sure", "uncertain", "unknown"):  # drawn SVG markers, by grade
        assert f"chosen-marker certainty-{grade} leaflet-interactive" in dom, grade
    assert 'class="legend-grade grade-sure"' in dom and "Marker size and fill" in dom
    # zoomed in on Ireland: country and first-level area names are on the base map
    assert re.search(r'place-label country-label[^"]*"[^>]*><span>Ireland</span>', dom)
    assert re.search(r'place-label area-label[^"]*"[^>]*><span>Galway</span>', dom)
    assert "place names" in dom  # the control that turns them off


@pytest.mark.parametrize("name", ["<img src=x onerror=alert(1)>"])
def test_place_labels_are_text_never_markup(tmp_path, name, monkeypatch):
    import evaluation.reports.webmap as webmap

    monkeypatch.setattr(webmap, "base_labels", lambda box: [
        {"kind": "country", "name": name, "lat": 53.0, "lon": -8.0}])
    html = page(_toponyms()[:1], "x")
    assert "<img src=x" not in html  # JSON in the page escapes < and >
