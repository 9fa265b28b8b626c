"""Leave one corpus out: what each fold ranker learns from."""

from benchmarks.training.train_ranker import without_each


def test_each_corpus_s_ranker_learns_from_the_others_only():
    got = without_each({"A": "a", "B": "b", "C": "c"})
    assert got == {"A": ["b", "c"], "B": ["a", "c"], "C": ["a", "b"]}


def test_one_corpus_leaves_nothing_to_learn_from():
    assert without_each({"A": "a"}) == {"A": []}
