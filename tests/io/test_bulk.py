"""The bulk reader: chunked decoding, columns, and the model's documents on request."""

import json
import os
import random

import numpy as np
import pytest

from geoparser.errors import InputError
from geoparser.io import bulk
from geoparser.io.bulk import Source, read_gold_lines, read_prediction_lines
from geoparser.io.documents import _read_gold_by_line, _read_predictions_by_line
from geoparser.io.json_lines import numbered_lines as _numbered_lines

TEXT = "Rain over Perth and New York today"


def gold_line(k, **extra):
    return {"id": f"d{k}", "text": TEXT, "toponyms": [
        {"start": 10, "end": 15, "text": "Perth", "label": "GPE", "lat": 56.4, "lon": -3.4},
        {"start": 20, "end": 28, "text": "New York", **extra}]}


def pred_line(k):
    return {"id": f"d{k}", "toponyms": [{"start": 10, "end": 15, "label": "LOC"},
                                         {"text": "york", "lat": 40.7, "lon": -74.0}]}


def jsonl(*objs):
    return "".join(json.dumps(o) + "\n" for o in objs).encode()


@pytest.fixture()
def small_chunks(monkeypatch):
    monkeypatch.setattr(bulk, "CHUNK_BYTES", 150)  # about one line a chunk


@pytest.mark.usefixtures("small_chunks")
def test_chunked_reading_gives_what_the_line_reader_gives(tmp_path):
    data = jsonl(*(gold_line(k, label=["LOC", None, "FAC"][k % 3]) for k in range(7)))
    records = read_gold_lines(Source(data), 5.0)
    path = tmp_path / "g.jsonl"
    path.write_bytes(data)
    assert records.documents() == _read_gold_by_line(path, _numbered_lines(data), 5.0)
    cols = records.toponyms
    assert cols.doc.tolist() == [k // 2 for k in range(14)]
    assert cols.spans[0].tolist() == [10, 20] * 7 and cols.spans[2].all()
    assert [cols.labels[c] if c >= 0 else None for c in cols.label_codes.tolist()] == [
        lab for k in range(7) for lab in ("GPE", ["LOC", None, "FAC"][k % 3])]


@pytest.mark.usefixtures("small_chunks")
def test_predictions_in_another_order_know_their_gold_documents(tmp_path):
    gold = read_gold_lines(Source(jsonl(*(gold_line(k) for k in range(5)))), 5.0)
    order = [3, 0, 4, 1]
    data = jsonl(*(pred_line(k) for k in order))
    records = read_prediction_lines(Source(data), gold.ids, gold.texts)
    assert records.gold_index.tolist() == order
    path = tmp_path / "p.jsonl"
    path.write_bytes(data)
    texts = dict(zip(gold.ids, gold.texts, strict=True))
    assert records.predictions() == _read_predictions_by_line(path, _numbered_lines(data), texts)
    assert records.predictions()["d3"].toponyms[0].text == "Perth"  # name taken from the text


@pytest.mark.usefixtures("small_chunks")
@pytest.mark.parametrize("bad", ["unknown id", "id twice", "offsets of another name",
                                 "no name and no offsets", "one coordinate"])
def test_anything_doubtful_is_left_to_the_line_reader(bad):
    gold = read_gold_lines(Source(jsonl(*(gold_line(k) for k in range(4)))), 5.0)
    lines = [pred_line(k) for k in range(4)]
    if bad == "unknown id":
        lines[2]["id"] = "zz"
    elif bad == "id twice":
        lines[3]["id"] = "d1"
    elif bad == "offsets of another name":
        lines[2]["toponyms"][0]["text"] = "Perthshire"
    elif bad == "no name and no offsets":
        lines[3]["toponyms"].append({"label": "GPE"})
    else:
        del lines[1]["toponyms"][1]["lon"]
    assert read_prediction_lines(Source(jsonl(*lines)), gold.ids, gold.texts) is None


def test_random_corpora_read_alike_in_any_chunking(monkeypatch):
    rng = random.Random(4)
    lines = [gold_line(k, label=rng.choice(["GPE", None])) for k in range(40)]
    data = jsonl(*lines)
    whole = read_gold_lines(Source(data), 5.0)
    monkeypatch.setattr(bulk, "CHUNK_BYTES", rng.randint(1, 400))
    chunked = read_gold_lines(Source(data), 5.0)
    assert chunked.documents() == whole.documents()
    for a, b in zip(chunked.toponyms.spans, whole.toponyms.spans, strict=True):
        assert np.array_equal(a, b)


def test_documents_are_not_built_from_a_file_changed_since_it_was_checked(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_bytes(jsonl(gold_line(0)))
    records = read_gold_lines(Source(path), 5.0)
    path.write_bytes(jsonl(gold_line(0), gold_line(1)))
    os.utime(path, ns=(1, 1))
    with pytest.raises(InputError, match="changed while it was being read"):
        records.documents()


def test_explicit_nulls_read_like_absent_fields():
    absent = {"id": "d0", "text": TEXT, "toponyms": [{"text": "Perth"}]}
    nulls = {"id": "d0", "text": TEXT, "toponyms": [
        {"text": "Perth", "start": None, "end": None, "lat": None, "lon": None}]}
    a, b = (read_gold_lines(Source(jsonl(x)), 5.0) for x in (absent, nulls))
    assert b is not None and a.documents() == b.documents()
    for x, y in zip(a.toponyms.spans, b.toponyms.spans, strict=True):
        assert np.array_equal(x, y)


@pytest.mark.parametrize("source", ["", "  ", " Herald ", "Herald"])
def test_a_blank_or_padded_source_names_the_same_group_on_both_paths(tmp_path, source):
    data = jsonl({**gold_line(0), "source": source})
    path = tmp_path / "g.jsonl"
    path.write_bytes(data)
    records = read_gold_lines(Source(data), 5.0)
    by_line = _read_gold_by_line(path, _numbered_lines(data), 5.0)
    assert by_line[0].source == (source.strip() or None)
    if source == "Herald":
        assert records.documents() == by_line
    else:  # left to the line reader, which names the group as above
        assert records is None
