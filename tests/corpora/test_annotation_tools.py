"""Gold from annotation tools: Label Studio's JSON export, doccano's JSONL export and spaCy
DocBin files, read by ``convert``; and the geoparser's output as Label Studio pre-annotations
(``parse --out x.labelstudio.json``), corrected and read back as gold."""

import io
import json

import pytest
from typer.testing import CliRunner

from geoparser.cli.convert import run_convert
from geoparser.cli.main import app
from geoparser.corpora import convert
from geoparser.errors import InputError
from geoparser.io.documents import read_gold
from tests.conftest import CAPTIONS

TEXT = "Floods hit Galway 🌊 and Cork on Monday."


def _ls_task(result, text=TEXT, **data):
    return {"id": 7, "data": {"text": text, **data},
            "annotations": [{"id": 1, "result": result, "was_cancelled": False}]}


def _labels(start, end, label="LOC", region="r1", text=None):
    value = {"start": start, "end": end, "labels": [label]}
    if text is not None:
        value["text"] = text
    return {"id": region, "from_name": "label", "to_name": "text", "type": "labels",
            "value": value}


def _textarea(name, value, region="r1"):
    return {"id": region, "from_name": name, "to_name": "text", "type": "textarea",
            "value": {"text": [value]}}


def test_label_studio_export_is_read_as_gold_with_places_from_per_region_text(tmp_path):
    cork = TEXT.index("Cork")
    tasks = [_ls_task([_labels(11, 17, text="Galway"), _textarea("geonameid", "2964180"),
                       _textarea("point", "53.27, -9.05"),
                       _labels(cork, cork + 4, "GPE", "r2", "Cork")], doc_id="news-1"),
             {"id": 8, "data": {"text": "Nothing annotated."}, "predictions": [{"result": []}]}]
    path = tmp_path / "export.json"
    path.write_text(json.dumps(tasks))
    result = convert("labelstudio", path)
    (doc,) = result.documents
    assert doc["id"] == "news-1"
    galway, cork_t = doc["toponyms"]
    assert galway == {"start": 11, "end": 17, "text": "Galway", "lat": 53.27, "lon": -9.05,
                      "label": "LOC", "geonameid": 2964180}
    assert (cork_t["start"], cork_t["text"], cork_t["label"]) == (cork, "Cork", "GPE")
    assert result.notes == ["1 tasks had no annotation (only predictions, or cancelled) and "
                            "were skipped"]


def test_label_studio_offsets_counted_in_utf16_units_are_read_by_those_units(tmp_path):
    cork = TEXT.index("Cork")
    path = tmp_path / "export.json"  # the wave is two UTF-16 units, one Python character
    path.write_text(json.dumps([_ls_task([_labels(cork + 1, cork + 5, text="Cork")])]))
    (doc,) = convert("labelstudio", path).documents
    assert (doc["toponyms"][0]["start"], doc["toponyms"][0]["end"]) == (cork, cork + 4)


@pytest.mark.parametrize("content, message", [
    ("[{\"data\": 3}]", "task 1: not a Label Studio task: it needs a 'data' object"),
    ("{\"oops\": ", "malformed JSON"),
    ("[" * 200 + "]" * 200, "nested more than 100 levels"),
    ('[{"data": {"text": "\\ud800"}}]', "lone surrogate"),
    (json.dumps([_ls_task([_labels("a", 3)])]), "needs integer 'start' and 'end'"),
    (json.dumps([_ls_task([_labels(5, 900)])]), "offsets 5-900 outside the task's text"),
])
def test_bad_label_studio_export_is_one_line_naming_the_file(tmp_path, content, message):
    path = tmp_path / "export.json"
    path.write_text(content)
    with pytest.raises(InputError, match=message) as info:
        convert("labelstudio", path)
    assert str(path) in str(info.value) and "\n" not in str(info.value)


def test_doccano_exports_of_both_shapes_are_read_as_gold(tmp_path):
    path = tmp_path / "doccano.jsonl"
    cork = TEXT.index("Cork")
    path.write_text(json.dumps({"id": 3, "text": TEXT, "label": [[cork, cork + 4, "GPE"],
                                                                  [11, 17, "LOC"]]}) + "\n"
                    + json.dumps({"text": "Rain in Oslo.", "entities": [
                        {"id": 9, "start_offset": 8, "end_offset": 12, "label": "GPE"}]}) + "\n")
    docs = convert("doccano", path).documents
    assert [d["id"] for d in docs] == ["3", "2"]  # no id: the line number
    assert [t["text"] for t in docs[0]["toponyms"]] == ["Galway", "Cork"]
    assert docs[1]["toponyms"] == [{"start": 8, "end": 12, "text": "Oslo", "label": "GPE"}]


