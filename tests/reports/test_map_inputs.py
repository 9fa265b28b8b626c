"""What `toposcope map` reads: a device is refused before reading, a pipe is read once."""

def test_map_of_a_device_is_refused_not_read_for_ever(tmp_path):
    from typer.testing import CliRunner

    from geoparser.cli.main import app

    result = CliRunner().invoke(app, ["map", "/dev/zero", "--out", str(tmp_path / "m.html")])
    assert result.exit_code == 2
    assert "/dev/zero" in result.output and "device" in result.output
    assert not (tmp_path / "m.html").exists()


def test_map_reads_a_pipe_once(tmp_path):
    import json
    import os
    import threading

    from typer.testing import CliRunner

    from geoparser.cli.main import app

    pipe = tmp_path / "pred.jsonl"
    os.mkfifo(pipe)
    line = json.dumps({"id": "a", "toponyms": [{"text": "Galway", "lat": 53.27, "lon": -9.05}]})
    writer = threading.Thread(target=lambda: pipe.write_text(line + "\n"), daemon=True)
    writer.start()
    result = CliRunner().invoke(app, ["map", str(pipe), "--out", str(tmp_path / "m.html")])
    writer.join(timeout=10)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "m.html").exists()


def test_a_number_where_a_map_reads_words_is_no_traceback(tmp_path):
    import json

    from typer.testing import CliRunner

    from geoparser.cli.main import app

    record = {"id": "a", "toponyms": [{"text": "Galway", "lat": 53.27, "lon": -9.05, "kind": 5,
                                       "name": 7, "country": ["x"], "admin1": {"a": 1}}]}
    src = tmp_path / "odd.jsonl"
    src.write_text(json.dumps(record) + "\n")
    result = CliRunner().invoke(app, ["map", str(src), "--out", str(tmp_path / "m.html")])
    assert result.exit_code == 0, result.output  # the words that are not words are left out
    record["toponyms"][0]["candidates"] = [{"name": "G", "kind": 3, "lat": 53.2, "lon": -9.0}]
    src.write_text(json.dumps(record) + "\n")
    result = CliRunner().invoke(app, ["map", str(src), "--out", str(tmp_path / "n.html")])
    assert result.exit_code == 2 and "odd.jsonl:1: candidate 1: kind must be a string" in (
        result.output)


def test_a_focus_of_any_shape_read_back_is_no_traceback_and_never_markup(tmp_path):
    import json

    from evaluation.reports.map_inputs import read_result

    galway = {"text": "Galway", "lat": 53.27, "lon": -9.05}
    lines = [{"id": "a", "toponyms": [galway], "focus": focus}
             for focus in ([1, 2], "Texas", 7, {"city": [1]}, {"country": {"name": 5}},
                           {"city": {"name": "<b>Tuam</b>", "share": 2.5}, "placed": "x"})]
    for i, line in enumerate(lines):
        line["id"] = f"d{i}"
    pred = tmp_path / "pred.jsonl"
    pred.write_text("".join(json.dumps(line) + "\n" for line in lines))
    focus = [t.focus for t in read_result(pred)]
    assert focus == [None, None, None, None, None, "<b>Tuam</b>"]  # a share out of 0..1 left out
    geojson = tmp_path / "pred.geojson"
    geojson.write_text(json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "geometry": None,
         "properties": {"doc_id": "g", "text": "Tuam", "focus_city": ["x"],
                        "focus_country": "Ireland", "focus_country_share": True}}]}))
    assert [t.focus for t in read_result(geojson)] == ["Ireland"]
    from typer.testing import CliRunner

    from geoparser.cli.main import app

    out = tmp_path / "m.html"
    result = CliRunner().invoke(app, ["map", str(pred), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "<b>Tuam</b>" not in out.read_text()  # text in a popup, never markup
