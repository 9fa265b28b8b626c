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


def _resolution(chosen, *others):
    from geoparser.model import Mention, Resolution

    ranked = (chosen, *others) if chosen is not None else others
    return Resolution(Mention(0, 6, "Dublin", "GPE"), chosen, len(ranked), "context", "",
                      ranked=ranked)


def _gold(lat=40.10, lon=-83.11, gid=5152333):
    from geoparser.model import GoldToponym

    return GoldToponym(0, 6, "Dublin", lat, lon, 161.0, geonameid=gid)


def test_dublin_ohio_placed_in_ireland_is_a_choice_among_candidates():
    from tests.helpers import place

    ireland = place("Dublin", 53.33, -6.25, 1_024_027, "IE", gid=2964574)
    ohio = place("Dublin", 40.10, -83.11, 41_751, "US", "OH", gid=5152333)
    assert rln.miss_kind(_gold(), _resolution(ireland, ohio)) == (
        "the gold place among the candidates, another chosen")
    assert rln.miss_kind(_gold(), _resolution(ohio, ireland)) is None


def test_each_other_reason_for_a_miss():
    from tests.helpers import place

    far = place("Dublin", 53.33, -6.25, 1, "IE", gid=2964574)
    near = place("Dublin", 40.2, -83.2, 1, "US", "OH", gid=99)
    assert rln.miss_kind(_gold(), None) == "no candidate"
    assert rln.miss_kind(_gold(), _resolution(None)) == "no candidate"
    assert rln.miss_kind(_gold(gid=2964574, lat=60.0, lon=-96.0), _resolution(far)) == (
        "its own id, at a point far from the gold's")
    assert rln.miss_kind(_gold(), _resolution(far, near)) == (
        "a candidate near the gold, of another id")
    assert rln.miss_kind(_gold(), _resolution(far)) == "no candidate near the gold"
    pointless = place("Dublin", 0.0, 0.0, 1, "US", gid=7)
    pointless = type(pointless)(**{**pointless.__dict__, "lat": None, "lon": None})
    assert rln.miss_kind(_gold(), _resolution(pointless)) == "chosen place has no point"
