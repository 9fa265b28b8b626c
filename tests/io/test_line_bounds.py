"""Gold and prediction JSON Lines are read with the line bound every JSON Lines reader has
(``bounded_read.MAX_LINE_BYTES``): a file of zeros without a line end is refused at line 1
once the bound is passed, not after reading all of it; a valid line over the bound is refused
as ``parse`` and ``map`` refuse it."""

from __future__ import annotations

import json
import os

import pytest

from geoparser.io.bounded_read import MAX_LINE_BYTES
from tests.cli.hostile import GOLD, PRED, assert_refused, invoke, write_jsonl


def _zeros(path, size=MAX_LINE_BYTES + (1 << 20)):
    """A sparse file of NUL bytes with no line end, as ``truncate -s`` makes it."""
    with path.open("wb") as fh:
        fh.truncate(size)
    return path


def _long_valid_line(path, size=MAX_LINE_BYTES + (4 << 20)):
    text = "Rain in Paris. " * (size // 15)
    path.write_text(json.dumps({"id": "a", "text": text, "toponyms": []}) + "\n")
    assert os.path.getsize(path) > MAX_LINE_BYTES
    return path


def test_score_refuses_a_gold_file_of_zeros_at_its_first_line(tmp_path):
    z = _zeros(tmp_path / "z.jsonl")
    assert_refused(invoke("score", "--scheme", "coursework-ner", "--gold", z, "--pred", z),
                   f"{z}:1:", "a line longer than 16,000,000 bytes")


def test_score_refuses_predictions_of_zeros_at_their_first_line(tmp_path):
    gold = write_jsonl(tmp_path / "gold.jsonl", GOLD)
    z = _zeros(tmp_path / "z.jsonl")
    assert_refused(invoke("score", "--scheme", "coursework-ner", "--gold", gold, "--pred", z),
                   f"{z}:1:", "a line longer than")


def test_convert_from_jsonl_refuses_zeros_at_the_first_line(tmp_path):
    z = _zeros(tmp_path / "z.jsonl")
    assert_refused(invoke("convert", "--from", "jsonl", z, "--out", tmp_path / "o.jsonl"),
                   f"{z}:1:", "a line longer than")
    assert not (tmp_path / "o.jsonl").exists()


@pytest.mark.parametrize("role", ["gold", "pred"])
def test_a_valid_gold_or_prediction_line_over_the_bound_is_refused_as_parse_refuses_it(
        tmp_path, role):
    gold = write_jsonl(tmp_path / "gold.jsonl", GOLD)
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    long = _long_valid_line(tmp_path / "long.jsonl")
    if role == "gold":
        gold = long
    else:
        pred = long
    assert_refused(invoke("score", "--scheme", "coursework-ner", "--gold", gold, "--pred", pred),
                   f"{long}:1:", "a line longer than")


def test_the_second_line_over_the_bound_is_named(tmp_path):
    z = tmp_path / "z.jsonl"
    z.write_text(json.dumps(GOLD) + "\n")
    with z.open("ab") as fh:
        fh.write(b" " * (MAX_LINE_BYTES + 10))
    assert_refused(invoke("convert", "--from", "jsonl", z), f"{z}:2:", "a line longer than")
