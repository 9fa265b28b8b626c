"""The BRAT corpora (GeoWebNews, SemEval-2019 Task 12): a folder or one document, and a folder
of one corpus's annotations refused when read as the other's."""

import pytest
from typer.testing import CliRunner

from geoparser.cli.main import app
from geoparser.corpora import convert
from geoparser.corpora.geowebnews import TOPONYM_TYPES
from geoparser.errors import InputError
from tests.conftest import SHARED

CORPORA = SHARED / "corpora"
needs_shared = pytest.mark.skipif(not CORPORA.exists(), reason="../shared/corpora is absent")

GWN_ANN = ("T1\tLiteral 10 15\tParis\nT2\tNon_Toponym 20 24\tbank\n"
           "#1\tAnnotatorNotes T1\t48.85, 2.35\n")
SEMEVAL_ANN = ("T1\tLocation 10 15\tParis\nT2\tProtein 20 24\tbank\n"
               "#1\tAnnotatorNotes T1\t<latlng>48.85, 2.35</latlng><geoID>2988507</geoID>\n")
TEXT = "Snow fell Paris, a bank there."


def _folder(tmp_path, ann, n=2, name="brat"):
    folder = tmp_path / name
    folder.mkdir()
    for k in range(n):
        (folder / f"{k}.txt").write_text(TEXT)
        (folder / f"{k}.ann").write_text(ann)
    return folder


