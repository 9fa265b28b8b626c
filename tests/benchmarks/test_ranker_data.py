"""The ranker's context-toponym cache: JSON data keyed by texts and recognition code."""

import json

from benchmarks.training import ranker_data
from geoparser.model import Document, Mention


class Counting:
    """A recogniser that finds "Paris" and counts how often it was asked."""

    name = "counting"

    def __init__(self):
        self.calls = 0

    def recognise(self, texts):
        self.calls += 1
        for text in texts:
            at = text.find("Paris")
            yield [Mention(at, at + 5, "Paris", "GPE", "counting", "why", evidence=False)] if (
                at >= 0) else []


def test_context_toponyms_are_cached_as_json_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("TOPOSCOPE_CACHE_DIR", str(tmp_path))
    gold = [Document("a", "Rain in Paris."), Document("b", "Nothing here.")]
    rec = Counting()
    first = ranker_data.context_mentions("c", gold, rec)
    (path,) = (tmp_path / "ranker-context").iterdir()
    assert path.suffix == ".json" and json.loads(path.read_text())["b"] == []
    again = ranker_data.context_mentions("c", gold, rec)
    assert again == first and rec.calls == 1
    assert again["a"][0].evidence is False


def test_a_damaged_or_foreign_cache_file_is_recomputed(tmp_path, monkeypatch):
    monkeypatch.setenv("TOPOSCOPE_CACHE_DIR", str(tmp_path))
    gold = [Document("a", "Rain in Paris.")]
    rec = Counting()
    ranker_data.context_mentions("c", gold, rec)
    (path,) = (tmp_path / "ranker-context").iterdir()
    for junk in ("not json", "[1, 2]", '{"a": [{"start": 1, "bogus": 2}]}'):
        path.write_text(junk)
        assert ranker_data.context_mentions("c", gold, rec)["a"][0].text == "Paris"
    assert rec.calls == 4
