"""``--out existing.gpkg``: a GeoPackage is a database of layers, so one holding anything but
our ``toponyms`` layer is refused (exit 2, one line), never silently replaced."""

from __future__ import annotations

import sqlite3

import pytest

from tests.cli.hostile import assert_refused, invoke, write_jsonl


def _geopackage(path, *layers: str) -> None:
    con = sqlite3.connect(path)
    with con:
        con.execute("CREATE TABLE gpkg_contents (table_name TEXT PRIMARY KEY, data_type TEXT)")
        for layer in layers:
            con.execute("INSERT INTO gpkg_contents VALUES (?, 'features')", (layer,))
            con.execute(f'CREATE TABLE "{layer}" (fid INTEGER PRIMARY KEY)')
    con.close()


def _parse(tmp_path, out):
    source = write_jsonl(tmp_path / "in.jsonl", {"id": "a", "text": "Floods hit Galway."})
    return invoke("parse", "--in", source, "--out", out, "--ner", "gazetteer")


@pytest.mark.parametrize("layers", [("roads",), ("toponyms", "roads"),
                                    ("parcels", "rivers", "roads")])
def test_existing_gpkg_with_the_users_layers_is_refused_not_replaced(tmp_path, layers):
    out = tmp_path / "existing.gpkg"
    _geopackage(out, *layers)
    before = out.read_bytes()
    assert_refused(_parse(tmp_path, out), f"{out} is a GeoPackage holding other layers",
                   "roads")
    assert out.read_bytes() == before


def test_mine_gpkg_whose_only_layer_is_named_toponyms_is_refused_not_replaced(tmp_path):
    out = tmp_path / "mine.gpkg"
    _geopackage(out, "toponyms")  # the user's own layer, of our layer's name
    before = out.read_bytes()
    assert_refused(_parse(tmp_path, out), f"{out} is a GeoPackage whose layer 'toponyms' "
                   "Toposcope did not write")
    assert out.read_bytes() == before


def test_an_sqlite_database_named_gpkg_is_refused_not_replaced(tmp_path):
    out = tmp_path / "notes.gpkg"
    con = sqlite3.connect(out)
    with con:
        con.execute("CREATE TABLE notes (text TEXT)")
    con.close()
    before = out.read_bytes()
    assert_refused(_parse(tmp_path, out), "not a GeoPackage Toposcope wrote")
    assert out.read_bytes() == before


def test_our_own_gpkg_is_replaced_by_the_next_run(tmp_path):
    pytest.importorskip("pyogrio")
    out = tmp_path / "toponyms.gpkg"
    for _ in range(2):
        result = _parse(tmp_path, out)
        assert result.exit_code == 0, result.output
    con = sqlite3.connect(out)
    try:
        assert [r[0] for r in con.execute("SELECT table_name FROM gpkg_contents")] == [
            "toponyms"]
    finally:
        con.close()


def test_our_gpkg_says_it_is_ours_and_one_without_the_mark_but_our_columns_is_replaced(
        tmp_path):
    pytest.importorskip("pyogrio")
    out = tmp_path / "toponyms.gpkg"
    assert _parse(tmp_path, out).exit_code == 0
    con = sqlite3.connect(out)
    with con:
        [(description,)] = con.execute("SELECT description FROM gpkg_contents")
        assert description.startswith("Toposcope")
        con.execute("UPDATE gpkg_contents SET description = ''")  # as an older version wrote
    con.close()
    result = _parse(tmp_path, out)
    assert result.exit_code == 0, result.output
