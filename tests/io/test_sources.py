"""Reading JSONL, CSV and Parquet inputs: records with their line (or row), decoded apart."""

import io
import json

import pandas as pd
import pytest

from geoparser.errors import InputError, UsageError
from geoparser.io.sources import input_format, open_source, record_count
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
    assert input_format(tmp_path / "a.txt") == "text"
    with pytest.raises(UsageError, match="--in-format"):
        input_format(tmp_path / "a.xml")
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
        (6, Document("6", "no id")),
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


def test_a_duplicated_source_column_is_refused_not_read_silently(tmp_path):
    src = tmp_path / "d.csv"
    src.write_text("id,text,source,source\n1,Paris,a,b\n")
    with pytest.raises(InputError, match=r"d.csv:1: the header names column 'source' 2 times"):
        open_source(src, group_column="source")
    assert open_source(src, group_column=None).decoder.group_index is None


def test_parse_refuses_a_csv_with_two_source_columns(tmp_path):
    from tests.cli.hostile import assert_refused, invoke

    src = tmp_path / "d.csv"
    src.write_text("id,text,source,source\n1,Paris,a,b\n")
    assert_refused(invoke("parse", "--in", src, "--out", tmp_path / "o.jsonl", "--ner",
                          "gazetteer"), f"{src}:1:", "column 'source' 2 times")
    assert not (tmp_path / "o.jsonl").exists()


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


def test_txt_file_is_one_document_named_by_its_stem(tmp_path):
    src = tmp_path / "storm-report.txt"
    src.write_text("Floods in York.\n", encoding="utf-8")
    source = open_source(src)
    assert source.format == "text" and source.total == 1
    assert decoded(source) == [(1, Document("storm-report", "Floods in York.\n"))]


def test_folder_of_txt_files_gives_ids_from_names_in_sorted_order(tmp_path):
    folder = tmp_path / "news"
    folder.mkdir()
    for name, text in (("b.txt", "Rain in Perth."), ("a.txt", "Snow in Boston."),
                       ("c.TXT", "Fog in Cork."), (".hidden.txt", "x"), ("notes.md", "y"),
                       ("empty.txt", " \n"), ("latin1.txt", b"Caf\xe9 in Paris")):
        (folder / name).write_bytes(text if isinstance(text, bytes) else text.encode())
    (folder / "sub").mkdir()
    source = open_source(folder)
    assert source.format == "text" and record_count(source) == 5
    assert decoded(source) == [
        (1, Document("a", "Snow in Boston.")),
        (2, Document("b", "Rain in Perth.")),
        (3, Document("c", "Fog in Cork.")),
        (4, "empty.txt: document 'empty' has an empty text"),
        (5, "latin1.txt: not UTF-8 text (invalid continuation byte)"),
    ]


def test_folder_without_texts_is_an_error(tmp_path):
    with pytest.raises(InputError, match="no .txt files in the folder"):
        open_source(tmp_path)


def test_folder_where_two_files_give_one_id_is_an_error(tmp_path):
    (tmp_path / "a.txt").write_text("Rain in Oslo.")
    (tmp_path / "a.text").write_text("Snow in Oslo.")
    with pytest.raises(InputError, match="a.text and a.txt would both have the id 'a'"):
        open_source(tmp_path)


def test_stdin_jsonl_is_streamed_and_plain_text_is_one_document():
    jsonl = io.BytesIO(b'\n  {"id": "a", "text": "Snow in Boston."}\n{"text": "Rain in Perth."}\n')
    source = open_source("-", stdin=jsonl)
    assert source.format == "jsonl" and record_count(source) is None
    assert decoded(source) == [(2, Document("a", "Snow in Boston.")),
                               (3, Document("3", "Rain in Perth."))]
    source = open_source("-", stdin=io.BytesIO(b"We drove from Leeds to York.\n"))
    assert source.format == "text"
    assert decoded(source) == [(1, Document("stdin", "We drove from Leeds to York.\n"))]
    forced = open_source("-", "text", stdin=io.BytesIO(b'{"id": "a"}'))
    assert decoded(forced) == [(1, Document("stdin", '{"id": "a"}'))]
    with pytest.raises(UsageError, match="standard input can hold jsonl or text"):
        open_source("-", "csv", stdin=io.BytesIO(b"id,text\n"))


