"""`toposcope score` with the harness's schemes, and `toposcope convert`, end to end."""

import json

import pytest
from typer.testing import CliRunner

from geoparser.cli.main import app
from tests.conftest import CAPTIONS, ROOT

runner = CliRunner()
GOLD = CAPTIONS / "captions.jsonl"


@pytest.fixture()
def pred(tmp_path):
    path = tmp_path / "pred.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in [
        {"id": "c01", "toponyms": [
            {"start": 32, "end": 38, "label": "GPE", "lat": 54.48774, "lon": -0.61498,
             "geonameid": 2634135, "candidates": [
                 {"geonameid": 2634135, "lat": 54.48774, "lon": -0.61498, "population": 13000}]},
            {"text": "abbey"}]},
        {"id": "c02", "toponyms": [{"start": 44, "end": 50, "text": "Boston", "label": "GPE",
                                    "lat": 42.35843, "lon": -71.05977}]},
    ]) + "\n")
    return path


def score(*args):
    return runner.invoke(app, ["score", "--gold", str(GOLD), *args])


def test_all_schemes_in_one_json_object(pred):
    result = score("--pred", str(pred), "--scheme", "all", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"semeval", "errors", "pairing", "distance", "coursework-ner",
            "coursework-geo"} <= set(data)
    strict = data["semeval"]["overall"]["strict"]
    # Two of twelve found, both with the gold offsets; the gold carries no labels.
    assert (strict["correct"], strict["missed"], strict["spurious"]) == (2, 10, 1)
    assert data["distance"]["overall"]["n"] == 2
    assert data["distance"]["overall"]["accuracy_161"] == 0.5
    assert data["pairing"]["overall"]["pairs"] == 1
    assert data["errors"]["ner_fn"]["all"] == 10


def test_markdown_report_has_every_scheme(pred):
    result = score("--pred", str(pred), "--scheme", "all", "--format", "markdown")
    assert result.exit_code == 0, result.output
    for heading in ("SemEval-2013", "Error categories", "pairing evaluation", "Geocoding error",
                    "Coursework scoring"):
        assert heading in result.stdout


@pytest.mark.parametrize("scheme", ["semeval", "errors", "pairing", "distance"])
@pytest.mark.parametrize("fmt", ["table", "csv"])
def test_each_scheme_prints_a_table_and_csv(pred, scheme, fmt):
    result = score("--pred", str(pred), "--scheme", scheme, "--format", fmt)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip()


@pytest.mark.parametrize("mode", ["span", "overlap", "text", "levenshtein", "auto"])
def test_every_match_mode_runs(pred, mode):
    result = score("--pred", str(pred), "--scheme", "semeval", "--match", mode, "--format",
                   "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["options"]["match"] == mode


def test_variant_only_for_pairing(pred):
    bad = score("--pred", str(pred), "--scheme", "semeval", "--variant", "relaxed")
    assert bad.exit_code == 2 and "--variant applies to the pairing scheme" in bad.output
    unknown = score("--pred", str(pred), "--scheme", "pairing", "--variant", "loose")
    assert unknown.exit_code == 2 and "unknown pairing variant 'loose'" in unknown.output
    ok = score("--pred", str(pred), "--scheme", "pairing", "--variant", "relaxed", "--format",
               "json")
    assert json.loads(ok.stdout)["options"]["variant"] == "relaxed"


def test_bad_candidate_in_predictions_is_located(tmp_path):
    p = tmp_path / "p.jsonl"
    p.write_text(json.dumps({"id": "c01", "toponyms": [
        {"start": 32, "end": 38, "candidates": [{"lat": 95, "lon": 0}]}]}) + "\n")
    result = score("--pred", str(p), "--scheme", "errors")
    assert result.exit_code == 2
    assert f"{p}:1:" in result.output and "candidate 1" in result.output


def test_convert_command(tmp_path):
    result = runner.invoke(app, ["convert", "--from", "lgl",
                                 str(ROOT / "tests/fixtures/lgl_sample.xml")])
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in result.stdout.splitlines()]
    assert [d["id"] for d in lines] == ["t001", "t002"]
    assert "2 annotations had offsets that did not match" in result.stderr
    bad = runner.invoke(app, ["convert", "--from", "tei", str(tmp_path)])
    assert bad.exit_code == 2 and "unknown corpus format" in bad.output
