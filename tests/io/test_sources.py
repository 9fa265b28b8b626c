"""Reading JSONL, CSV and Parquet inputs: records with their line (or row), decoded apart."""

import json

import pandas as pd
import pytest

from geoparser.errors import InputError, UsageError
from geoparser.io.sources import input_format, open_source
from geoparser.model import Document
from tests.conftest import CAPTIONS


def decoded(source):
    """(location, document or error message) for every record."""
    out = []
    for loc, payload in source.records():
        try:
            out.append((loc, source.decoder.decode(loc, payload)))
        except InputError as exc:
            assert exc.line == loc and exc.path == str(source.path)
            out.append((loc, exc.detail))
    return out


def test_format_from_file_name_or_option(tmp_path):
    assert input_format(tmp_path / "a.jsonl") == "jsonl"
    assert input_format(tmp_path / "a.CSV") == "csv"
    assert input_format(tmp_path / "a.parquet") == "parquet"
    assert input_format(tmp_path / "a.txt", "csv") == "csv"
    with pytest.raises(UsageError, match="--input-format"):
        input_format(tmp_path / "a.txt")
    with pytest.raises(UsageError, match="unknown input format 'xml'"):
        input_format(tmp_path / "a.jsonl", "xml")


def test_jsonl_records_keep_line_numbers_and_bad_lines_are_located(tmp_path):
    src = tmp_path / "d.jsonl"
    src.write_bytes(b'{"id": 1, "text": "Snow in Boston."}\n\n{"id": "b", "text": "  "}\n'
                    b'{"id": "c"\n[1]\n{"text": "no id"}\n{"id": "\xc3("}\n{"id": "d", "text": 5}\n'
                    b'{"id": "e", "text": "Rain in Perth."}')
    assert decoded(open_source(src)) == [
        (1, Document("1", "Snow in Boston.")),
        (3, "document 'b' has an empty text"),
        (4, "malformed JSON (Expecting ',' delimiter)"),
        (5, "expected a JSON object"),
        (6, "missing field 'id'"),
        (7, "not UTF-8 text (invalid continuation byte)"),
        (8, "field 'text' must be a string, got int"),
        (9, Document("e", "Rain in Perth.")),
    ]


def test_jsonl_other_columns_and_dataset_folder(tmp_path):
    src = tmp_path / "tweets.jsonl"
    src.write_text(json.dumps({"tweet_id": "t1", "body": "Hello Oslo"}) + "\n")
    assert decoded(open_source(src, text_column="body", id_column="tweet_id")) == [
        (1, Document("t1", "Hello Oslo"))]
    docs = decoded(open_source(CAPTIONS))
    assert len(docs) == 12 and docs[0][1].id == "c01" and docs[0][1].toponyms == ()


def test_csv_records_start_at_their_first_physical_line(tmp_path):
    src = tmp_path / "d.csv"
    src.write_text('\ufeffid,text,lang\n1,"Snow in\nBoston.",en\n\n2,Rain in Perth.\n'
                   '3,"Fog, in ""Cork""",en\n4,,en\n', encoding="utf-8")
    assert decoded(open_source(src)) == [
        (2, Document("1", "Snow in\nBoston.")),
        (5, "expected 3 fields as in the header, got 2"),
        (6, Document("3", 'Fog, in "Cork"')),
        (7, "document '4' has an empty text"),
    ]


def test_csv_missing_column_and_empty_file(tmp_path):
    src = tmp_path / "d.csv"
    src.write_text("id,body\n1,x\n")
    with pytest.raises(InputError, match=r"d.csv:1: no column 'text' in the header "
                                         r"\(columns: id, body\)"):
        open_source(src)
    src.write_text("")
    with pytest.raises(InputError, match="no header row"):
        open_source(src)


def test_parquet_rows_are_numbered_and_values_checked(tmp_path):
    src = tmp_path / "d.parquet"
    pd.DataFrame({"id": [10, 11, 12], "text": ["Snow in Boston.", None, "Rain in Perth."],
                  "other": [1, 2, 3]}).to_parquet(src)
    source = open_source(src)
    assert source.total == 3
    assert decoded(source) == [(1, Document("10", "Snow in Boston.")),
                               (2, "missing field 'text'"), (3, Document("12", "Rain in Perth."))]
    with pytest.raises(InputError, match="no column 'body'"):
        open_source(src, text_column="body")


def test_missing_and_unreadable_files(tmp_path):
    with pytest.raises(InputError, match="file not found"):
        open_source(tmp_path / "nope.jsonl")
    bad = tmp_path / "bad.parquet"
    bad.write_bytes(b"not parquet at all")
    with pytest.raises(InputError, match="unreadable Parquet"):
        open_source(bad)


def test_unterminated_csv_quote_is_an_error_naming_file_and_line(tmp_path):
    path = tmp_path / "docs.csv"
    path.write_text('id,text\na,"Snow in Oslo."\nb,"Rain in Perth.\nc,Fog in Cork.\n'
                    'd,Sun in Rome.\n')
    source = open_source(path)
    with pytest.raises(InputError, match="never closed") as info:
        list(source.records())
    assert (info.value.path, info.value.line) == (str(path), 3)


def test_stray_quote_after_a_quoted_csv_field_is_an_error(tmp_path):
    path = tmp_path / "docs.csv"
    path.write_text('id,text\na,"Snow" in Oslo\n')
    with pytest.raises(InputError, match="unreadable CSV") as info:
        list(open_source(path).records())
    assert info.value.line == 2
