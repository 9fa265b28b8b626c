"""The table per corpus's command: documents taken every k-th by sorted id, the fold tagger
put in place and taken away, the Markdown it writes, and its errors."""

import json
from pathlib import Path

import pytest

from benchmarks.accuracy import corpus_table
from benchmarks.accuracy.corpus_exposure import Exposure
from benchmarks.accuracy.corpus_scores import CorpusFigures
from benchmarks.accuracy.corpus_table import (
    Row,
    Sample,
    every_kth,
    figures_json,
    fold_tagger,
    main,
    markdown,
    read_figures,
    tagger_at,
)
from benchmarks.corpus_catalogue import entry
from geoparser.errors import InputError, UsageError
from geoparser.model import Document
from geoparser.recognition.transformer_tagger import MODEL_DIR, model_dir


def docs(n, size=10):
    return [Document(f"d{k:03d}", "x" * size) for k in reversed(range(n))]


def test_every_kth_document_by_sorted_id_under_both_caps():
    sample = every_kth(docs(10), limit=4, max_chars=None)
    assert (sample.stride, sample.total) == (3, 10)
    assert [d.id for d in sample.documents] == ["d000", "d003", "d006", "d009"]
    by_chars = every_kth(docs(10, size=100), limit=None, max_chars=250)  # 1,000 characters
    assert by_chars.stride == 4 and len(by_chars.documents) == 3
    assert every_kth(docs(3), limit=10, max_chars=10_000).stride == 1


def test_the_sample_does_not_depend_on_input_order():
    forward = every_kth(list(reversed(docs(25))), limit=6, max_chars=None)
    backward = every_kth(docs(25), limit=6, max_chars=None)
    assert [d.id for d in forward.documents] == [d.id for d in backward.documents]


def test_the_fold_tagger_is_used_meanwhile_and_taken_away(tmp_path, monkeypatch):
    monkeypatch.delenv("TOPOSCOPE_TRANSFORMER_MODEL", raising=False)
    folder = tmp_path / "without-geovirus" / "tagger"
    folder.mkdir(parents=True)
    (folder / "model.onnx").write_bytes(b"fake")
    assert fold_tagger(tmp_path, entry("geovirus")) == folder
    with tagger_at(folder):
        assert model_dir() == folder
    assert model_dir() == MODEL_DIR
    with tagger_at(None):
        assert model_dir() == MODEL_DIR
    with pytest.raises(UsageError, match="no tagger at .*without-geowebnews"):
        fold_tagger(tmp_path, entry("geowebnews"))


def test_a_missing_fold_is_an_error_before_anything_runs(tmp_path, capsys):
    (tmp_path / "corpora").mkdir()
    assert main(["--corpora", str(tmp_path / "corpora"), "--fold-taggers",
                 str(tmp_path), "--only", "geovirus"]) == 2
    assert "corpus_table: error: --fold-taggers: no tagger at" in capsys.readouterr().err


def test_without_the_corpora_it_is_skipped(tmp_path, capsys):
    assert main(["--corpora", str(tmp_path / "none")]) == 0
    assert "skipped: no corpora" in capsys.readouterr().out


def figures(**changes):
    base = dict(documents=2, gold=30, precision=0.8, recall=0.75, f1=0.7742,
                f1_no_demonym=0.7812, acc161=0.7,
                acc_id=None, fp_per_100=12.34, fp_per_100_no_street=10.0, people_per_100=None,
                marker_ece=0.0456, markers_right=0.9, markers=20)
    return CorpusFigures(**{**base, **changes})