def _refused(args, out):
    result = CliRunner().invoke(app, ["convert", *args, "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert not out.exists()
    [line] = result.output.strip().splitlines()
    return line


def test_the_format_types_hold_geowebnews_toponym_types():
    from geoparser.corpora.brat import CORPUS_TYPES

    assert TOPONYM_TYPES.issubset(CORPUS_TYPES["gwn"])


@pytest.mark.parametrize("asked, ann, found, suggested", [
    ("semeval2019", GWN_ANN, "Literal (2), Non_Toponym (2)", "gwn"),
    ("gwn", SEMEVAL_ANN, "Location (2), Protein (2)", "semeval2019"),
])
def test_semeval_on_geowebnews_brat_is_refused_naming_the_format_it_looks_like(
        tmp_path, asked, ann, found, suggested):
    """Not "converted 200 documents, 0 toponyms", exit 0: one line naming the folder, the types
    found and the format they look like, exit 2, nothing written."""
    folder = _folder(tmp_path, ann)
    line = _refused(["--from", asked, str(folder)], tmp_path / "gold.jsonl")
    assert line == (f"toposcope: error: {folder}: none of the 4 annotations is of a type "
                    f"--from {asked} reads: found {found}; they look like --from {suggested}")


def test_brat_types_no_format_reads_are_refused_without_a_guess(tmp_path):
    folder = _folder(tmp_path, "T1\tLOC 10 15\tParis\nT2\tPER 0 4\tSnow\n", n=1)
    with pytest.raises(InputError, match="no BRAT format read here uses these types"):
        convert("gwn", folder)


def test_a_folder_holding_its_formats_types_among_others_is_read(tmp_path):
    folder = _folder(tmp_path, SEMEVAL_ANN + "T9\tLiteral 0 4\tSnow\n", n=1)
    [doc] = convert("semeval2019", folder).documents
    assert [t["text"] for t in doc["toponyms"]] == ["Paris"]


def test_documents_without_any_annotation_convert_with_a_warning(tmp_path):
    folder = _folder(tmp_path, "", n=2)
    result = convert("semeval2019", folder)
    assert len(result.documents) == 2
    assert result.warnings == [f"not one annotation in the 2 documents of {folder}: is it a "
                               "semeval2019 corpus with its gold?"]
    run = CliRunner().invoke(app, ["convert", "--from", "semeval2019", str(folder), "--out",
                                   str(tmp_path / "gold.jsonl")])
    assert run.exit_code == 0 and "toposcope: warning: not one annotation" in run.stderr


@pytest.mark.parametrize("fmt, ann", [("gwn", GWN_ANN), ("semeval2019", SEMEVAL_ANN)])
@pytest.mark.parametrize("given", ["1.ann", "1.txt"])
def test_gwn_given_one_ann_file_reads_that_document_not_the_folder(tmp_path, fmt, ann, given):
    folder = _folder(tmp_path, ann, n=3)
    result = convert(fmt, folder / given)
    assert [d["id"] for d in result.documents] == ["gwn-1" if fmt == "gwn" else "1"]
    assert [t["text"] for t in result.documents[0]["toponyms"]] == ["Paris"]
    assert len(convert(fmt, folder).documents) == 3


@pytest.mark.parametrize("name, write, message", [
    ("0.txt", False, "no .ann file beside this .txt file"),
    ("notes.md", True, "not a BRAT file: give a folder of .ann/.txt pairs, or one .ann file"),
])
def test_a_file_that_names_no_brat_document_is_refused_in_one_line(tmp_path, name, write,
                                                                   message):
    path = tmp_path / name
    path.write_text(TEXT)
    for fmt in ("gwn", "semeval2019"):
        assert _refused(["--from", fmt, str(path)], tmp_path / "gold.jsonl") == (
            f"toposcope: error: {path}: {message}")


def test_geowebnews_text_that_is_not_utf8_is_one_line_naming_the_file(tmp_path):
    folder = _folder(tmp_path, GWN_ANN, n=1)
    (folder / "0.txt").write_bytes(b"Snow fell\n\xed\xa0\xb5 Paris")
    line = _refused(["--from", "gwn", str(folder)], tmp_path / "gold.jsonl")
    assert line.startswith(f"toposcope: error: {folder / '0.txt'}:2: not UTF-8 text")


@needs_shared
def test_semeval_on_the_shared_geowebnews_folder_is_refused_naming_gwn(tmp_path):
    brat = CORPORA / "geowebnews" / "brat"
    line = _refused(["--from", "semeval2019", str(brat)], tmp_path / "gold.jsonl")
    assert line.startswith(f"toposcope: error: {brat}: none of the ")
    assert line.endswith("; they look like --from gwn")


@needs_shared
def test_gwn_given_the_shared_0_ann_reads_one_document_with_its_points():
    result = convert("gwn", CORPORA / "geowebnews" / "brat" / "0.ann")
    [doc] = result.documents
    assert doc["id"] == "gwn-0" and doc["toponyms"]
    assert doc == next(d for d in convert("gwn", CORPORA / "geowebnews" / "brat").documents
                       if d["id"] == "gwn-0")  # GWN.xml beside the folder still gives points


def test_geowebnews_headline_line_is_not_the_articles_text(tmp_path):
    """GeoWebNews' annotators left each BRAT file's "TITLE: ... LINK: ..." line unannotated:
    a place in a headline is no false positive, and a toponym marked there is left out."""
    title = "TITLE: Snow in Oslo and Bergen LINK: http://x.no/a\n"
    body = "Snow fell Paris, a bank there."
    folder = tmp_path / "brat"
    folder.mkdir()
    (folder / "0.txt").write_text(title + body)
    n = len(title)
    (folder / "0.ann").write_text(
        f"T1\tLiteral 15 19\tOslo\nT2\tLiteral {n + 10} {n + 15}\tParis\n"
        f"T3\tNon_Toponym {n + 19} {n + 23}\tbank\n#1\tAnnotatorNotes T2\t48.85, 2.35\n")
    result = convert("gwn", folder)
    [doc] = result.documents
    assert doc["text"] == body
    assert [(t["text"], t["start"], t["end"], t["lat"]) for t in doc["toponyms"]] == [
        ("Paris", 10, 15, 48.85)]
    assert result.repairs.total == 0
    assert any(note.startswith("1 toponyms in an article's TITLE/LINK line") for note in
               result.notes)


@needs_shared
def test_geowebnews_text_is_the_release_xmls_text():
    from geoparser.corpora.xml_text import parse

    xml = parse(CORPORA / "geowebnews" / "GWN.xml")
    texts = {f"gwn-{a.get('file')}": a.findtext("text") for a in xml.iter("article")}
    result = convert("gwn", CORPORA / "geowebnews" / "brat")
    assert {d["id"]: d["text"] for d in result.documents} == texts
    assert not any(d["text"].startswith("TITLE:") for d in result.documents)


def test_wotr_given_geovirus_xml_warns_that_it_found_no_documents(tmp_path):
    """Any converter, not only BRAT's: a file of another format that yields nothing says so."""
    xml = tmp_path / "GeoVirus.xml"
    xml.write_text("<articles><article><text>Flu in Hanoi.</text><locations><location>"
                   "<name>Hanoi</name><start>8</start><end>13</end></location></locations>"
                   "</article></articles>")
    result = convert("wotr", xml)
    assert result.documents == []
    assert result.warnings == [f"no documents in {xml}: is it a wotr corpus?"]
