"""A caption set whose texts and ids carry markup, for the escaping tests."""

import json
from pathlib import Path

PWN = "document.body.setAttribute('data-pwned', '1')"
SCRIPT_CAPTION = f"<script>{PWN}</script> Fishing boats in the harbour at Whitby"
EVIL_ID = f'</script><img src=x onerror="{PWN}">'


def write_captions(folder: Path) -> Path:
    docs = [
        {"id": "c01", "text": SCRIPT_CAPTION,
         "toponyms": [{"start": SCRIPT_CAPTION.index("Whitby"),
                       "end": SCRIPT_CAPTION.index("Whitby") + 6, "text": "Whitby",
                       "lat": 54.48774, "lon": -0.61498}]},
        {"id": EVIL_ID, "text": "Rain over the bay in Galway",
         "toponyms": [{"start": 21, "end": 27, "text": "Galway", "lat": 53.27194,
                       "lon": -9.04889}]},
    ]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "captions.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    (folder / "dataset.json").write_text(json.dumps({"default_tolerance_km": 10}))
    return folder


def run_on_hostile_captions(root: Path) -> Path:
    """``toposcope run`` on the hostile caption set (Q1, Q3, Q4 only); its results folder."""
    from typer.testing import CliRunner

    from geoparser.cli.main import app

    captions = write_captions(root / "captions")
    out = root / "results"
    result = CliRunner().invoke(app, ["-q", "run", "--captions", str(captions), "--out",
                                      str(out), "--others", ""])
    assert result.exit_code == 0, result.output
    return out