def test_records_without_id_get_their_line_number(tmp_path):
    jsonl = tmp_path / "d.jsonl"
    jsonl.write_text('{"text": "Snow in Boston."}\n\n{"id": "x", "text": "Rain in Perth."}\n')
    assert decoded(open_source(jsonl)) == [(1, Document("1", "Snow in Boston.")),
                                           (3, Document("x", "Rain in Perth."))]
    csv = tmp_path / "d.csv"
    csv.write_text('text\n"Snow in\nBoston."\nRain in Perth.\n')
    assert decoded(open_source(csv)) == [(2, Document("2", "Snow in\nBoston.")),
                                         (4, Document("4", "Rain in Perth."))]
    parquet = tmp_path / "d.parquet"
    pd.DataFrame({"text": ["Snow in Boston.", "Rain in Perth."]}).to_parquet(parquet)
    assert decoded(open_source(parquet)) == [(1, Document("1", "Snow in Boston.")),
                                             (2, Document("2", "Rain in Perth."))]


def test_a_named_id_column_that_is_missing_is_still_an_error(tmp_path):
    jsonl = tmp_path / "d.jsonl"
    jsonl.write_text('{"text": "Snow in Boston."}\n')
    assert decoded(open_source(jsonl, id_column="doc")) == [(1, "missing field 'doc'")]
    csv = tmp_path / "d.csv"
    csv.write_text("text\nSnow\n")
    with pytest.raises(InputError, match="no column 'doc'"):
        open_source(csv, id_column="doc")


def test_progress_total_is_known_for_files(tmp_path, docs=("a", "b", "c")):
    jsonl = tmp_path / "d.jsonl"
    jsonl.write_text("".join(json.dumps({"id": d, "text": d}) + "\n\n" for d in docs))
    csv = tmp_path / "d.csv"
    csv.write_text("id,text\n" + "".join(f'{d},"{d}\n{d}"\n' for d in docs))
    for path in (jsonl, csv):
        assert record_count(open_source(path)) == 3, path


@pytest.mark.parametrize(("value", "group"), [
    ({"id": "bbc-news", "name": "BBC News"}, "BBC News"), ({"id": "abc"}, "abc"),
    (42, "42"), (2.5, "2.5"), ("  St. Cloud Times ", "St. Cloud Times"), ("", None),
    (None, None), (True, None), ([1, 2], None), ({"name": ""}, None), (float("nan"), None)])
def test_a_source_of_any_common_shape_names_a_group_or_none(value, group):
    from geoparser.model import group_of

    assert group_of(value) == group


def test_parse_and_score_accept_a_newsapi_source_object(tmp_path):
    import json

    from typer.testing import CliRunner

    from geoparser.cli.main import app

    gold = tmp_path / "gold.jsonl"
    gold.write_text("".join(json.dumps(d) + "\n" for d in [
        {"id": "a", "text": "Rain in Galway.", "source": {"id": None, "name": "Irish Times"},
         "toponyms": [{"start": 8, "end": 14, "text": "Galway", "lat": 53.27, "lon": -9.05}]},
        {"id": "b", "text": "Snow in Cork.", "source": 7,
         "toponyms": [{"start": 8, "end": 12, "text": "Cork", "lat": 51.9, "lon": -8.47}]}]))
    out = tmp_path / "pred.jsonl"
    parsed = CliRunner().invoke(app, ["-q", "parse", "--in", str(gold), "--out", str(out),
                                      "--ner", "gazetteer"])
    assert parsed.exit_code == 0, parsed.output
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["a", "b"]
    scored = CliRunner().invoke(app, ["score", "--scheme", "distance", "--gold", str(gold),
                                      "--pred", str(out)])
    assert scored.exit_code == 0, scored.output
