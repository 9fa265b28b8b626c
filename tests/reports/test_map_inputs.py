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
