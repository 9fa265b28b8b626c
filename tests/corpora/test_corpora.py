"""Corpus converters: the LGL fixture, the repair rule, BRAT reading, and (when ../shared is
there) every public corpus under shared/corpora, which must convert into valid gold JSONL."""

import io
import json

import pytest

from geoparser.cli.convert import run_convert
from geoparser.corpora import CONVERTERS, convert, read_corpus
from geoparser.corpora.brat import read_ann
from geoparser.corpora.repair import Repairs
from geoparser.corpora.semeval2019 import read_text
from geoparser.errors import InputError
from geoparser.io.documents import read_gold
from tests.conftest import ROOT, SHARED

LGL = ROOT / "tests" / "fixtures" / "lgl_sample.xml"
CORPORA = SHARED / "corpora"


def test_formats_registered():
    assert CONVERTERS.names() == ["conll", "conllu", "docbin", "doccano", "geovirus", "gwn",
                                  "jsonl", "labelstudio", "lgl", "semeval2019", "wiktor",
                                  "wotr"]


def test_lgl_fixture():
    result = convert("lgl", LGL)
    docs = {d["id"]: d for d in result.documents}
    assert list(docs) == ["t001", "t002"]
    york, selby, paris, texas = docs["t001"]["toponyms"]
    assert york == {"start": 31, "end": 35, "text": "York", "lat": 53.95763, "lon": -1.08271,
                    "geonameid": 2633352, "name": "York"}
    assert paris["geonameid"] == 4717560 and "Paris & Texas" in docs["t001"]["text"]
    assert texas == {"start": 71, "end": 76, "text": "Texas"}  # no gaztag: a span, no point
    geneva, atlantis = docs["t002"]["toponyms"]
    assert (geneva["start"], geneva["end"]) == (9, 15)  # off by one: found nearby
    assert atlantis == {"text": "Atlantis"}  # nowhere in the text: kept, without offsets
    assert (result.repairs.repaired, result.repairs.unplaced) == (1, 1)
    # The paper an article appeared in is its source; an article without one has none.
    assert docs["t001"]["source"] == "yorkpress.co.uk" and "source" not in docs["t002"]


