"""The table of the ranker learning from local news: parts pooled by toponyms, one row each."""

import pytest

from benchmarks.accuracy import ranker_local_news as rln


def test_parts_are_pooled_by_their_toponyms():
    acc, by_id = rln.pooled([(100, 0.9, 0.8, 50), (300, 0.5, None, 0)])
    assert acc == pytest.approx((90 + 150) / 400)
    assert by_id == pytest.approx(0.8)


def test_a_corpus_without_ids_has_no_accuracy_by_id():
    assert rln.pooled([(10, 0.5, None, 0)]) == (0.5, None)


def test_each_policy_is_a_column():
    row = {"corpus": "X", **{p: (0.5, None) for p in rln.POLICIES}}
    row["context"] = (0.8, 0.75)
    text = rln.markdown([row])
    assert text.splitlines()[0].count("|") == len(rln.POLICIES) + 2
    assert "| X | 0.800 / 0.750 | 0.500 |" in text


def test_without_local_news_it_skips(tmp_path, capsys):
    assert rln.main(["--shared", str(tmp_path)]) == 0
    assert "skipped" in capsys.readouterr().out
