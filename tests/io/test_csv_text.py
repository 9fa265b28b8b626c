"""The one CSV writer: formula cells neutralised, and no cell can end its row early."""

import csv
import io

import pandas as pd
import pytest

from geoparser.io.csv_text import csv_text, frame_csv


def read_back(text: str) -> list[list[str]]:
    """As a spreadsheet or pandas reads it: a bare carriage return is a line end unless
    quoted."""
    return list(csv.reader(io.StringIO(text, newline="")))


@pytest.mark.parametrize("cell", ["x\r=1+1", "\r=HYPERLINK(\"http://x\")", "a\r\rb"])
def test_a_bare_carriage_return_never_ends_a_row(cell):
    text = csv_text([["id", "text", "lat"], ["a", cell, 1.5], ["b", "ok", 2]])
    rows = read_back(text)
    assert len(rows) == 3 and rows[1][0] == "a" and rows[2] == ["b", "ok", "2"]
    assert not any(r[0].startswith("=") for r in rows)
    frame = pd.read_csv(io.StringIO(text))
    assert list(frame["id"]) == ["a", "b"]


def test_a_frame_with_a_carriage_return_keeps_its_rows():
    text = frame_csv(pd.DataFrame({"caption": ["Whitby\r=SUM(A1)", "Galway"], "tp": [1, 0]}))
    rows = read_back(text)
    assert len(rows) == 3 and rows[1][1] == "1" and rows[2] == ["Galway", "0"]


def test_rows_without_one_are_written_as_before():
    assert csv_text([["id", "lat"], ["a", -0.61]]) == "id,lat\na,-0.61\n"
    assert frame_csv(pd.DataFrame({"a": ["q"], "b": [1.25]})) == "a,b\nq,1.25\n"


def test_coursework_csv_geonameid_with_gaps_is_written_whole_not_as_a_float():
    # q3.csv and q4.csv said 4930956.0: a column of ids with a gap passed through
    # Series.map, which made it floats
    import pandas as pd

    from geoparser.io.csv_text import frame_csv

    frame = pd.DataFrame([{"id": "c02", "geonameid": 4930956, "candidates": 11},
                          {"id": "c01", "geonameid": None, "candidates": None}], dtype=object)
    assert frame_csv(frame).splitlines() == ["id,geonameid,candidates", "c02,4930956,11",
                                             "c01,,"]
