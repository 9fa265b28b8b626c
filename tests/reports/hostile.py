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
