"""The ranker's data: the context-toponym cache (JSON keyed by texts and recognition code) and
the ranking groups."""

import json

import numpy as np

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


def test_toponyms_found_with_another_gazetteer_are_found_again(tmp_path, monkeypatch):
    """The default recogniser's gazetteer check and organisation pass read the gazetteer, so
    toponyms cached with other gazetteer data are not reused."""
    from geoparser.gazetteers import offline

    monkeypatch.setenv("TOPOSCOPE_CACHE_DIR", str(tmp_path))
    gold = [Document("a", "Rain in Paris.")]
    rec = Counting()
    monkeypatch.setattr(offline, "source_version", lambda: "gazetteer-1")
    ranker_data.context_mentions("c", gold, rec)
    ranker_data.context_mentions("c", gold, rec)
    monkeypatch.setattr(offline, "source_version", lambda: "gazetteer-2")
    ranker_data.context_mentions("c", gold, rec)
    assert rec.calls == 2 and len(list((tmp_path / "ranker-context").iterdir())) == 2


class TwoBostons:
    """A gazetteer with two places called Boston."""

    name = "two-bostons"

    def lookup(self, toponym):
        from tests.helpers import place

        return [place("Boston", 42.36, -71.06, 617_594, "US", "MA", gid=1),
                place("Boston", 52.98, -0.03, 45_339, "GB", "ENG", gid=2)] if (
            toponym == "Boston") else []


def test_groups_of_named_documents_only(tmp_path, monkeypatch):
    from benchmarks.public_corpora import gold_mentions
    from tests.helpers import gold_doc

    gold = [gold_doc(d, "Snow in Boston.", "Boston", 42.36, -71.06) for d in ("a", "b", "c")]
    corpus = ranker_data.Corpus("c", gold, [gold_mentions(d) for d in gold], {})
    every = ranker_data.groups(corpus, TwoBostons())
    some = ranker_data.groups(corpus, TwoBostons(), keep=lambda d: d != "b")
    assert every.sizes == [2, 2, 2] and some.sizes == [2, 2]
    assert list(some.y) == [1, 0, 1, 0]  # the Boston at the gold point is the label
    assert np.array_equal(some.x, every.x[:4], equal_nan=True)
