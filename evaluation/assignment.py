"""One-to-one pairing of gold toponyms and predictions that maximises a total weight.

This is the one matching core every scheme uses. Given candidate pairs and a weight per pair,
it returns the pairs of a maximum-weight one-to-one assignment (pairs of weight <= 0 are never
used), solved optimally and independently of input order:

* a pair whose gold and prediction take part in no other candidate pair is taken as it is;
* a conflict component that is a star (one gold with several predictions, or one prediction
  with several golds) can keep only one pair: the heaviest;
* any other component goes to ``scipy.optimize.linear_sum_assignment`` (imported only then:
  the import costs more than scoring 100,000 ordinary documents).

Ties between equally heavy solutions are broken by the content of the toponyms (offsets,
label, text), never by their position in the input, so shuffling predictions or documents
changes neither the counts nor which pair is reported. The structure (components) is computed
once per set of candidate pairs and reused for every weighting, so the four SemEval measures
share it.
"""

from __future__ import annotations

import numpy as np


class Assignment:
    """The conflict structure of a set of candidate pairs, ready to be solved for any weights."""

    def __init__(self, gold: np.ndarray, pred: np.ndarray, gold_keys: tuple[np.ndarray, ...],
                 pred_keys: tuple[np.ndarray, ...], pred_group: np.ndarray | None = None):
        """``gold``/``pred``: the pairs' indices; ``*_keys``: content sort keys of every item,
        least significant first, as ``np.lexsort`` takes them. ``pred_group``: for every
        prediction, the prediction standing for its group of copies (the same span predicted
        more than once): a group pairs at most once, through its heaviest copy."""
        self.copies: np.ndarray | None = None
        self.n_pairs = len(pred)
        if pred_group is not None and len(pred) and (pred_group[pred] != pred).any():
            node = pred_group[pred]
            # Pairs of one gold with copies of one prediction: one pair stands for them in the
            # structure; ``solve`` gives it the heaviest copy's weight (ties: content order).
            order = np.lexsort((*(k[pred] for k in pred_keys), node, gold))
            same = np.zeros(len(pred), dtype=bool)
            same[1:] = (gold[order][1:] == gold[order][:-1]) & (node[order][1:] == node[order][:-1])
            if same.any():
                self.copies = order
                self.copy_starts = np.flatnonzero(~same)
                self.copy_sizes = np.diff(np.append(self.copy_starts, len(order)))
                rep = order[self.copy_starts]
                gold, node = gold[rep], node[rep]
            pred = node
        self.gold, self.pred = gold, pred
        self.largest = 1
        if not len(gold):
            self.simple = np.zeros(0, dtype=bool)
            self.conflict = self.star = self.star_comp = np.zeros(0, dtype=np.int64)
            self.general: list[tuple[list[int], list[int], list[int]]] = []
            return
        n_g = int(gold.max()) + 1
        n_p = int(pred.max()) + 1
        gdeg, pdeg = np.bincount(gold, minlength=n_g), np.bincount(pred, minlength=n_p)
        gd, pd = gdeg[gold], pdeg[pred]  # degree of each pair's gold and prediction
        self.simple = (gd == 1) & (pd == 1)
        # A gold star: a gold with several predictions none of which has another gold.
        gold_shared = np.bincount(gold, weights=pd > 1, minlength=n_g) > 0
        gold_star = (gd > 1) & ~gold_shared[gold]
        pred_shared = np.bincount(pred, weights=gd > 1, minlength=n_p) > 0
        pred_star = (pd > 1) & ~pred_shared[pred]
        self.star = np.flatnonzero(gold_star | pred_star)
        # Component id of a star pair: its centre; leaf: the other side.
        self.star_comp = np.where(gold_star, gold, n_g + pred)[self.star]
        if len(self.star):
            self.largest = max(self.largest, int(max(gd[self.star].max(), 1)))
            gs, g, p = gold_star[self.star], gold[self.star], pred[self.star]
            leaf_keys = tuple(np.where(gs, pk[p], gk[g])
                              for gk, pk in zip(gold_keys, pred_keys, strict=True))
            # Star pairs by component, then leaf content: the order that breaks weight ties.
            order = np.lexsort((*leaf_keys, self.star_comp))
            self.star, self.star_comp = self.star[order], self.star_comp[order]
            first = np.ones(len(order), dtype=bool)
            first[1:] = self.star_comp[1:] != self.star_comp[:-1]
            self.star_starts = np.flatnonzero(first)
        general = np.flatnonzero(~self.simple & ~gold_star & ~pred_star)
        self.conflict = np.flatnonzero(~self.simple)
        self.general = self._components(general, gold_keys, pred_keys) if len(general) else []

    def _components(self, idx_array: np.ndarray, gold_keys: tuple[np.ndarray, ...],
                    pred_keys: tuple[np.ndarray, ...]
                    ) -> list[tuple[list[int], list[int], list[int]]]:
        """Connected components of the remaining conflict pairs (rare), by union-find."""
        idx = idx_array.tolist()
        parent: dict[tuple[str, int], tuple[str, int]] = {}

        def find(x: tuple[str, int]) -> tuple[str, int]:
            root = x
            while parent.setdefault(root, root) != root:
                root = parent[root]
            while parent[x] != root:
                parent[x], x = root, parent[x]
            return root

        gl = dict(zip(idx, self.gold[idx_array].tolist(), strict=True))
        pl = dict(zip(idx, self.pred[idx_array].tolist(), strict=True))
        for k in idx:
            a, b = find(("g", gl[k])), find(("p", pl[k]))
            if a != b:
                parent[a] = b
        members: dict[tuple[str, int], list[int]] = {}
        for k in idx:
            members.setdefault(find(("g", gl[k])), []).append(k)
        out = []
        for pairs in members.values():
            golds = sorted({gl[k] for k in pairs},
                           key=lambda i: [int(c[i]) for c in reversed(gold_keys)] + [i])
            preds = sorted({pl[k] for k in pairs},
                           key=lambda j: [int(c[j]) for c in reversed(pred_keys)] + [j])
            self.largest = max(self.largest, min(len(golds), len(preds)))
            out.append((pairs, golds, preds))
        return out

    def solve(self, weight: np.ndarray) -> np.ndarray:
        """A boolean mask over the pairs: those in a maximum-weight one-to-one assignment."""
        if self.copies is not None:  # each group of copies pairs through its heaviest copy
            w = weight[self.copies]
            heaviest = np.maximum.reduceat(w, self.copy_starts)
            top = np.flatnonzero(w == np.repeat(heaviest, self.copy_sizes))
            group_of = np.repeat(np.arange(len(self.copy_sizes)), self.copy_sizes)[top]
            first = np.ones(len(top), dtype=bool)
            first[1:] = group_of[1:] != group_of[:-1]
            chosen = self.copies[top[first]]  # one pair per group, in group order
            out = np.zeros(self.n_pairs, dtype=bool)
            out[chosen[self._solve(weight[chosen])]] = True
            return out
        return self._solve(weight)

    @property
    def conflict_pairs(self) -> np.ndarray:
        """Indices of the pairs among which a choice is made (all but the lone pairs)."""
        if self.copies is None:
            return self.conflict
        in_conflict = np.zeros(len(self.copy_sizes), dtype=bool)
        in_conflict[self.conflict] = True
        in_conflict |= self.copy_sizes > 1
        return np.sort(self.copies[np.repeat(in_conflict, self.copy_sizes)])

    def _solve(self, weight: np.ndarray) -> np.ndarray:
        matched = self.simple & (weight > 0)
        if len(self.star):  # each star's heaviest pair, the first in content order on ties
            w = weight[self.star]
            heaviest = np.maximum.reduceat(w, self.star_starts)
            sizes = np.diff(np.append(self.star_starts, len(w)))
            tops = np.flatnonzero(w == np.repeat(heaviest, sizes))
            comps = self.star_comp[tops]
            first = np.ones(len(tops), dtype=bool)
            first[1:] = comps[1:] != comps[:-1]
            best = self.star[tops[first]]
            matched[best[weight[best] > 0]] = True
        if self.general:
            from scipy.optimize import linear_sum_assignment

            for pairs, golds, preds in self.general:
                row = {g: r for r, g in enumerate(golds)}
                col = {p: c for c, p in enumerate(preds)}
                grid = np.zeros((len(golds), len(preds)))
                where = {}
                for k in pairs:
                    r, c = row[int(self.gold[k])], col[int(self.pred[k])]
                    if (r, c) not in where or weight[k] > grid[r, c]:
                        grid[r, c] = weight[k]
                        where[r, c] = k
                rows, cols = linear_sum_assignment(grid, maximize=True)
                for r, c in zip(rows.tolist(), cols.tolist(), strict=True):
                    k = where.get((r, c))
                    if k is not None and weight[k] > 0:
                        matched[k] = True
        return matched


def lexicographic_weight(assignment: Assignment, correct: np.ndarray,
                         closeness: np.ndarray, prefer: np.ndarray | None = None) -> np.ndarray:
    """Weights under which the optimum has the most correct pairs, then the most pairs, then
    (when given) the most ``prefer`` (in [0, 1]: e.g. 1 for a prediction placed within the
    gold's tolerance), then the closest ones: W·correct + 1 + ε·(prefer + δ·closeness), with
    W, ε and δ scaled to the largest component so that each level outweighs all below it.
    """
    n = assignment.largest
    if prefer is None:
        return (n + 2.0) * correct + 1.0 + closeness / (n + 1.0)
    return (n + 2.0) * correct + 1.0 + (prefer + closeness / (n + 1.0)) / (2.0 * (n + 1.0))
