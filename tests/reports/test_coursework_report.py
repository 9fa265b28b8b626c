"""The coursework report's per-caption table of recognisers side by side: cut into tables a
1280 px window shows without sideways scrolling."""

from __future__ import annotations

from types import SimpleNamespace

from evaluation.reports.coursework_report import side_by_side, side_by_side_tables
from geoparser.model import Document, GoldToponym, Mention, ParsedDocument


def _run(name: str, found: bool):
    doc = Document(id="c1", text="Floods in Galway.",
                   toponyms=(GoldToponym(start=10, end=16, text="Galway"),))
    mentions = [Mention(10, 16, "Galway", "TOPONYM", name)] if found else []
    counts = SimpleNamespace(tp=int(found), fp=0, fn=int(not found))
    return SimpleNamespace(recogniser=name, parsed=[ParsedDocument(doc, mentions)],
                           score=SimpleNamespace(documents=[SimpleNamespace(counts=counts)]),
                           tagged_as={})


def test_each_recogniser_gets_a_column_with_its_toponyms_and_counts():
    table = side_by_side([_run("a", True), _run("b", False)])
    assert list(table.columns) == ["id", "gold toponym", "a", "b"]
    assert table.loc[0, "a"] == "Galway [TOPONYM] (1/0/0)"
    assert table.loc[0, "b"] == "— (0/0/1)"


def test_many_recognisers_are_cut_into_tables_each_with_the_captions():
    runs = [_run(f"r{k}", k % 2 == 0) for k in range(14)]
    tables = side_by_side_tables(runs, per_table=8)
    assert [len(t.columns) - 2 for t in tables] == [8, 6]
    for t in tables:
        assert list(t.columns[:2]) == ["id", "gold toponym"] and list(t["id"]) == ["c1"]
    assert [c for t in tables for c in t.columns[2:]] == [r.recogniser for r in runs]
    assert len(side_by_side_tables(runs[:8], per_table=8)) == 1
