"""``browse`` highlights the spans its data gives in code points, whatever the text holds: after
an emoji (two UTF-16 units in JavaScript) a highlight still covers the place, not the
characters beside it."""

import json
import re

from typer.testing import CliRunner

from geoparser.cli.main import app
from tests.reports.browser import chromium, needs_chromium

TEXT = "🌊🌊🌊 Floods hit Galway; 👩‍👩‍👧 rain in Cork"


def _span(name: str) -> dict:
    start = TEXT.index(name)
    return {"start": start, "end": start + len(name), "text": name}


@needs_chromium
def test_browse_highlights_after_emoji_cover_the_places(tmp_path):
    gold = tmp_path / "gold"
    gold.mkdir()
    places = [{**_span("Galway"), "lat": 53.27194, "lon": -9.04889},
              {**_span("Cork"), "lat": 51.89797, "lon": -8.47061}]
    (gold / "captions.jsonl").write_text(json.dumps({"id": "e1", "text": TEXT,
                                                     "toponyms": places}) + "\n")
    (gold / "dataset.json").write_text(json.dumps({"default_tolerance_km": 10}))
    pred = tmp_path / "pred.jsonl"
    pred.write_text(json.dumps({"id": "e1", "toponyms": [places[0], {**_span("rain"),
                                "lat": 0.0, "lon": 0.0}]}) + "\n")
    page = tmp_path / "browse.html"
    result = CliRunner().invoke(app, ["-q", "browse", "--gold", str(gold), "--pred", str(pred),
                                      "--out", str(page)])
    assert result.exit_code == 0, result.output
    proc = chromium(tmp_path / "profile", "--dump-dom", page.as_uri() + "#doc=e1")
    assert proc.returncode == 0, proc.stderr[-2000:]
    spans = dict((text, cls) for cls, text in
                 re.findall(r'<span class="([^"]*)"[^>]*>([^<]*)</span>', proc.stdout))
    assert "gold" in spans.get("Galway", "") and "pred" in spans["Galway"], spans
    assert "gold" in spans.get("Cork", "") and "pred" not in spans["Cork"], spans
    assert "pred" in spans.get("rain", ""), spans
    assert "it Gal" not in spans and "ain " not in spans
