"""Bad input gets a one-line error naming the file and line; good input round-trips."""

import json

import pytest

from geoparser.errors import InputError
from geoparser.io.documents import read_gold, read_predictions

GOOD = {"id": "c01", "text": "Boats at Whitby harbour",
        "toponyms": [{"start": 9, "end": 15, "text": "Whitby", "lat": 54.49, "lon": -0.61}]}


def write_lines(path, *objs):
    path.write_text("".join((o if isinstance(o, str) else json.dumps(o)) + "\n" for o in objs))
    return path


def error_for(tmp_path, *lines):
    p = write_lines(tmp_path / "gold.jsonl", *lines)
    with pytest.raises(InputError) as info:
        read_gold(p)
    return info.value


def with_toponym(**changes):
    t = dict(GOOD["toponyms"][0], **changes)
    return dict(GOOD, id="c02", toponyms=[{k: v for k, v in t.items() if v is not None}])


def test_reads_good_gold_with_default_tolerance(tmp_path):
    docs = read_gold(write_lines(tmp_path / "g.jsonl", GOOD), default_tolerance_km=5)
    assert docs[0].toponyms[0].tolerance_km == 5
    assert docs[0].toponyms[0].text == "Whitby"


def test_own_tolerance_wins(tmp_path):
    doc = with_toponym(tolerance_km=25)
    assert read_gold(write_lines(tmp_path / "g.jsonl", doc), 5)[0].toponyms[0].tolerance_km == 25


def test_dataset_dir_default_tolerance(tmp_path):
    write_lines(tmp_path / "captions.jsonl", GOOD)
    (tmp_path / "dataset.json").write_text('{"default_tolerance_km": 7}')
    assert read_gold(tmp_path)[0].toponyms[0].tolerance_km == 7
    assert read_gold(tmp_path, default_tolerance_km=3)[0].toponyms[0].tolerance_km == 3


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"id": "c02", "text": ', "malformed JSON"),
        ("[1, 2]", "expected a JSON object"),
        ({"text": "x"}, "missing field 'id'"),
        ({"id": "c02"}, "missing field 'text'"),
        ({"id": "c02", "text": "   "}, "empty text"),
        (with_toponym(start=10), "give 'hitby', not the toponym 'Whitby'"),
        (with_toponym(end=99), "outside the text"),
        (with_toponym(end=None), "give both 'start' and 'end'"),
        (with_toponym(lat=91.0), "latitude 91.0 is outside -90..90"),
        (with_toponym(lon=-180.5), "longitude -180.5 is outside"),
        (with_toponym(lon=None), "give both 'lat' and 'lon'"),
        (with_toponym(lat="54.4"), "must be a number"),
        (with_toponym(tolerance_km=0), "must be positive"),
        (dict(GOOD, id="c02", toponyms="Whitby"), "must be a list of objects"),
    ],
)
def test_bad_gold_line_is_located(tmp_path, line, message):
    exc = error_for(tmp_path, GOOD, "", line)
    assert exc.line == 3  # blank line 2 is skipped but still counted
    assert exc.path.endswith("gold.jsonl")
    assert message in str(exc)
    assert str(exc).startswith(f"{exc.path}:3: ")


def test_duplicate_id_names_both_lines(tmp_path):
    exc = error_for(tmp_path, GOOD, GOOD)
    assert exc.line == 2 and "duplicate id 'c01' (first on line 1)" in str(exc)


def test_missing_file(tmp_path):
    with pytest.raises(InputError, match="file not found"):
        read_gold(tmp_path / "nope.jsonl")


def test_non_utf8_file(tmp_path):
    p = tmp_path / "g.jsonl"
    p.write_bytes(b'{"id": "\xff"}\n')
    with pytest.raises(InputError, match="not UTF-8"):
        read_gold(p)