def test_convert_command_writes_valid_gold_and_warns(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    assert run_convert("lgl", LGL, out, err) == 2
    path = tmp_path / "lgl.jsonl"
    path.write_text(out.getvalue())
    gold = read_gold(path)
    assert sum(len(d.toponyms) for d in gold) == 6
    assert "2 annotations had offsets that did not match" in err.getvalue()
    assert "1 repaired" in err.getvalue() and "1 kept without offsets" in err.getvalue()


def test_read_corpus_gives_the_documents_a_gold_file_would(tmp_path):
    out = io.StringIO()
    run_convert("lgl", LGL, out, io.StringIO())
    path = tmp_path / "lgl.jsonl"
    path.write_text(out.getvalue())
    assert read_corpus("lgl", LGL, 25.0) == read_gold(path, 25.0)
    assert read_corpus("lgl", LGL)[0].source == "yorkpress.co.uk"
    york = read_corpus("lgl", LGL)[0].toponyms[0]
    assert (york.text, york.tolerance_km) == ("York", 10.0)  # the documented default


def test_unknown_format_and_missing_path(tmp_path):
    with pytest.raises(Exception, match="unknown corpus format 'tei'"):
        convert("tei", LGL)
    with pytest.raises(InputError, match="not found"):
        convert("lgl", tmp_path / "nope.xml")


def test_malformed_xml_is_located(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<articles>\n<article>\n</articles>\n")
    with pytest.raises(InputError, match="malformed XML") as info:
        convert("lgl", bad)
    assert info.value.line == 3


def test_repair_prefers_exact_then_loose_then_nearest():
    r = Repairs()
    text = "York, then New York, then York again"
    assert r.locate(text, "York", 0, 4, "a") == (0, 4)
    assert r.locate(text, "York", 24, 28, "b") == (26, 30)  # the occurrence nearest 24
    assert r.locate("Hadejia-\r\nNguru ok", "Hadejia-Nguru", 0, 15, "c") == (0, 15)
    assert r.locate(text, "Leeds", 3, 8, "d") == (None, None)
    assert (r.repaired, r.unplaced) == (1, 1) and len(r.details) == 2


def test_brat_reader_keeps_multiline_and_tabbed_text(tmp_path):
    ann = tmp_path / "x.ann"
    ann.write_text("T1\tLocation 0 3;4 9\tSan\n Diego\nT2\tLocation 10 19\tSri\tLanka\n"
                   "#1\tAnnotatorNotes T1\t<latlng>32.7, -117.1</latlng><geoID>5391811</geoID>\n")
    t1, t2 = read_ann(ann)
    assert (t1.start, t1.end, t1.phrase, t1.notes) == (
        0, 9, "San\n Diego", ["<latlng>32.7, -117.1</latlng><geoID>5391811</geoID>"])
    assert t2.phrase == "Sri\tLanka"


def test_semeval_text_keeps_crlf_and_bom_and_joins_surrogates(tmp_path):
    p = tmp_path / "a.txt"
    p.write_bytes("\ufeffA\r\n".encode() + b"\xed\xa0\xb5\xed\xb1\x9b" + b" Oslo")
    text, joined = read_text(p)
    assert text.startswith("\ufeffA\r\n") and "\U0001d45b" in text and joined == [4]


needs_shared = pytest.mark.skipif(not CORPORA.exists(), reason="../shared/corpora is absent")


@needs_shared
@pytest.mark.parametrize(("fmt", "path", "docs", "toponyms", "with_point"), [
    ("geovirus", "geovirus/GeoVirus.xml", 229, 2170, 2170),
    ("wiktor", "wiktor/WikToR_reconstructed_from_EUPEG.jsonl", 5000, 25242, 25242),
    ("gwn", "geowebnews/brat", 200, 2718, 2539),
    ("semeval2019", "semeval2019_task12/Training/Training_Data_Participant", 73, 3059, 3026),
    ("semeval2019", "semeval2019_task12/Test/Test_Task2_Participants", 45, 3663, 0),
])
def test_public_corpora_convert_to_valid_gold(tmp_path, fmt, path, docs, toponyms, with_point):
    result = convert(fmt, CORPORA / path)
    out = tmp_path / "gold.jsonl"
    out.write_text("".join(json.dumps(d) + "\n" for d in result.documents))
    gold = read_gold(out)  # every offset matches its text, every point is valid
    assert len(gold) == docs
    assert sum(len(d.toponyms) for d in gold) == toponyms
    assert sum(t.has_point for d in gold for t in d.toponyms) == with_point
    assert result.repairs.total <= 0.01 * toponyms


@needs_shared
def test_geovirus_offsets_are_one_based():
    gold = convert("geovirus", CORPORA / "geovirus/GeoVirus.xml")
    first = gold.documents[0]["toponyms"][0]
    assert (first["text"], first["start"], first["end"]) == ("Pandi", 169, 174)
    assert gold.repairs.total == 0


@needs_shared
def test_geowebnews_keeps_toponym_types():
    labels = {t["label"] for d in convert("gwn", CORPORA / "geowebnews/brat").documents
              for t in d["toponyms"]}
    assert {"Literal", "Metonymic", "Demonym", "Literal_Modifier"} <= labels
    assert not labels & {"Non_Toponym", "Literal_Expression", "Non_Lit_Expression"}


def _wiktor(tmp_path, records):
    path = tmp_path / "wiktor.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def _place(text, phrase, lat, lon):
    start = text.index(phrase)
    return {"start": start, "end": start + len(phrase), "phrase": phrase, "lat": lat,
            "lon": lon}


def test_convert_warns_and_counts_every_dropped_coordinate(tmp_path):
    # Strings where WikToR has numbers are a malformed record (one line, exit 2: see
    # test_wiktor_wrong_types_are_one_line); unreadable strings in XML corpora are counted below.
    text = "Paris, Lyon, Metz and Brest."
    path = _wiktor(tmp_path, [{"doc_index": 0, "text": text, "toponyms": [
        _place(text, "Paris", 954.0, 2.35),          # latitude out of range
        _place(text, "Lyon", float("nan"), 4.8),     # NaN (Python's json writes it)
        _place(text, "Metz", 49.1, None),            # half a pair
        _place(text, "Brest", 48.39, -4.49),         # fine
    ]}])
    out, err = io.StringIO(), io.StringIO()
    run_convert("wiktor", path, out, err)
    assert "warning: 3 toponyms had coordinates that are not a valid point" in err.getvalue()
    (doc,) = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [("lat" in t, t["text"]) for t in doc["toponyms"]] == [
        (False, "Paris"), (False, "Lyon"), (False, "Metz"), (True, "Brest")]
    result = convert("wiktor", path)
    assert result.dropped.points == 3
    assert any("latitude 954.0 is outside -90..90" in d for d in result.dropped.details)


def test_convert_counts_unreadable_xml_coordinates(tmp_path):
    xml = tmp_path / "gv.xml"
    xml.write_text("<articles><article><source>s</source><text>Snow in Oslo and Rome.</text>"
                   "<locations>"
                   "<location><name>Oslo</name><start>9</start><end>13</end>"
                   "<lat>abc</lat><lon>10.7</lon><page>x</page></location>"
                   "<location><name>Rome</name><start>18</start><end>22</end>"
                   "<lat>95.5</lat><lon>12.5</lon><page>y</page></location>"
                   "</locations></article></articles>")
    result = convert("geovirus", xml)
    assert result.dropped.points == 2
    assert all("lat" not in t for t in result.documents[0]["toponyms"])


def test_convert_never_emits_what_read_gold_rejects(tmp_path):
    text = "Snow in Oslo."
    path = _wiktor(tmp_path, [
        {"doc_index": 1, "text": text, "toponyms": [_place(text, "Oslo", 59.9, 10.7)]},
        {"doc_index": 1, "text": "Rain in Perth.", "toponyms": []},   # repeated id
        {"doc_index": 2, "text": "   ", "toponyms": []},              # empty text
        {"doc_index": 3, "text": "", "toponyms": []},                 # empty text
        {"doc_index": "1~2", "text": "Fog in Cork.", "toponyms": []},  # the suffix is taken
    ])
    out, err = io.StringIO(), io.StringIO()
    assert run_convert("wiktor", path, out, err) == 3
    assert "2 documents with an empty text were skipped" in err.getvalue()
    assert "1 documents repeated an earlier id and were renamed" in err.getvalue()
    gold_file = tmp_path / "gold.jsonl"
    gold_file.write_text(out.getvalue())
    gold = read_gold(gold_file)  # would raise on a duplicate id or an empty text
    assert [d.id for d in gold] == ["wiktor-1", "wiktor-1~3", "wiktor-1~2"]
    assert len(read_corpus("wiktor", path)) == 3
