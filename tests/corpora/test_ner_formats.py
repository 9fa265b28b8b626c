"""NER data read as gold: CoNLL (IOB1, IOB2, BIOES; tab and space; both document
separators), CoNLL-U with GUM's Entity column, WoTR's XML and JSON; other entities kept,
through DocBin and back, and read back by the gold reader. Fixtures are hand-made
(tests/fixtures/ner); the shared corpora are checked when ../shared is there."""

import io
import json
import re

import pytest
from typer.testing import CliRunner

from geoparser.cli.convert import run_convert
from geoparser.cli.main import app
from geoparser.corpora import convert
from geoparser.corpora.base import ReadOptions
from geoparser.corpora.entity_types import parse_types
from geoparser.errors import InputError, UsageError
from geoparser.io.documents import read_gold
from geoparser.model import GoldEntity
from tests.conftest import ROOT, SHARED

NER = ROOT / "tests" / "fixtures" / "ner"
CORPORA = SHARED / "corpora"


def docs_of(fmt, path, **options):
    return {d["id"]: d for d in convert(fmt, path, ReadOptions(**options)).documents}


def spans(doc, key="toponyms"):
    return [(x["text"], x.get("kind", x.get("label"))) for x in doc.get(key, [])]


def test_conll_iob2_tab_separated_with_docstart_lines():
    docs = docs_of("conll", NER / "iob2_tab.conll")
    assert list(docs) == ["iob2_tab-1", "iob2_tab-2"]
    first = docs["iob2_tab-1"]
    assert first["text"] == ("Floods hit New York .\n"
                             "Mayor Eric Adams of New York City Council spoke .")
    assert first["toponyms"] == [{"start": 11, "end": 19, "text": "New York", "label": "LOC"}]
    assert first["entities"] == [
        {"start": 28, "end": 38, "text": "Eric Adams", "kind": "person", "label": "PER"},
        {"start": 42, "end": 63, "text": "New York City Council", "kind": "organisation",
         "label": "ORG"}]
    assert spans(docs["iob2_tab-2"]) == [("Paris", "GPE"), ("Texas", "GPE")]
    assert spans(docs["iob2_tab-2"], "entities") == [("Paris Hilton", "person")]


def test_conll_iob1_space_separated_each_sentence_a_document():
    result = convert("conll", NER / "iob1_space.conll")
    first, second = result.documents
    assert first["text"] == "EU rejects German call"  # the middle columns are not tokens
    assert spans(first, "entities") == [("EU", "organisation"), ("German", "other")]
    # IOB1: I- starts an entity, B- splits two of the same type that touch
    assert spans(second) == [("Brussels", "LOC"), ("London", "LOC")]
    assert "read as IOB1" in result.notes[0]


def test_the_document_separator_can_be_chosen():
    by_sentence = docs_of("conll", NER / "iob2_tab.conll", documents="blank")
    assert [d["text"] for d in by_sentence.values()] == [
        "Floods hit New York .", "Mayor Eric Adams of New York City Council spoke .",
        "Paris Hilton visited Paris , Texas ."]
    whole = docs_of("conll", NER / "iob1_space.conll", documents="docstart")
    assert [d["text"] for d in whole.values()] == [
        "EU rejects German call\nPeter Blackburn in Brussels London"]


def test_bioes_tags(tmp_path):
    path = tmp_path / "bioes.tsv"
    path.write_text("In\tO\nSanta\tB-LOC\nFe\tE-LOC\nand\tO\nRome\tS-LOC\nBob\tS-PER\n")
    doc, = convert("conll", path).documents
    assert spans(doc) == [("Santa Fe", "LOC"), ("Rome", "LOC")]
    assert spans(doc, "entities") == [("Bob", "person")]


def test_types_override_the_defaults_and_unknown_types_are_reported():
    docs = docs_of("conll", NER / "iob2_tab.conll", types=parse_types("ORG=toponym,PER=ignore"))
    assert spans(docs["iob2_tab-1"]) == [("New York", "LOC"), ("New York City Council", "ORG")]
    assert "entities" not in docs["iob2_tab-1"]
    result = convert("conll", NER / "iob1_space.conll",
                     ReadOptions(types=parse_types("ORG=toponym")))
    assert result.warnings == []
    with pytest.raises(UsageError, match="--types: 'ORG' is not TYPE=KIND"):
        parse_types("ORG")
    with pytest.raises(UsageError, match="not TYPE=KIND"):
        parse_types("ORG=building")


