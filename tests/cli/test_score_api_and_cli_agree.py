"""``evaluation.score`` on documents and ``toposcope score`` on the same documents
written to files give identical results, in every scheme."""

import json

import pytest
from typer.testing import CliRunner

from evaluation import score
from evaluation.schemes import SCHEMES
from geoparser.cli.main import app
from geoparser.io.documents import gold_to_json, prediction_to_json
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

runner = CliRunner()
TEXT = "Perth in Scotland is not Perth in Australia, nor Bath."
GOLD = [
    Document("a", TEXT, (GoldToponym(0, 5, "Perth", 56.395, -3.4308),  # no tolerance: default
                         GoldToponym(25, 30, "Perth", -31.9523, 115.8613, tolerance_km=50.0),
                         GoldToponym(49, 53, "Bath", 51.3811, -2.359, label="LOC"))),
    Document("b", "Whitby Abbey", (GoldToponym(0, 6, "Whitby", 54.4858, -0.6206),)),
    Document("c", "Nothing here.", ()),
]
PRED = {
    "b": PredictedDocument("b", (Prediction("Whitby", 0, 6, "GPE", 54.4859, -0.6204),)),
    "a": PredictedDocument("a", (
        Prediction("Perth", 25, 30, "GPE", 56.395, -3.4308),
        Prediction("Perth", 0, 5, "GPE", 56.40, -3.43),
        Prediction("Perth", 0, 5, "GPE", -31.9523, 115.8613),
        Prediction("Bat", None, None, "LOC", 51.3811, -2.359))),
}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    root = tmp_path_factory.mktemp("agree")
    gold, pred = root / "gold.jsonl", root / "pred.jsonl"
    gold.write_text("".join(json.dumps(gold_to_json(d)) + "\n" for d in GOLD))
    pred.write_text("".join(json.dumps(prediction_to_json(d)) + "\n" for d in PRED.values()))
    return gold, pred


@pytest.mark.parametrize("scheme", [s for s in SCHEMES.names()])
@pytest.mark.parametrize("match", ["auto", "text", "levenshtein"])
def test_api_and_cli_give_identical_results(files, scheme, match):
    gold, pred = files
    out = runner.invoke(app, ["score", "--scheme", scheme, "--gold", str(gold), "--pred",
                              str(pred), "--match", match, "--format", "json"])
    assert out.exit_code == 0, out.output
    api = json.loads(json.dumps(score(scheme, GOLD, PRED, match).to_json()))
    assert json.loads(out.stdout) == api


def test_api_and_cli_refuse_the_same_unknown_id(files, tmp_path):
    gold, _ = files
    pred = tmp_path / "pred.jsonl"
    pred.write_text(json.dumps({"id": "zz", "toponyms": []}) + "\n")
    out = runner.invoke(app, ["score", "--scheme", "semeval", "--gold", str(gold), "--pred",
                              str(pred)])
    assert out.exit_code == 2
    assert "'zz' is not in the gold" in out.output
    with pytest.raises(Exception, match="'zz' is not in the gold"):
        score("semeval", GOLD, {"zz": PredictedDocument("zz")})
