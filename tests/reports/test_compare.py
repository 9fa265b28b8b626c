"""`toposcope compare`: one table, a per-document diff, skipped models, files written."""

import pytest
from typer.testing import CliRunner

from evaluation.reports import compare
from geoparser.cli.main import app
from tests.conftest import CAPTIONS


@pytest.fixture(scope="module")
def comparison(captions, offline_gazetteer):
    return compare.compare(["en_core_web_sm", "gazetteer", "en_core_web_xx"], captions,
                           ["GPE", "LOC"])


def test_table_has_every_column_per_recogniser(comparison):
    t = compare.table(comparison)
    assert list(t["recogniser"]) == ["en_core_web_sm", "gazetteer"]
    assert {"TP", "FP", "FN", "precision", "recall", "F1", "SemEval strict F1",
            "SemEval partial F1", "docs/s"} <= set(t.columns)
    for row in t.to_dict("records"):
        assert row["TP"] + row["FN"] == 12
        assert row["docs/s"] > 0


def test_missing_model_is_reported_and_skipped(comparison):
    assert set(comparison.skipped) == {"en_core_web_xx"}
    assert "not installed" in comparison.skipped["en_core_web_xx"]
    assert "Skipped `en_core_web_xx`" in compare.markdown(comparison)


def test_disagreements_list_only_documents_where_outputs_differ(comparison):
    diff = compare.disagreements(comparison)
    sm, gaz = comparison.runs

    def spans(run, i):
        return [(m.start, m.end) for m in run.parsed[i].mentions]

    for row in diff.to_dict("records"):
        i = next(k for k, d in enumerate(comparison.gold) if d.id == row["id"])
        assert spans(sm, i) != spans(gaz, i)
    assert "c01" in set(diff["id"])  # en_core_web_sm tags Whitby ORG; the matcher finds it


def test_cli_writes_md_csv_png(tmp_path):
    result = CliRunner().invoke(app, ["-q", "compare", "--ner", "en_core_web_sm,gazetteer",
                                      "--gold", str(CAPTIONS), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert {p.name for p in tmp_path.iterdir()} == {"compare.md", "compare.csv", "compare.png"}
    assert "Recognisers on 12 documents" in result.stdout  # cells may wrap or truncate
    assert (tmp_path / "compare.png").read_bytes().startswith(b"\x89PNG")


def test_one_label_toponym_model_has_no_strict_f1_against_gpe_loc_gold(captions):
    c = compare.compare(["toponym", "en_core_web_sm"], captions, ["GPE", "LOC"])
    assert c.semeval["toponym"]["strict"] is None  # TOPONYM never equals GPE: not a 0
    assert c.semeval["toponym"]["partial"] > 0
    assert c.semeval["en_core_web_sm"]["strict"] is not None
    assert "undefined" in compare.markdown(c)


def test_run_with_a_recogniser_not_installed_says_so_once_and_before_the_others(
        tmp_path, caplog):
    """``run --ner en_core_web_md`` (not installed) printed its message twice: once as Q2's
    "skipping" warning, once as the error, after every other recogniser had run."""
    import logging

    started = []
    caplog.set_level(logging.WARNING)
    with pytest.raises(Exception, match="not installed"):
        compare.compare(["en_core_web_xx", "gazetteer"], [], ["GPE", "LOC"],
                        progress=lambda name, k, n: started.append(name),
                        required="en_core_web_xx")
    assert started == ["en_core_web_xx"]
    assert "en_core_web_xx" not in caplog.text
    result = CliRunner().invoke(app, ["-q", "run", "--ner", "en_core_web_xx", "--gold",
                                      str(CAPTIONS), "--others", "gazetteer",
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert (result.output + caplog.text).count("not installed") == 1, result.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
