"""`toposcope parse --kinds`: only the mention kinds named are written; an unknown kind is one
line and exit 2, nothing written."""

import json

from typer.testing import CliRunner

from geoparser.cli.main import app
from tests.conftest import CAPTIONS

runner = CliRunner()


def _toponyms(path):
    return [t for line in path.read_text().splitlines() for t in json.loads(line)["toponyms"]]


def test_parse_writes_only_the_kinds_named(tmp_path):
    every, some = tmp_path / "all.jsonl", tmp_path / "some.jsonl"
    assert runner.invoke(app, ["-q", "parse", "--in", str(CAPTIONS), "--out", str(every)]
                         ).exit_code == 0
    assert runner.invoke(app, ["-q", "parse", "--in", str(CAPTIONS), "--out", str(some),
                               "--kinds", "literal,unknown"]).exit_code == 0
    kinds = [t["mention_kind"] for t in _toponyms(every)]
    assert set(kinds) <= {"literal", "demonym", "metonymy", "embedded", "street", "unknown"}
    kept = [t for t in _toponyms(every) if t["mention_kind"] in ("literal", "unknown")]
    assert _toponyms(some) == kept


def test_an_unknown_kind_is_refused_before_anything_is_written(tmp_path):
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["parse", "--in", str(CAPTIONS), "--out", str(out),
                                 "--kinds", "literal,towns"])
    assert result.exit_code == 2
    assert "unknown mention kind 'towns'" in result.output
    assert not out.exists()
