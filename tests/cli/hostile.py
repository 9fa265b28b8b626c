"""Helpers for the hostile-input tests: invoking the CLI and checking its one-line refusals."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from geoparser.cli.main import app

runner = CliRunner()

GOLD = {"id": "a", "text": "I went to Paris.",
        "toponyms": [{"start": 10, "end": 15, "text": "Paris", "lat": 48.857, "lon": 2.352}]}
PRED = {"id": "a", "toponyms": [{"start": 10, "end": 15, "text": "Paris", "lat": 48.857,
                                 "lon": 2.352}]}


def invoke(*args: str | Path) -> Result:
    return runner.invoke(app, [str(a) for a in args])


def write_jsonl(path: Path, *objects: dict) -> Path:
    path.write_text("".join(json.dumps(o) + "\n" for o in objects), encoding="utf-8")
    return path


def assert_refused(result: Result, *needles: str) -> str:
    """Exit 2, no traceback, and exactly one line ``toposcope: error: ...``; returns it."""
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("toposcope: error:")]
    assert len(errors) == 1 and len(lines) == 1, lines
    for needle in needles:
        assert needle in errors[0], (needle, errors[0])
    return errors[0]


def commands(gold: Path, pred: Path, tmp: Path) -> dict[str, list[str | Path]]:
    """Every command reading a documents file, given that file as gold/input."""
    return {
        "run": ["run", "--captions", gold, "--out", tmp / "results", "--ner", "gazetteer",
                "--others", ""],
        "parse": ["parse", "--in", gold, "--out", tmp / "parsed.jsonl", "--ner", "gazetteer"],
        "resolve": ["resolve", "--gold", gold, "--out", tmp / "resolved.jsonl",
                    "--context-ner", "none"],
        "score": ["score", "--scheme", "semeval", "--gold", gold, "--pred", pred],
    }
