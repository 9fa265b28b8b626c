"""The round trip a user makes gold with: ``parse --out x.labelstudio.json`` gives Label
Studio tasks with the geoparser's toponyms as pre-annotations; corrected there and exported,
``convert --from labelstudio`` turns the export into gold that ``score`` reads."""

import json

from typer.testing import CliRunner

from geoparser.cli.main import app
from geoparser.io.documents import read_gold
from tests.conftest import CAPTIONS


def test_parse_writes_label_studio_tasks_that_come_back_as_gold_once_corrected(tmp_path):
    runner = CliRunner()
    tasks_path = tmp_path / "captions.labelstudio.json"
    done = runner.invoke(app, ["parse", "--in", str(CAPTIONS / "captions.jsonl"), "--out",
                               str(tasks_path), "--ner", "gazetteer", "--policy", "population",
                               "--chunk-size", "5"])
    assert done.exit_code == 0, done.output
    tasks = json.loads(tasks_path.read_text())
    assert len(tasks) == 12
    first = tasks[0]
    assert first["data"] == {"text": read_gold(CAPTIONS)[0].text, "doc_id": "c01"}
    (prediction,) = first["predictions"]
    label, *places = prediction["result"]
    assert label["type"] == "labels" and label["from_name"] == "label"
    assert label["value"]["text"] == "Whitby" and label["value"]["labels"] == ["GPE"]
    assert (label["value"]["start"], label["value"]["end"]) == (32, 38)
    assert {p["from_name"]: p["type"] for p in places} == {"geonameid": "textarea",
                                                          "point": "textarea"}
    assert all(p["id"] == label["id"] for p in places)  # per-region fields of that toponym
    # the annotator accepts every prediction, but moves Whitby to the Yorkshire one
    for task in tasks:
        result = task["predictions"][0]["result"]
        for item in result:
            if task["data"]["doc_id"] == "c01" and item["from_name"] == "point":
                item["value"]["text"] = ["54.48774, -0.61498"]
            if task["data"]["doc_id"] == "c01" and item["from_name"] == "geonameid":
                item["value"]["text"] = ["2634135"]
        task["annotations"] = [{"result": result, "was_cancelled": False}]
    export = tmp_path / "export.json"
    export.write_text(json.dumps(tasks))
    gold_path = tmp_path / "gold.jsonl"
    done = runner.invoke(app, ["convert", "--from", "labelstudio", str(export), "--out",
                               str(gold_path)])
    assert done.exit_code == 0, done.output
    gold = read_gold(gold_path)
    whitby = gold[0].toponyms[0]
    assert (whitby.text, whitby.lat, whitby.lon, whitby.geonameid) == (
        "Whitby", 54.48774, -0.61498, 2634135)
    assert [d.id for d in gold] == [d.id for d in read_gold(CAPTIONS)]
    # and the geoparser's output scores against it: every span agrees, Whitby is now wrong
    preds = tmp_path / "preds.jsonl"
    assert runner.invoke(app, ["parse", "--in", str(CAPTIONS / "captions.jsonl"), "--out",
                               str(preds), "--ner", "gazetteer", "--policy", "population"]
                         ).exit_code == 0
    done = runner.invoke(app, ["score", "--gold", str(gold_path), "--pred", str(preds),
                               "--scheme", "distance", "--format", "json"])
    assert done.exit_code == 0, done.output
    whitby_pred = json.loads(preds.read_text().splitlines()[0])["toponyms"][0]
    assert whitby_pred["geonameid"] != 2634135  # what the annotator corrected


def test_labelstudio_output_is_named_by_its_double_extension():
    from geoparser.batch.part_formats import PART_FORMATS
    from geoparser.io.output_path import output_format

    assert output_format("x.labelstudio.json", None, PART_FORMATS.names()) == "labelstudio"
    assert output_format("x.LabelStudio.json", "labelstudio",
                         PART_FORMATS.names()) == "labelstudio"