@pytest.mark.parametrize("record, message", [
    ({"id": 1, "text": "Rain in Oslo.", "label": [[8, 40, "GPE"]]}, "offsets 8-40 outside"),
    ({"id": 1, "text": "Rain in Oslo.", "label": [[8, 12]]}, "must be \\[start, end, label\\]"),
    ({"id": 1, "label": []}, "'text' must be a string"),
])
def test_bad_doccano_line_is_named_by_file_and_line(tmp_path, record, message):
    path = tmp_path / "doccano.jsonl"
    path.write_text(json.dumps({"id": 0, "text": "ok", "label": []}) + "\n"
                    + json.dumps(record) + "\n")
    with pytest.raises(InputError, match=message) as info:
        convert("doccano", path)
    assert info.value.line == 2 and str(info.value).startswith(f"{path}:2: ")


def test_gold_goes_to_a_docbin_and_back_unchanged(tmp_path):
    out = tmp_path / "captions.spacy"
    assert run_convert("jsonl", CAPTIONS / "captions.jsonl", io.StringIO(), io.StringIO(),
                       to="docbin", out_path=out) == 12
    text = io.StringIO()
    run_convert("docbin", out, text, io.StringIO())
    back = tmp_path / "back.jsonl"
    back.write_text(text.getvalue())
    assert read_gold(back) == read_gold(CAPTIONS)  # ids, offsets, points, ids, tolerances


def test_docbin_keeps_offsets_that_cut_a_token_and_overlapping_toponyms(tmp_path):
    import spacy
    from spacy.tokens import DocBin

    from geoparser.corpora.docbin import to_docbin

    text = "Flights to Tokyo-Narita and New York City."
    docs = [{"id": "a", "text": text, "toponyms": [
        {"start": 11, "end": 16, "text": "Tokyo", "lat": 35.68, "lon": 139.69},
        {"start": 28, "end": 36, "text": "New York"},
        {"start": 28, "end": 41, "text": "New York City", "geonameid": 5128581}]}]
    data, left_out = to_docbin(docs)
    assert left_out == 0
    (doc,) = DocBin().from_bytes(data).get_docs(spacy.blank("en").vocab)
    assert [s.text for s in doc.spans["toponyms"]] == ["Tokyo", "New York", "New York City"]
    assert [(e.text, e.kb_id_) for e in doc.ents] == [("Tokyo", ""),
                                                      ("New York City", "5128581")]
    path = tmp_path / "x.spacy"
    path.write_bytes(data)
    (back,) = convert("docbin", path).documents
    assert back["toponyms"] == [
        {"start": 11, "end": 16, "text": "Tokyo", "lat": 35.68, "lon": 139.69,
         "label": "TOPONYM"},
        {"start": 28, "end": 36, "text": "New York", "label": "TOPONYM"},
        {"start": 28, "end": 41, "text": "New York City", "label": "TOPONYM",
         "geonameid": 5128581}]


def test_a_docbin_made_by_other_tools_gives_its_place_entities(tmp_path):
    import spacy
    from spacy.tokens import DocBin

    nlp = spacy.blank("en")
    doc = nlp("John Smith flew to Paris.")
    doc.ents = [doc.char_span(0, 10, "PERSON"), doc.char_span(19, 24, "GPE", kb_id="2988507")]
    path = tmp_path / "other.spacy"
    path.write_bytes(DocBin(docs=[doc]).to_bytes())
    result = convert("docbin", path)
    assert result.documents == [{"id": "doc-1", "text": "John Smith flew to Paris.",
                                 "toponyms": [{"start": 19, "end": 24, "text": "Paris",
                                               "label": "GPE", "geonameid": 2988507}],
                                 "entities": [{"start": 0, "end": 10, "text": "John Smith",
                                               "kind": "person", "label": "PERSON"}]}]
    assert result.notes == []  # the person is kept as a gold entity


