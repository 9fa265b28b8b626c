"""The matching core: optimal, order-independent, and its shortcuts agree with the solver."""

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluation.assignment import Assignment, lexicographic_weight


def brute_force(n_gold, n_pred, pairs, weight):
    """The best total weight over every one-to-one choice of positive pairs."""
    best = 0.0
    usable = [k for k in range(len(pairs)) if weight[k] > 0]
    for r in range(min(n_gold, n_pred, len(usable)) + 1):
        for combo in itertools.combinations(usable, r):
            gs = [pairs[k][0] for k in combo]
            ps = [pairs[k][1] for k in combo]
            if len(set(gs)) == r and len(set(ps)) == r:
                best = max(best, sum(weight[k] for k in combo))
    return best


def solve(pairs, weight, n_gold, n_pred):
    g = np.array([a for a, _ in pairs], dtype=np.int64)
    p = np.array([b for _, b in pairs], dtype=np.int64)
    keys = (np.arange(n_gold, dtype=np.int64),)
    pkeys = (np.arange(n_pred, dtype=np.int64),)
    return Assignment(g, p, keys, pkeys), np.asarray(weight, dtype=float)


graphs = st.integers(1, 5).flatmap(lambda ng: st.integers(1, 5).flatmap(
    lambda np_: st.tuples(
        st.just(ng), st.just(np_),
        st.lists(st.tuples(st.integers(0, ng - 1), st.integers(0, np_ - 1)), unique=True,
                 max_size=ng * np_),
    ).flatmap(lambda t: st.tuples(st.just(t[0]), st.just(t[1]), st.just(t[2]),
                                  st.lists(st.sampled_from([0.0, 0.25, 0.5, 1.0, 2.0]),
                                           min_size=len(t[2]), max_size=len(t[2]))))))


@settings(max_examples=300, deadline=None)
@given(graphs)
def test_assignment_is_optimal_and_one_to_one(case):
    n_gold, n_pred, pairs, weight = case
    a, w = solve(pairs, weight, n_gold, n_pred)
    matched = a.solve(w)
    chosen = [pairs[k] for k in np.flatnonzero(matched)]
    assert len({g for g, _ in chosen}) == len(chosen) == len({p for _, p in chosen})
    assert all(w[k] > 0 for k in np.flatnonzero(matched))
    assert float(w[matched].sum()) == brute_force(n_gold, n_pred, pairs, w)


@settings(max_examples=200, deadline=None)
@given(graphs, st.randoms(use_true_random=False))
def test_pair_order_does_not_change_the_total(case, rnd):
    n_gold, n_pred, pairs, weight = case
    a, w = solve(pairs, weight, n_gold, n_pred)
    total = float(w[a.solve(w)].sum())
    order = list(range(len(pairs)))
    rnd.shuffle(order)
    a2, w2 = solve([pairs[k] for k in order], [weight[k] for k in order], n_gold, n_pred)
    assert float(w2[a2.solve(w2)].sum()) == total


def test_lexicographic_weights_prefer_correct_then_more_pairs():
    # gold 0 — pred 0 (correct); gold 0 — pred 1, gold 1 — pred 0 (not correct).
    pairs = [(0, 0), (0, 1), (1, 0)]
    a, _ = solve(pairs, [1, 1, 1], 2, 2)
    correct = np.array([True, False, False])
    w = lexicographic_weight(a, correct, np.zeros(3))
    assert a.solve(w).tolist() == [True, False, False]
    w = lexicographic_weight(a, np.zeros(3, dtype=bool), np.zeros(3))
    assert a.solve(w).tolist() == [False, True, True]  # no correct pair: the most pairs


def test_stars_break_ties_by_content_not_position():
    # One gold, two equally good predictions: the one with the smaller content key wins.
    g = np.array([0, 0])
    p = np.array([0, 1])
    for pred_key in ([5, 3], [3, 5]):
        a = Assignment(g, p, (np.array([0]),), (np.array(pred_key),))
        chosen = int(p[a.solve(np.ones(2))][0])
        assert pred_key[chosen] == 3
