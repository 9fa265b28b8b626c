"""Gold toponyms one parse places right and another does not."""

import json

from benchmarks.accuracy.placed_apart import apart, main

GOLD = [{"id": "d", "text": "Paris and Lyon and Nice", "toponyms": [
    {"start": 0, "end": 5, "text": "Paris", "lat": 48.85, "lon": 2.35, "label": "Literal"},
    {"start": 10, "end": 14, "text": "Lyon", "lat": 45.76, "lon": 4.84, "label": "Literal"},
    {"start": 19, "end": 23, "text": "Nice", "lat": 43.7, "lon": 7.27, "label": "Literal"}]}]


def out(*toponyms):
    return [{"id": "d", "toponyms": list(toponyms)}]


def test_each_side_gets_what_only_it_places_right():
    a = out({"start": 0, "end": 5, "lat": 48.86, "lon": 2.35},  # right
            {"start": 10, "end": 14, "lat": 45.76, "lon": 4.84, "rejected": True},
            {"start": 19, "end": 23, "lat": 43.7, "lon": 7.27})
    b = out({"start": 0, "end": 5, "lat": 33.66, "lon": -95.56},  # Paris, Texas: wrong
            {"start": 10, "end": 14, "lat": 45.76, "lon": 4.84},
            {"start": 19, "end": 22, "lat": 43.7, "lon": 7.27})  # not the exact span
    only_a, only_b = apart(GOLD, a, b)
    assert [t["text"] for t in only_a] == ["Paris", "Nice"]
    assert [t["text"] for t in only_b] == ["Lyon"]


def test_the_command_prints_both_sides(tmp_path, capsys):
    paths = []
    for name, data in (("gold", GOLD), ("a", out()), ("b", out(
            {"start": 10, "end": 14, "lat": 45.7, "lon": 4.8}))):
        p = tmp_path / f"{name}.jsonl"
        p.write_text("\n".join(json.dumps(d) for d in data) + "\n", encoding="utf-8")
        paths.append(str(p))
    assert main(["--gold", paths[0], "--pred", paths[1], paths[2]]) == 0
    printed = capsys.readouterr().out
    assert "a.jsonl: 0" in printed and "b.jsonl: 1" in printed and "('Lyon', 1)" in printed