def test_the_markdown_says_what_was_run_and_what_does_not_apply():
    rows = [Row(entry("geovirus"), Sample(docs(2), 229, 115), figures(),
                Exposure(2, 2, ("span decision",), 0), 1.0),
            Row(entry("btc"), Sample(docs(3), 3, 1),
                figures(acc161=None, marker_ece=None, markers_right=None, people_per_100=4.0),
                Exposure(0, 3, (), 0), 1.0)]
    text = markdown(rows, "python -m benchmarks.accuracy.corpus_table --limit 2", 90.0, 60.0,
                    missing=["GUM"], when="2026-01-02", code="abc123")
    assert text.startswith("Generated on 2026-01-02 at commit abc123 by `python -m "
                           "benchmarks.accuracy.corpus_table --limit 2` (1.5 min wall, "
                           "1.0 CPU-min)")
    lines = text.splitlines()
    geovirus = next(x for x in lines if x.startswith("| GeoVirus |"))
    assert geovirus.split(" | ")[1:12] == ["2 of 229 (every 115)", "30", "0.800", "0.750",
                                           "0.774", "0.781", "0.700", "—", "12.3", "10.0",
                                           "—"]
    btc = next(x for x in lines if x.startswith("| BTC |"))
    assert "| 3 (all) |" in btc and "| 4.0 |" in btc and btc.endswith(
        "| — | — | unseen by every model |")
    assert "- WikToR" not in text and "- BTC: tweets; no points." in text
    assert "- Not found, no row: GUM." in text


def test_make_bench_corpora_runs_the_command():
    makefile = (Path(corpus_table.__file__).parents[2] / "Makefile").read_text()
    assert "bench-corpora: setup-dev\n\t$(PY) -m benchmarks.accuracy.corpus_table --write" \
        in makefile


def test_the_page_has_the_markers():
    from benchmarks.generated_section import markers, replaced

    page = corpus_table.PAGE.read_text(encoding="utf-8")
    assert all(page.count(m) == 1 for m in markers(corpus_table.SECTION))
    replaced(page, corpus_table.SECTION, "table")  # no error


def test_the_fold_tagger_reaches_the_default_recogniser(tmp_path, offline_gazetteer):
    from geoparser import Geoparser
    from geoparser.recognition.transformer_tagger import ModelNotFoundError

    broken = tmp_path / "tagger"
    broken.mkdir()
    (broken / "model.onnx").write_bytes(b"fake")
    with tagger_at(broken), pytest.raises(ModelNotFoundError, match=str(broken)):
        Geoparser(gazetteer=offline_gazetteer)


def tiny_corpus(tmp_path):
    from benchmarks.corpus_catalogue import CatalogueEntry

    (tmp_path / "tiny").mkdir()
    text = "Heavy rain flooded Manchester and Leeds on Monday."
    gold = {"id": "t1", "text": text, "toponyms": [
        {"start": 19, "end": 29, "text": "Manchester", "lat": 53.48, "lon": -2.24},
        {"start": 34, "end": 39, "text": "Leeds", "lat": 53.8, "lon": -1.55}]}
    (tmp_path / "tiny" / "gold.jsonl").write_text(json.dumps(gold) + "\n")
    return CatalogueEntry("Tiny", "geovirus", "jsonl", "tiny/gold.jsonl", fold="geovirus")


@pytest.mark.parametrize("ner", corpus_table.RECOGNISERS)
def test_a_corpus_parsed_with_a_fold_tagger_is_out_of_fold(ner, tmp_path, offline_gazetteer):
    from benchmarks.accuracy.corpus_table import run_corpus
    from geoparser.shipped_taggers import tagger_of

    tiny = tiny_corpus(tmp_path)
    folds = tmp_path / "work"
    (folds / "without-geovirus").mkdir(parents=True)
    # a stand-in fold tagger: the shipped weights of the recogniser's tagger
    (folds / "without-geovirus" / "tagger").symlink_to(tagger_of(ner).folder)
    out_of_fold = run_corpus(tiny, tmp_path, offline_gazetteer, None, None, folds, ner)
    shipped = run_corpus(tiny, tmp_path, offline_gazetteer, None, None, None, ner)
    assert out_of_fold.seen.tagger_seen is None and shipped.seen.tagger_seen == 0
    assert out_of_fold.seen.describe().startswith("tagger: the fold's, which never saw it")
    # the same weights give the same row
    assert out_of_fold.figures == shipped.figures
    assert shipped.figures.gold == 2 and shipped.figures.recall == 1.0


