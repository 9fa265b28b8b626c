"""Inputs parsed whole through the command line -- ``map`` of a GeoJSON result, ``convert`` of
a corpus file or an annotation tool's export -- are read with a bound: a named pipe that
never ends, a link to ``/dev/zero`` or a huge file is one line, exit 2, nothing written."""

from __future__ import annotations

import json
import os
import threading

import pytest

from geoparser.io.bounded_read import MAX_WHOLE_FILE_BYTES
from tests.cli.hostile import assert_refused, invoke

FEATURES = {"type": "FeatureCollection", "features": [
    {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-9.05, 53.27]},
     "properties": {"doc_id": "a", "text": "Galway", "start": 0, "end": 6}}]}


def _huge(path):
    with path.open("wb") as fh:  # sparse: refused by its size, so never read
        fh.truncate(MAX_WHOLE_FILE_BYTES + 1)
    return path


#: (command, the name the input gets) for every whole-file reader the CLI reaches.
READERS = {
    "map geojson": (lambda src, tmp: ["map", src, "--out", tmp / "m.html"], "r.geojson"),
    "convert labelstudio": (lambda src, tmp: ["convert", src, "--from", "labelstudio",
                                              "--out", tmp / "g.jsonl"], "export.json"),
    "convert geovirus": (lambda src, tmp: ["convert", src, "--from", "geovirus",
                                           "--out", tmp / "g.jsonl"], "GeoVirus.xml"),
    "convert docbin": (lambda src, tmp: ["convert", src, "--from", "docbin",
                                         "--out", tmp / "g.jsonl"], "train.spacy"),
}


def _outputs(tmp_path):
    return [tmp_path / "m.html", tmp_path / "g.jsonl"]


@pytest.mark.parametrize("reader", READERS)
def test_a_huge_whole_file_input_is_refused_by_its_size(tmp_path, reader):
    args, name = READERS[reader]
    src = _huge(tmp_path / name)
    bound = "268,435,456" if name.endswith("json") else "1,073,741,824"  # JSON: lower
    assert_refused(invoke(*args(src, tmp_path)), f"{src}: is", f"more than the {bound}")
    assert not any(p.exists() for p in _outputs(tmp_path))


@pytest.mark.parametrize("reader", READERS)
def test_a_whole_file_input_linked_to_dev_zero_is_refused(tmp_path, reader):
    args, name = READERS[reader]
    src = tmp_path / name
    src.symlink_to("/dev/zero")
    assert_refused(invoke(*args(src, tmp_path)), str(src), "device")
    assert not any(p.exists() for p in _outputs(tmp_path))


def test_map_reads_a_geojson_result_from_a_named_pipe(tmp_path):
    """A pipe named ``.geojson`` is read once, whole: its start is not taken to sniff it."""
    fifo = tmp_path / "r.geojson"
    os.mkfifo(fifo)

    def write() -> None:
        with open(fifo, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(FEATURES))

    threading.Thread(target=write, daemon=True).start()
    result = invoke("map", fifo, "--out", tmp_path / "m.html")
    assert result.exit_code == 0, result.output
    assert "Galway" in (tmp_path / "m.html").read_text()


def test_map_of_an_endless_geojson_pipe_is_refused_within_the_bound(tmp_path, monkeypatch):
    from evaluation.reports import map_inputs

    real = map_inputs.read_whole_file
    monkeypatch.setattr(map_inputs, "read_whole_file",  # a small bound: the test is quick
                        lambda path, what, limit, pipes=False: real(path, what, 1 << 20, pipes))
    fifo = tmp_path / "endless.geojson"
    os.mkfifo(fifo)

    def endless() -> None:
        try:
            with open(fifo, "wb") as fh:
                while True:
                    fh.write(b" " * 65536)
        except OSError:
            pass

    threading.Thread(target=endless, daemon=True).start()
    assert_refused(invoke("map", fifo, "--out", tmp_path / "m.html"), str(fifo),
                   "holds more than the 1,048,576 bytes")
    assert not (tmp_path / "m.html").exists()