@pytest.mark.parametrize(("content", "line", "message"), [
    ("Rain\tO\nin\tO\nOslo\tI-LOC\n\nSnow\tB-LOC\n", 3,
     "I-LOC after O starts no entity in IOB2"),
    ("Rain\tO\nin\tO\tX\n", 2, "3 columns where line 1 has 2 (tab-separated)"),
    ("Rain O\nin O\nOslo LOC\n", 3, "tag 'LOC' is not O or B-TYPE"),
    ("Rain\tO\nin\tB-PER\nOslo\tI-LOC\n", 3, "I-LOC after PER starts no entity"),
    ("Rain\n", 1, "a token without a tag"),
    ("Rain\tO\n\tB-LOC\n", 2, "an empty token tagged B-LOC"),
])
def test_bad_conll_is_refused_at_its_line(tmp_path, content, line, message):
    path = tmp_path / "bad.conll"
    path.write_text(content)
    with pytest.raises(InputError, match=re.escape(message)) as caught:
        convert("conll", path)
    assert caught.value.line == line and caught.value.path == str(path)


def test_a_forced_scheme_is_kept_to():
    with pytest.raises(InputError, match="I-ORG after O starts no entity in IOB2") as caught:
        convert("conll", NER / "iob1_space.conll", ReadOptions(tags="iob2"))
    assert caught.value.line == 1


def test_bad_conll_stops_convert_in_one_line_and_writes_nothing(tmp_path):
    bad = tmp_path / "bad.conll"
    bad.write_text("Rain\tO\nOslo\tB-LOC\n\nin\tO\tX\n")
    out = tmp_path / "gold.jsonl"
    result = CliRunner().invoke(app, ["convert", "--from", "conll", str(bad), "--out",
                                      str(out)])
    assert result.exit_code == 2 and not out.exists()
    assert result.output.strip().splitlines() == [
        f"toposcope: error: {bad}:4: 3 columns where line 1 has 2 (tab-separated)"]


def test_blank_tokens_tagged_o_are_skipped_with_a_warning(tmp_path):
    path = tmp_path / "tweets.conll"
    path.write_text("Rain\tO\n \tO\nin\tO\nOslo\tB-LOC\n")
    err = io.StringIO()
    run_convert("conll", path, io.StringIO(), err)
    assert "1 tokens empty or only white space (tagged O) were skipped: line 2" in err.getvalue()


def test_a_folder_is_read_whole_with_ids_from_paths(tmp_path):
    (tmp_path / "news").mkdir()
    (tmp_path / "news" / "dev.txt").write_text("Oslo\tB-LOC\n\nBob\tB-PER\n")
    (tmp_path / "README.md").write_text("not data")
    docs = docs_of("conll", tmp_path)
    assert list(docs) == ["news/dev-1", "news/dev-2"]


def test_conllu_with_gum_entities():
    result = convert("conllu", NER / "gum_style.conllu")
    doc_a, doc_b, doc_c = result.documents
    assert doc_a["id"] == "doc_a" and doc_b["id"] == "doc_b"
    # SpaceAfter=No, a paragraph on a new line, a multiword token as its surface form
    assert doc_a["text"] == ("Rain fell on Durham.\n"
                             "Jane Smith joined Durham University and Jane's cat.")
    assert doc_a["toponyms"] == [
        {"start": 13, "end": 19, "text": "Durham", "label": "place", "name": "Durham, England"},
        {"start": 39, "end": 45, "text": "Durham", "label": "place", "name": "Durham, England"}]
    assert doc_a["entities"] == [
        {"start": 21, "end": 31, "text": "Jane Smith", "kind": "person", "label": "person"},
        {"start": 39, "end": 56, "text": "Durham University", "kind": "organisation",
         "link": "Durham_University", "label": "organization"},  # nested over the place
        {"start": 61, "end": 67, "text": "Jane's", "kind": "person", "label": "person"}]
    assert doc_b["entities"] == [{"start": 6, "end": 10, "text": "Mars", "kind": "other",
                                  "link": "Mars", "label": "planet"}]
    # a mention is a noun phrase; its name leaves out "the" and "'s"
    assert doc_c["toponyms"] == [{"start": 12, "end": 14, "text": "UK", "label": "place",
                                  "name": "United Kingdom"}]
    assert "planet (1)" in result.warnings[0]
    assert doc_c["text"] == "We left the UK's shores. It rains."
    # "Rain", and "It" though GUM links it to the United Kingdom
    assert result.notes == ["2 entity mentions without a name (no proper noun: pronouns, "
                            "common nouns) were left out"]