def test_a_file_that_is_not_a_docbin_is_refused_in_one_line(tmp_path):
    path = tmp_path / "bad.spacy"
    path.write_bytes(b"\x00not msgpack at all")
    result = CliRunner().invoke(app, ["convert", "--from", "docbin", str(path)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"toposcope: error: {path}: not a spaCy DocBin (.spacy) file: "
        + result.output.split("file: ")[1].strip()]


def test_convert_to_docbin_needs_a_file(tmp_path):
    result = CliRunner().invoke(app, ["convert", "--from", "jsonl",
                                      str(CAPTIONS / "captions.jsonl"), "--to", "docbin"])
    assert result.exit_code == 2 and "give --out FILE.spacy" in result.output


def test_label_studio_json_min_export_is_read_too(tmp_path):
    path = tmp_path / "min.json"
    path.write_text(json.dumps([{"id": 4, "text": "Rain in Oslo.", "annotator": 1,
                                 "label": [{"start": 8, "end": 12, "text": "Oslo",
                                            "labels": ["GPE"]}]}]))
    assert convert("labelstudio", path).documents == [
        {"id": "4", "text": "Rain in Oslo.",
         "toponyms": [{"start": 8, "end": 12, "text": "Oslo", "label": "GPE"}]}]


def test_a_bad_export_stops_convert_with_one_line_and_no_output_file(tmp_path):
    bad = tmp_path / "doccano.jsonl"
    bad.write_text('{"id": 1, "text": "Rain in Oslo.", "label": [[8, 12, "GPE"]]}\n'
                   '{"id": 2, "text": "Snow.", "label": [[0, 99, "GPE"]]}\n')
    out = tmp_path / "gold.jsonl"
    result = CliRunner().invoke(app, ["convert", "--from", "doccano", str(bad), "--out",
                                      str(out)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"toposcope: error: {bad}:2: not a doccano record: offsets 0-99 outside the text of "
        "5 characters"]
    assert not out.exists() and list(tmp_path.iterdir()) == [bad]


@pytest.mark.parametrize("field,value,dropped,why", [
    ("geonameid", "2965140x", "geonameids", "geonameid '2965140x' is not a whole positive"),
    ("point", "91, 500", "points", "latitude 91.0 is outside -90..90"),
    ("point", "nan, nan", "points", "coordinates are not finite"),
    ("point", "Cork", "points", "coordinates are not numbers"),
])
def test_an_annotators_bad_id_or_point_is_dropped_with_a_warning_not_in_silence(
        tmp_path, field, value, dropped, why):
    """As every converter treats a bad point: the toponym is kept without it, counted and
    warned of, and -v names the document and toponym."""
    cork = TEXT.index("Cork")
    path = tmp_path / "export.json"
    path.write_text(json.dumps([_ls_task([_labels(cork, cork + 4, text="Cork"),
                                          _textarea(field, value)], doc_id="news-1")]))
    result = convert("labelstudio", path)
    [doc] = result.documents
    assert doc["toponyms"] == [{"start": cork, "end": cork + 4, "text": "Cork", "label": "LOC"}]
    assert getattr(result.dropped, dropped) == 1
    [detail] = result.dropped.details
    assert detail.startswith("news-1 toponym 1 ('Cork'): ") and why in detail, detail
    out = CliRunner().invoke(app, ["convert", "--from", "labelstudio", str(path), "--out",
                                   str(tmp_path / "gold.jsonl")])
    assert out.exit_code == 0 and "toposcope: warning: 1 toponyms had" in out.stderr, out.output


# One rule for both tools' offsets: outside the text, refused; inside it but not giving the
# region's stored text (Label Studio keeps it, doccano does not), looked for nearby and counted.
@pytest.mark.parametrize("tool, content, where", [
    ("labelstudio", json.dumps([_ls_task([_labels(900, 904, text="Cork")])]),
     "task 1: not a Label Studio task: offsets 900-904 outside the task's text"),
    ("doccano", json.dumps({"id": 1, "text": TEXT, "label": [[900, 904, "LOC"]]}) + "\n",
     "1: not a doccano record: offsets 900-904 outside the text"),
])
def test_label_studio_offsets_outside_the_text_are_refused_as_doccanos_are(
        tmp_path, tool, content, where):
    path = tmp_path / "export"
    path.write_text(content)
    out = tmp_path / "gold.jsonl"
    result = CliRunner().invoke(app, ["convert", "--from", tool, str(path), "--out", str(out)])
    assert result.exit_code == 2 and not out.exists()
    [line] = result.output.strip().splitlines()
    assert line.startswith(f"toposcope: error: {path}:") and where in line, line


def test_label_studio_offsets_inside_the_text_that_miss_their_text_are_repaired_and_counted(
        tmp_path):
    cork = TEXT.index("Cork")
    path = tmp_path / "export.json"
    path.write_text(json.dumps([_ls_task([_labels(cork - 2, cork + 2, text="Cork")])]))
    result = convert("labelstudio", path)
    assert result.documents[0]["toponyms"][0]["start"] == cork
    assert result.repairs.repaired == 1


def test_label_studio_utf16_offsets_past_the_code_point_end_are_inside_the_text(tmp_path):
    text = "🌊🌊 Cork"  # Cork is 5-9 in UTF-16 units, 3-7 in characters: 9 > len(text)
    path = tmp_path / "export.json"
    path.write_text(json.dumps([_ls_task([_labels(5, 9, text="Cork")], text=text)]))
    [doc] = convert("labelstudio", path).documents
    assert doc["toponyms"][0] == {"start": 3, "end": 7, "text": "Cork", "label": "LOC"}


def _doccano_line(tmp_path, record):
    path = tmp_path / "doccano.jsonl"
    path.write_text(json.dumps({"id": 0, "text": "ok", "label": []}) + "\n"
                    + json.dumps(record) + "\n")
    return path


def test_doccano_record_with_entities_and_label_that_differ_is_refused(tmp_path):
    path = _doccano_line(tmp_path, {"id": 1, "text": "Rain in Oslo and Bergen.",
                                    "label": [[8, 12, "GPE"]],
                                    "entities": [{"start_offset": 17, "end_offset": 23,
                                                  "label": "GPE"}]})
    with pytest.raises(InputError) as info:
        convert("doccano", path)
    assert str(info.value) == (
        f"{path}:2: not a doccano record: both 'entities' (1 spans) and 'label' (1 spans) are "
        "given and they differ: export one of them")


def test_doccano_record_with_entities_and_label_that_agree_is_read_once(tmp_path):
    path = _doccano_line(tmp_path, {"id": 1, "text": "Rain in Oslo.", "label": [[8, 12, "GPE"]],
                                    "entities": [{"id": 4, "start_offset": 8, "end_offset": 12,
                                                  "label": "GPE"}]})
    assert convert("doccano", path).documents[1]["toponyms"] == [
        {"start": 8, "end": 12, "text": "Oslo", "label": "GPE"}]


def _annotation(n, result, **fields):
    return {"id": n, "result": result, "was_cancelled": False, **fields}


def _two_annotators(first, second, **ground_truth):
    cork = TEXT.index("Cork")
    said = {"both": [_labels(11, 17, text="Galway")],
            "cork": [_labels(11, 17, text="Galway"), _labels(cork, cork + 4, region="r2",
                                                             text="Cork")],
            "point": [_labels(11, 17, text="Galway"), _textarea("point", "53.27, -9.05")]}
    return {"id": 7, "data": {"text": TEXT, "doc_id": "news-1"},
            "annotations": [_annotation(11, said[first], **ground_truth.get("a", {})),
                            _annotation(12, said[second], **ground_truth.get("b", {}))]}


def test_label_studio_reads_the_ground_truth_annotation_and_names_disagreeing_tasks(tmp_path):
    path = tmp_path / "export.json"
    path.write_text(json.dumps([_two_annotators("both", "cork", b={"ground_truth": True})]))
    result = convert("labelstudio", path)
    assert [t["text"] for t in result.documents[0]["toponyms"]] == ["Galway", "Cork"]
    assert result.warnings == [
        "annotators disagree on 1 tasks, each read from its annotation marked ground_truth, "
        "else its first: task 1 'news-1' (annotation 12 of 2, ground truth)"]
    run = CliRunner().invoke(app, ["convert", "--from", "labelstudio", str(path), "--out",
                                   str(tmp_path / "gold.jsonl")])
    assert run.exit_code == 0 and "toposcope: warning: annotators disagree on 1 tasks" in (
        run.stderr)


@pytest.mark.parametrize("first, second, warned", [
    ("cork", "both", True),     # on a span
    ("point", "both", True),    # on a place
    ("cork", "cork", False),    # agree: nothing to say
])
def test_label_studio_without_ground_truth_reads_the_first_and_says_so_if_they_differ(
        tmp_path, first, second, warned):
    path = tmp_path / "export.json"
    path.write_text(json.dumps([_two_annotators(first, second)]))
    result = convert("labelstudio", path)
    assert len(result.documents[0]["toponyms"]) == (2 if first == "cork" else 1)
    assert result.warnings == (["annotators disagree on 1 tasks, each read from its annotation "
                                "marked ground_truth, else its first: task 1 'news-1' "
                                "(annotation 11 of 2)"] if warned else [])