def test_predictions_checked_against_gold(tmp_path):
    gold = read_gold(write_lines(tmp_path / "g.jsonl", GOOD))
    ok = write_lines(tmp_path / "p.jsonl", {"id": "c01", "toponyms": [{"start": 9, "end": 15}]})
    assert read_predictions(ok, gold)["c01"].toponyms[0].text == "Whitby"
    for bad, message in [
        ({"id": "zz", "toponyms": []}, "not in the gold file"),
        ({"id": "c01", "toponyms": [{"start": 9, "end": 14, "text": "Whitby"}]}, "give 'Whitb'"),
        ({"id": "c01", "toponyms": [{"label": "GPE"}]}, "give 'text' or 'start'/'end'"),
        ({"id": "c01", "toponyms": [{"text": "Whitby", "lat": 100, "lon": 0}]}, "latitude"),
    ]:
        p = write_lines(tmp_path / "p.jsonl", bad)
        with pytest.raises(InputError, match=message) as info:
            read_predictions(p, gold)
        assert info.value.line == 1


def test_a_file_the_bulk_reader_refuses_is_still_read_line_by_line(tmp_path):
    # An integer id is valid but not what the bulk decoder expects: the line reader takes it.
    doc = dict(GOOD, id=7)
    gold = read_gold(write_lines(tmp_path / "g.jsonl", GOOD, doc | {"id": 7}))
    assert [d.id for d in gold] == ["c01", "7"]
    assert gold[1].toponyms[0].tolerance_km == 10.0


def test_bulk_and_line_readers_agree(tmp_path):
    from geoparser.io.bulk import Source, read_gold_lines, read_prediction_lines
    from geoparser.io.documents import _read_gold_by_line, _read_predictions_by_line
    from geoparser.io.json_lines import numbered_lines as _numbered_lines

    lines = [GOOD, with_toponym(lat=None, lon=None, tolerance_km=3),
             dict(GOOD, id="c03", toponyms=[{"text": "Whitby"}])]
    path = write_lines(tmp_path / "g.jsonl", *lines)
    data = path.read_bytes()
    bulk = read_gold_lines(Source(path), 5.0).documents()
    assert bulk == _read_gold_by_line(path, _numbered_lines(data), 5.0)
    texts = {d.id: d.text for d in bulk}
    pred = write_lines(tmp_path / "p.jsonl", {"id": "c01", "toponyms": [
        {"start": 9, "end": 15, "candidates": [{"geonameid": 1, "lat": 1, "lon": 2}]}]},
        {"id": "c02", "toponyms": [{"text": "whitby", "lat": 54.0, "lon": -0.6}]})
    pdata = pred.read_bytes()
    assert read_prediction_lines(Source(pred), list(texts), list(texts.values())).predictions() == (
        _read_predictions_by_line(pred, _numbered_lines(pdata), texts))


@pytest.mark.parametrize("scheme", ["coursework-geo", "errors", "distance", "pairing", "all"])
def test_score_of_a_named_pipe_is_one_line_not_a_traceback(tmp_path, scheme):
    import os

    from typer.testing import CliRunner

    from geoparser.cli.main import app
    from tests.conftest import CAPTIONS

    pipe = tmp_path / "pred.jsonl"
    os.mkfifo(pipe)  # no writer: opening it to read would block, so it must never be read
    for side in (["--gold", str(CAPTIONS), "--pred", str(pipe)],
                 ["--gold", str(pipe), "--pred", str(CAPTIONS / "captions.jsonl")]):
        result = CliRunner().invoke(app, ["score", "--scheme", scheme, *side])
        assert result.exit_code == 2, result.output
        assert "is a pipe" in result.output and "Traceback" not in result.output


def test_scoring_in_memory_keeps_the_marker_confidence():
    """``evaluation.schemes.score`` checks documents held in memory through their JSON form,
    which had dropped ``marker_confidence``: the distance scheme then judged no marker, while
    the same predictions read from a file were judged."""
    from evaluation.schemes import score
    from geoparser.io.documents import prediction_to_json
    from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

    gold = [Document("d", "Rain in Leeds.", (GoldToponym(8, 13, "Leeds", 53.8, -1.55),))]
    leeds = Prediction("Leeds", 8, 13, lat=53.8, lon=-1.55, confidence=0.7,
                       marker_confidence=0.9)
    assert prediction_to_json(PredictedDocument("d", (leeds,)))["toponyms"][0][
        "marker_confidence"] == 0.9
    marker = score("distance", gold, {"d": PredictedDocument("d", (leeds,))}, "span").marker
    assert marker is not None and marker.confidence == (0.9,) and marker.right == (True,)