def test_the_trained_on_note_stops_at_a_line_without_end(tmp_path):
    """``score`` names the models a prediction file was made with from its first lines; a
    line without end there stops that reading instead of filling memory."""
    from evaluation.reports.trained_on import models_in_predictions
    from geoparser.io import bounded_read

    pred = tmp_path / "pred.jsonl"
    pred.write_bytes(json.dumps({"id": "a", "toponyms": [{"recogniser": "toponym"}]}).encode()
                     + b"\n" + b"x" * (bounded_read.MAX_LINE_BYTES + 10))
    assert models_in_predictions(pred) == {"toponym"}


def _tiny_values(path, n):
    """A JSON list of ``n`` zeros: two bytes a value, tens of bytes each once parsed."""
    with path.open("wb") as fh:
        fh.write(b"[" + b"0," * (n - 1) + b"0]")
    return path


@pytest.mark.parametrize("reader", ["map geojson", "convert labelstudio"])
def test_a_json_file_of_more_values_than_the_bound_is_refused_before_it_is_parsed(
        tmp_path, reader, monkeypatch):
    """A 100 MB Label Studio export ``[0,0,...]`` reached 4.2 GB before it was refused:
    the values are counted before parsing (here with the bound lowered, so the file is
    small; the count is the same check)."""
    import geoparser.io.bounded_read as bounded_read

    monkeypatch.setattr(bounded_read.check_json_values, "__defaults__", (1000,))
    args, name = READERS[reader]
    src = _tiny_values(tmp_path / name, 1001)
    assert_refused(invoke(*args(src, tmp_path)), f"{src}: holds more than the 1,000 JSON "
                                                  "values")
    assert not any(p.exists() for p in _outputs(tmp_path))


def test_commas_inside_strings_are_not_counted_as_values(tmp_path, monkeypatch):
    import geoparser.io.bounded_read as bounded_read

    monkeypatch.setattr(bounded_read.check_json_values, "__defaults__", (1000,))
    text = "Rain in Galway, Cork, Sligo, " * 100  # 300 commas a task
    src = tmp_path / "export.json"
    src.write_text(json.dumps([{"data": {"text": text}, "annotations": []}] * 5))
    result = invoke("convert", src, "--from", "labelstudio", "--out", tmp_path / "g.jsonl")
    assert result.exit_code == 0, result.output


def test_an_xml_corpus_of_more_tags_than_the_bound_is_refused_before_it_is_parsed(
        tmp_path, monkeypatch):
    import geoparser.io.bounded_read as bounded_read

    monkeypatch.setattr(bounded_read.check_xml_tags, "__defaults__", (1000,))
    src = tmp_path / "GeoVirus.xml"
    src.write_bytes(b"<articles>" + b"<a/>" * 1000 + b"</articles>")
    assert_refused(invoke("convert", src, "--from", "geovirus", "--out", tmp_path / "g.jsonl"),
                   f"{src}: holds more than the 1,000 tags")


def test_a_docbin_that_unpacks_beyond_the_bound_is_refused_before_spacy_reads_it(
        tmp_path, monkeypatch):
    import zlib

    import geoparser.io.bounded_read as bounded_read

    monkeypatch.setattr(bounded_read.check_unpacked_size, "__defaults__", (1 << 20,))
    src = tmp_path / "train.spacy"
    src.write_bytes(zlib.compress(b"\0" * (8 << 20), 9))  # 8 KB that unpack to 8 MB
    assert_refused(invoke("convert", src, "--from", "docbin", "--out", tmp_path / "g.jsonl"),
                   f"{src}: unpacks to more than the 1,048,576 bytes")


@pytest.mark.parametrize("fmt", ["wiktor", "doccano"])
def test_a_json_lines_corpus_linked_to_dev_zero_is_refused_unread(tmp_path, fmt):
    """``convert --from wiktor|doccano`` read a line at a time: a device is refused before a
    byte is read (it was read to the 16 MB line bound first)."""
    src = tmp_path / "corpus.jsonl"
    src.symlink_to("/dev/zero")
    assert_refused(invoke("convert", src, "--from", fmt, "--out", tmp_path / "g.jsonl"),
                   f"{src}: is a device", "not a regular JSON Lines file")
    assert not (tmp_path / "g.jsonl").exists()