@pytest.mark.parametrize(("content", "message"), [
    ("1\tRain\train\tNOUN\t_\t_\t0\troot\t_\n", "9 columns where CoNLL-U has 10"),
    ("1\tRain\train\tNOUN\t_\t_\t0\troot\t_\tEntity=3)\n", "Entity closes 3) but no mention"),
    ("x\tRain\train\tNOUN\t_\t_\t0\troot\t_\t_\n", "ID 'x' is not a word number"),
])
def test_bad_conllu_is_refused_at_its_line(tmp_path, content, message):
    path = tmp_path / "bad.conllu"
    path.write_text("# text = Rain\n" + content)
    with pytest.raises(InputError, match=re.escape(message)) as caught:
        convert("conllu", path)
    assert caught.value.line == 2


def test_wotr_xml_toponyms_with_selected_points():
    doc, = convert("wotr", NER / "wotr_style.xml").documents
    assert doc == {"id": "61-7",
                   "text": "Colonel Morgan marched to Red House Landing and Memphis .",
                   "toponyms": [{"start": 26, "end": 43, "text": "Red House Landing"},
                                {"start": 48, "end": 55, "text": "Memphis", "lat": 35.1495,
                                 "lon": -90.049}]}


def test_wotr_json_people_organisations_and_polygon_centroids():
    result = convert("wotr", NER / "wotr_style.json")
    doc, = result.documents
    assert doc["id"] == "77-10"
    memphis, texas = doc["toponyms"]
    assert (memphis["lat"], memphis["lon"]) == (35.15, -90.05)
    assert (texas["text"], texas["lat"], texas["lon"]) == ("Texas", 32.0, -98.0)  # centroid
    assert spans(doc, "entities") == [("Sturgis", "person"),
                                      ("Ninth Minnesota Infantry", "organisation")]
    assert result.warnings == ["wotr_style.json: document 77-10: person 'Sherman' at 0-6 does "
                               "not match the text; skipped"]


def test_convert_reports_other_entities_and_round_trips_them_through_docbin(tmp_path):
    gold = tmp_path / "gold.jsonl"
    err = io.StringIO()
    run_convert("conllu", NER / "gum_style.conllu", io.StringIO(), err, out_path=gold)
    assert "converted 3 documents, 3 toponyms, 4 other entities from conllu" in err.getvalue()
    spacy_file = tmp_path / "gold.spacy"
    run_convert("conllu", NER / "gum_style.conllu", io.StringIO(), io.StringIO(), to="docbin",
                out_path=spacy_file)
    back = tmp_path / "back.jsonl"
    run_convert("docbin", spacy_file, io.StringIO(), io.StringIO(), out_path=back)
    assert back.read_text() == gold.read_text()


def test_gold_documents_read_their_entities_back(tmp_path):
    gold = tmp_path / "gold.jsonl"
    run_convert("conll", NER / "iob2_tab.conll", io.StringIO(), io.StringIO(), out_path=gold)
    doc = read_gold(gold)[0]
    assert doc.entities == (GoldEntity(28, 38, "Eric Adams", "person", label="PER"),
                            GoldEntity(42, 63, "New York City Council", "organisation",
                                       label="ORG"))


@pytest.mark.parametrize(("entity", "message"), [
    ({"start": 0, "end": 99, "text": "Bob", "kind": "person"}, "entity 1: offsets 0-99 are "
     "outside the text"),
    ({"start": 0, "end": 3, "text": "Bob", "kind": "place"}, "entity 1: 'kind' must be one of "
     "person, organisation, other"),
    ({"text": "Bob", "kind": "person"}, "entity 1: an entity needs 'start' and 'end'"),
])
def test_bad_gold_entities_are_refused_at_their_line(tmp_path, entity, message):
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"id": "a", "text": "Rain.", "toponyms": []}\n' + json.dumps(
        {"id": "b", "text": "Bob in Oslo.", "toponyms": [], "entities": [entity]}) + "\n")
    with pytest.raises(InputError, match=re.escape(message)) as caught:
        read_gold(gold)
    assert caught.value.line == 2


