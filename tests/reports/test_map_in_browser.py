"""The interactive map opens offline in headless Chromium: base map, markers, legend, and no
injected script runs."""

import json
import re

import matplotlib.image
import pytest
from typer.testing import CliRunner

from geoparser.cli.main import app
from tests.conftest import CAPTIONS
from tests.reports.browser import chromium, needs_chromium
from tests.reports.hostile import run_on_hostile_captions

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def hostile_run(tmp_path_factory):
    return run_on_hostile_captions(tmp_path_factory.mktemp("hostile-browser"))


def _dom(tmp_path, page, fragment=""):
    proc = chromium(tmp_path / "profile", "--dump-dom", page.as_uri() + fragment)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def test_map_opens_offline_with_markers_and_legend(hostile_run, tmp_path):
    dom = _dom(tmp_path, hostile_run / "q4_map.html")
    assert 'data-markers="' in dom and 'data-markers="0"' not in dom
    # drawn SVG paths (the page's own script names the classes too, without "leaflet-")
    assert dom.count('class="chosen-marker certainty-') >= 1
    assert dom.count('class="gold-marker leaflet-interactive"') == 2
    assert 'class="legend' in dom and "gold (guide) point" in dom and "tolerance circle" in dom
    assert "leaflet-interactive" in dom  # the base map and markers were drawn as SVG
    assert 'class="error-line' in dom


def test_injected_scripts_do_not_run_in_report_or_map(hostile_run, tmp_path):
    for name in ("report.html", "q3_map.html", "q4_map.html"):
        dom = _dom(tmp_path, hostile_run / name)
        body = re.search(r"<body[^>]*>", dom)
        assert body and "data-pwned" not in body.group(0), name  # the payload never ran
        assert "data-pwned" in dom  # ... but its text is on the page, escaped
        assert "Whitby" in dom


def test_map_screenshot_is_not_blank(hostile_run, tmp_path):
    shot = tmp_path / "map.png"
    proc = chromium(tmp_path / "profile", f"--screenshot={shot}", "--window-size=1280,800",
                    (hostile_run / "q4_map.html").as_uri())
    assert proc.returncode == 0 and shot.exists(), proc.stderr[-2000:]
    pixels = matplotlib.image.imread(shot)
    assert pixels.shape[:2] == (800, 1280)
    assert pixels.std() > 0.05


def test_map_popup_shows_text_chosen_place_reason_and_candidates(tmp_path):
    pred = tmp_path / "pred.jsonl"
    pred.write_text(json.dumps({"id": "c01", "toponyms": [
        {"start": 32, "end": 38, "text": "Whitby", "lat": 54.486, "lon": -0.615,
         "name": "Whitby", "reason": "most populous of 2", "n_candidates": 2, "candidates": [
             {"name": "Whitby", "lat": 54.486, "lon": -0.615, "population": 13213},
             {"name": "Whitby", "lat": 43.88, "lon": -78.94, "population": 128377}]}]}) + "\n")
    out = tmp_path / "map.html"
    result = CliRunner().invoke(app, ["map", str(pred), "--gold", str(CAPTIONS), "--out",
                                      str(out)])
    assert result.exit_code == 0, result.output
    dom = _dom(tmp_path, out, "#open=0")
    popup = dom[dom.index("leaflet-popup-content"):]
    popup = popup[:popup.index("</dl>") + 2000]
    for expected in ("»Whitby«", "chosen place", "Whitby at 54.4860, -0.6150", "reason",
                     "most populous of 2", "gold (guide) point", "error", "2 candidate places",
                     "pop. 128,377"):
        assert expected in popup, expected