def test_a_corpus_learned_by_parts_is_parsed_by_each_part_s_tagger(tmp_path, offline_gazetteer):
    from dataclasses import replace

    from benchmarks.accuracy.corpus_table import run_corpus
    from geoparser.shipped_taggers import TEACHER

    tiny = replace(tiny_corpus(tmp_path), fold=None, parts=True)
    folds = tmp_path / "work"
    with pytest.raises(UsageError, match="no tagger at .*without-part-0"):
        run_corpus(tiny, tmp_path, offline_gazetteer, None, None, folds)
    for k in range(3):  # stand-ins: the shipped weights
        (folds / f"without-part-{k}").mkdir(parents=True)
        (folds / f"without-part-{k}" / "tagger").symlink_to(TEACHER.folder)
    by_part = run_corpus(tiny, tmp_path, offline_gazetteer, None, None, folds)
    shipped = run_corpus(tiny, tmp_path, offline_gazetteer, None, None, None)
    assert by_part.seen.tagger_seen is None
    assert by_part.seen.describe().startswith("tagger: each of 3 parts by the one trained "
                                              "without it")
    assert by_part.figures == shipped.figures and shipped.figures.recall == 1.0


def test_the_student_s_fold_tagger_moves_the_student_only(tmp_path, monkeypatch):
    from geoparser.shipped_taggers import STUDENT

    for env in ("TOPOSCOPE_TRANSFORMER_MODEL", str(STUDENT.env)):
        monkeypatch.delenv(env, raising=False)
    with tagger_at(tmp_path, STUDENT):
        assert STUDENT.model_dir() == tmp_path and model_dir() == MODEL_DIR
    assert STUDENT.model_dir() == STUDENT.folder


def test_the_student_s_table_is_not_written_over_the_default_s(tmp_path, capsys):
    (tmp_path / "corpora").mkdir()
    assert main(["--corpora", str(tmp_path / "corpora"), "--ner",
                 "toponym-transformer-small-orgs", "--write"]) == 2
    assert "--json" in capsys.readouterr().err
    with pytest.raises(UsageError, match="not 'toponym-transformer-small'"):
        corpus_table.run_corpus(entry("geovirus"), tmp_path, None, None, None, None,
                                "toponym-transformer-small")


def rows_of(**changes):
    return [Row(entry("geovirus"), Sample(docs(2), 229, 115), figures(**changes),
                Exposure(2, 2, ("span decision",), 0), 1.0)]


def test_an_earlier_tables_figures_are_shown_beside(tmp_path):
    before = figures_json(rows_of(), "python -m benchmarks.accuracy.corpus_table", "2026-11-29",
                          "abc123")
    path = tmp_path / "before.json"
    path.write_text(json.dumps(before))
    now = rows_of(precision=0.9, acc161=0.75, fp_per_100=8.0)
    text = markdown(now, "cmd", 60.0, 60.0, "2026-12-01", "def456", beside=read_figures(path))
    row = next(x for x in text.splitlines() if x.startswith("| GeoVirus |"))
    cells = row.split(" | ")
    assert cells[3] == "0.900 (0.800)" and cells[7] == "0.750 (0.700)"
    assert cells[8] == "—" and cells[9] == "8.0 (12.3)"  # no id then or now: no brackets
    assert ("In brackets: the figures of the table generated on 2026-11-29 at commit abc123 by "
            "`python -m benchmarks.accuracy.corpus_table`.") in text
    assert before["corpora"]["GeoVirus"]["stride"] == 115


def test_a_file_that_is_no_table_figures_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    for content in ("not json", "[]", '{"corpora": {}}'):
        bad.write_text(content)
        with pytest.raises(InputError, match="not the figures of a table per corpus"):
            read_figures(bad)
    with pytest.raises(InputError, match="cannot read"):
        read_figures(tmp_path / "none.json")