def test_annotation_tools_labels_that_name_people_become_entities(tmp_path):
    path = tmp_path / "doccano.jsonl"
    path.write_text(json.dumps({"id": 1, "text": "Bob flew to Oslo.",
                                "label": [[0, 3, "PER"], [12, 16, "City"]]}) + "\n")
    doc, = convert("doccano", path).documents
    assert spans(doc) == [("Oslo", "City")]
    assert doc["entities"] == [{"start": 0, "end": 3, "text": "Bob", "kind": "person",
                                "label": "PER"}]
    studio = tmp_path / "ls.json"
    studio.write_text(json.dumps([{"id": 4, "text": "Bob flew to Oslo.", "label": [
        {"start": 0, "end": 3, "text": "Bob", "labels": ["ORG"]},
        {"start": 12, "end": 16, "text": "Oslo", "labels": ["TOPONYM"]}]}]))
    doc, = convert("labelstudio", studio, ReadOptions(types={"ORG": "person"})).documents
    assert spans(doc) == [("Oslo", "TOPONYM")]
    assert spans(doc, "entities") == [("Bob", "person")]


def test_options_for_formats_that_take_none_are_refused():
    with pytest.raises(UsageError, match="apply to conll"):
        convert("lgl", ROOT / "tests" / "fixtures" / "lgl_sample.xml",
                ReadOptions(documents="blank"))


needs_shared = pytest.mark.skipif(not CORPORA.exists(), reason="../shared/corpora is absent")


@needs_shared
@pytest.mark.parametrize(("fmt", "folder", "docs", "toponyms", "entities", "warnings"), [
    ("conll", "btc", 9338, 2822, 12063, 2),
    ("conll", "wnut17", 4403, 622, 2189, 0),
    ("conll", "crossner", 5327, 3781, 27406, 0),
    ("conllu", "gum", 108, 2065, 4753, 0),
    ("wotr", "wotr", 1644, 11792, 1727, 4),
])
def test_shared_ner_corpora_convert_to_valid_gold(tmp_path, fmt, folder, docs, toponyms,
                                                  entities, warnings):
    result = convert(fmt, CORPORA / folder)
    out = tmp_path / "gold.jsonl"
    out.write_text("".join(json.dumps(d) + "\n" for d in result.documents))
    gold = read_gold(out)  # every offset matches its text, every kind is known
    assert len(gold) == docs
    assert sum(len(d.toponyms) for d in gold) == toponyms
    assert sum(len(d.entities) for d in gold) == entities
    assert len(result.warnings) == warnings


def test_gold_jsonl_converted_again_keeps_its_entities(tmp_path):
    gold = tmp_path / "gold.jsonl"
    run_convert("wotr", NER / "wotr_style.json", io.StringIO(), io.StringIO(), out_path=gold)
    again = tmp_path / "again.jsonl"
    run_convert("jsonl", gold, io.StringIO(), io.StringIO(), out_path=again)
    first, second = (json.loads(p.read_text()) for p in (gold, again))
    assert second["entities"] == first["entities"] and len(first["entities"]) == 2


def test_conll_2003_layout_with_crlf_and_a_byte_order_mark(tmp_path):
    path = tmp_path / "eng.testa"
    path.write_bytes("\ufeff-DOCSTART- -X- -X- O\r\n\r\nCRICKET NNP B-NP O\r\n- : O O\r\n"
                     "LEICESTERSHIRE NNP B-NP B-ORG\r\nIN IN B-PP O\r\nLONDON NNP B-NP B-LOC\r\n"
                     "\r\n-DOCSTART- -X- -X- O\r\n\r\nJapan NNP B-NP B-LOC\r\n".encode())
    docs = docs_of("conll", path)
    assert [d["text"] for d in docs.values()] == [
        "CRICKET - LEICESTERSHIRE IN LONDON", "Japan"]
    assert spans(docs["eng-1"]) == [("LONDON", "LOC")]
    assert spans(docs["eng-1"], "entities") == [("LEICESTERSHIRE", "organisation")]
