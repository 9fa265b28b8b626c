"""Paired bootstrap intervals and the paired test: the weighted figures equal the figures
recomputed on the resampled documents, the draws are seeded and do not depend on the block
size, and the test tells a real difference from none."""

import statistics

import numpy as np
import pytest

from evaluation import significance as sig
from evaluation.schemes.distance import MAX_ERROR_KM, auc


def _expanded(values, doc, w):
    """The resampled list of item values: each document's items as often as it was drawn."""
    return [v for k, count in enumerate(w) for _ in range(int(count))
            for v, d in zip(values, doc, strict=True) if d == k]


def test_weighted_median_and_auc_equal_the_figures_of_the_resampled_list():
    rng = np.random.default_rng(7)
    values = rng.exponential(300, 40)
    doc = rng.integers(0, 12, 40)
    w = sig.weights(np.random.default_rng(1), 30, 12)
    med = sig.median_figure(values, doc)(w)
    area = sig.sorted_trapezoid_figure(np.log1p(values) / np.log(MAX_ERROR_KM), doc)(w)
    for b in range(len(w)):
        items = _expanded(values, doc, w[b])
        if items:
            assert med[b] == pytest.approx(statistics.median(items))
        else:
            assert np.isnan(med[b])
        expected = auc(items)
        assert (np.isnan(area[b]) if expected is None else area[b] == pytest.approx(expected))


def test_ratio_figure_is_undefined_where_the_denominator_is_zero():
    f = sig.ratio_figure(np.array([1.0, 0.0]), np.array([2.0, 0.0]))
    out = f(np.array([[1.0, 1.0], [0.0, 3.0]]))
    assert out[0] == 0.5 and np.isnan(out[1])


def test_same_seed_same_intervals_whatever_the_block_size():
    rng = np.random.default_rng(3)
    num, den = rng.integers(0, 5, 200), rng.integers(5, 10, 200)
    systems = {"a": {"acc": sig.ratio_figure(num, den)},
               "b": {"acc": sig.ratio_figure(num[::-1], den)}}
    one = sig.paired_bootstrap(systems, 200, resamples=120, seed=5, block=7)
    two = sig.paired_bootstrap(systems, 200, resamples=120, seed=5, block=120)
    other = sig.paired_bootstrap(systems, 200, resamples=120, seed=6, block=7)
    assert one == two
    assert one.figures["a"]["acc"] != other.figures["a"]["acc"]
    iv = one.figures["a"]["acc"]
    assert iv.low <= iv.value <= iv.high


def test_identical_systems_differ_by_nothing_and_a_better_one_is_significant():
    n = 300
    right = (np.arange(n) % 10 < 6).astype(float)          # 60% right
    better = np.where(np.arange(n) % 10 < 9, 1.0, 0.0)    # 90% right, on the same documents
    ones = np.ones(n)
    systems = {"a": {"acc": sig.ratio_figure(right, ones)},
               "same": {"acc": sig.ratio_figure(right, ones)},
               "better": {"acc": sig.ratio_figure(better, ones)}}
    b = sig.paired_bootstrap(systems, n, resamples=500, seed=0)
    same = b.differences[("a", "same")]["acc"]
    assert same.value == 0 and same.low == same.high == 0 and same.p_value == 1.0
    worse = b.differences[("a", "better")]["acc"]
    assert worse.value == pytest.approx(-0.3)
    assert worse.high < 0 and worse.p_value == pytest.approx(1 / 501)
    half = 1.96 * (0.6 * 0.4 / n) ** 0.5  # the normal approximation's half-width, 0.055
    iv = b.figures["a"]["acc"]
    assert iv.low == pytest.approx(0.6 - half, abs=0.015)
    assert iv.high == pytest.approx(0.6 + half, abs=0.015)


def test_a_figure_undefined_on_the_whole_corpus_has_no_interval():
    systems = {"a": {"P": sig.ratio_figure(np.zeros(4), np.zeros(4))}}
    iv = sig.paired_bootstrap(systems, 4, resamples=10).figures["a"]["P"]
    assert iv.value is None and iv.low is None and iv.undefined == 10


def test_method_text_names_resamples_seed_and_method():
    text = sig.method_text(resamples=1000, seed=0)
    assert "1,000 resamples" in text and "seed 0" in text and "percentile" in text
    assert "paired bootstrap test" in text


def test_holm_adjusts_a_worked_example_and_keeps_undefined_untested():
    """Holm (1979): sorted p 0.005, 0.01, 0.03, 0.04 of m = 4 become 4·0.005, 3·0.01,
    2·0.03, then max(0.06, 1·0.04); an undefined p is no test (m stays 4)."""
    from evaluation.significance import holm

    got = holm([0.01, 0.04, None, 0.03, 0.005])
    assert got[2] is None
    assert got[:2] + got[3:] == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])


def test_few_documents_warning_below_30_only():
    from evaluation.significance import few_documents_warning

    assert few_documents_warning(30) is None
    assert few_documents_warning(4).startswith("only 4 documents")
