"""What each light command imports: ``--help`` (of the group and of every command) and
``score`` must not import spaCy, ONNX Runtime, torch, LightGBM or pandas, so they start in a
fraction of the time ``parse`` needs (issue "Fast again", start-up); a parse with the offline
gazetteer must not import what only the web gazetteers need. Checked in a fresh interpreter
through ``sys.modules``, never timed."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.cli.hostile import write_jsonl

#: What only recognition and resolution need.
HEAVY = ("spacy", "thinc", "onnxruntime", "torch", "lightgbm", "pandas", "sklearn",
         "matplotlib", "tokenizers")
#: What only the web gazetteers (GeoNames, Nominatim) need.
WEB_ONLY = ("geopy", "requests_cache", "geoparser.gazetteers.web.geonames",
            "geoparser.gazetteers.web.nominatim", "geoparser.gazetteers.web.http")

_RUN = """
import json, sys
from geoparser.cli.main import app
try:
    app(sys.argv[1:], prog_name="toposcope")
except SystemExit:
    pass
sys.stdout.flush()
print("\\n" + json.dumps(sorted(m for m in {heavy!r} if m in sys.modules)), file=sys.stderr)
"""


def heavy_imports(*args: str, heavy: tuple[str, ...] = HEAVY) -> list[str]:
    """The ``heavy`` modules imported by ``toposcope ARGS`` in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", _RUN.format(heavy=heavy), *args],
                          capture_output=True, text=True, timeout=300)
    return json.loads(done.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("command", ["", "run", "score", "convert", "compare", "parse", "map",
                                     "browse", "resolve", "gazetteer", "serve"])
def test_help_imports_no_model_library(command):
    assert heavy_imports(*command.split(), "--help") == []


@pytest.mark.parametrize("fmt", ["json", "csv", "table"])
def test_score_imports_no_model_library(tmp_path, fmt):
    gold = write_jsonl(tmp_path / "gold.jsonl", {
        "id": "a", "text": "Paris and Lyon.", "toponyms": [
            {"start": 0, "end": 5, "text": "Paris", "lat": 48.857, "lon": 2.352},
            {"start": 10, "end": 14, "text": "Lyon", "lat": 45.76, "lon": 4.84}]})
    pred = write_jsonl(tmp_path / "pred.jsonl", {"id": "a", "toponyms": [
        {"start": 0, "end": 5, "text": "Paris", "lat": 48.9, "lon": 2.4}]})
    assert heavy_imports("-q", "score", "--scheme", "all", "--gold", str(gold), "--pred",
                         str(pred), "--format", fmt) == []


def test_an_offline_parse_imports_no_web_gazetteer(tmp_path):
    """The default parse, start to finish, without geopy or requests-cache (a quarter of a
    second of its start-up): the gazetteer registry imports a web gazetteer when one is made."""
    docs = write_jsonl(tmp_path / "docs.jsonl", {"id": "a", "text": "Flooding hit Paris."})
    out = tmp_path / "out.jsonl"
    assert heavy_imports("-q", "parse", "--in", str(docs), "--out", str(out),
                         heavy=WEB_ONLY) == []
    assert '"Paris"' in out.read_text(encoding="utf-8")


def test_a_web_gazetteer_is_made_through_the_registry():
    from geoparser.gazetteers import GAZETTEERS
    from geoparser.gazetteers.web.nominatim import NominatimGazetteer
    from geoparser.web_config import WebConfig

    made = GAZETTEERS.create("nominatim", config=WebConfig(contact="test@example.org",
                                                          use_cache=False))
    assert isinstance(made, NominatimGazetteer)


def test_stop_words_are_spacys():
    """``geoparser.stop_words`` reads spaCy's English list without importing spaCy; it must
    be the very list spaCy has."""
    from spacy.lang.en.stop_words import STOP_WORDS as SPACY_STOP_WORDS

    from geoparser.stop_words import STOP_WORDS

    assert "the" in STOP_WORDS
    assert frozenset(SPACY_STOP_WORDS) == STOP_WORDS
