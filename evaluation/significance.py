"""Paired bootstrap over documents: confidence intervals of each system's figures, and of the
difference between two systems, with a paired significance test.

A resample draws the corpus's n documents n times with replacement (numpy's PCG64 generator,
seeded, so the same seed gives the same intervals); every system is scored on the *same*
resampled documents, which is what makes the comparison paired. A figure is a function of
per-document weights (how often each document was drawn), so each system's per-document counts
are computed once and each resample is a weighted sum (``WeightedFigure``): 1,000 resamples of
thousands of documents take a matrix product, not 1,000 scorings.

Interval: the percentile method (the 2.5th and 97.5th percentiles of the resampled values for
95%; Efron & Tibshirani 1993, ch. 13), over the resamples where the figure is defined.
Test: the paired bootstrap test of Efron & Tibshirani (1993, §16.4) as used for NLP by
Berg-Kirkpatrick et al. (2012): the resampled differences δ*, shifted to the null hypothesis of
no difference, are compared with the observed δ; the two-sided p-value is
(1 + #{|δ* − δ| ≥ |δ|}) / (1 + B), so it is never 0 with B resamples.
Multiple comparisons: each pair of systems is tested on every figure the two share (a family of
tests per pair); beside each raw p stands its Holm–Bonferroni adjusted p within that family
(Holm 1979), which keeps the chance of any false "significant" in the family at most α.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

RESAMPLES = 1000
SEED = 0
LEVEL = 0.95
#: Resamples drawn at a time: bounds memory (BLOCK x documents weights) whatever the corpus.
BLOCK = 50

#: Fewer documents than this and ``compare`` warns that its intervals and tests mean little.
#: Chosen by hand: a bootstrap over n documents has only C(2n − 1, n) distinct resamples (35 for
#: n = 4, 92,378 for n = 10, about 5.9e16 for n = 30), and percentile intervals under-cover
#: at small n (Efron & Tibshirani 1993, ch. 13); 30 is the usual rule of thumb for a mean's
#: sampling distribution to be near normal, not a measured threshold.
FEW_DOCUMENTS = 30

#: A figure of a system as a function of document weights, (B, n) -> (B,), NaN where undefined.
WeightedFigure = Callable[[np.ndarray], np.ndarray]


def ratio_figure(numerator: np.ndarray, denominator: np.ndarray) -> WeightedFigure:
    """Σ w·numerator / Σ w·denominator over the documents (micro-averaged ratios: precision,
    recall, accuracy, a mean); NaN where the denominator is 0."""
    num, den = np.asarray(numerator, float), np.asarray(denominator, float)

    def figure(w: np.ndarray) -> np.ndarray:
        a, b = w @ num, w @ den
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(b > 0, a / np.where(b > 0, b, 1), np.nan)

    return figure


def median_figure(values: np.ndarray, doc: np.ndarray) -> WeightedFigure:
    """The median of item values (each belonging to document ``doc``), every item counted as
    often as its document was drawn: as ``statistics.median`` of the resampled list."""
    order = np.argsort(values, kind="stable")
    v, d = np.asarray(values, float)[order], np.asarray(doc)[order]

    def figure(w: np.ndarray) -> np.ndarray:
        if not len(v):
            return np.full(len(w), np.nan)
        cum = np.cumsum(w[:, d], axis=1)
        total = cum[:, -1]
        lo = (total - 1) // 2
        hi = total // 2
        at_lo = v[np.minimum((cum <= lo[:, None]).sum(axis=1), len(v) - 1)]
        at_hi = v[np.minimum((cum <= hi[:, None]).sum(axis=1), len(v) - 1)]
        return np.where(total > 0, (at_lo + at_hi) / 2, np.nan)

    return figure


def sorted_trapezoid_figure(values: np.ndarray, doc: np.ndarray) -> WeightedFigure:
    """The mean trapezoid area under the ascending curve of item values (Gritta's AUC once
    values are ln(1 + error)/ln(20039)): for a sorted list y of T items, Σ (y_t + y_t+1)/2 over
    its T − 1 steps divided by T − 1, which is (Σ y − (min + max)/2) / (T − 1); NaN for T < 2."""
    order = np.argsort(values, kind="stable")
    v, d = np.asarray(values, float)[order], np.asarray(doc)[order]

    def figure(w: np.ndarray) -> np.ndarray:
        if not len(v):
            return np.full(len(w), np.nan)
        wi = w[:, d]
        total = wi.sum(axis=1)
        drawn = wi > 0
        first = v[drawn.argmax(axis=1)]
        last = v[len(v) - 1 - drawn[:, ::-1].argmax(axis=1)]
        with np.errstate(divide="ignore", invalid="ignore"):
            area = (wi @ v - (first + last) / 2) / (total - 1)
        return np.where(total >= 2, area, np.nan)

    return figure


def weights(rng: np.random.Generator, resamples: int, n: int) -> np.ndarray:
    """(resamples, n) counts: how often each of n documents is drawn in each resample."""
    idx = rng.integers(0, n, size=(resamples, n))
    flat = (idx + np.arange(resamples)[:, None] * n).ravel()
    return np.bincount(flat, minlength=resamples * n).reshape(resamples, n).astype(float)


@dataclass(frozen=True)
class Interval:
    """A figure on the whole corpus, its percentile interval, and how many resamples left it
    undefined (0/0)."""

    value: float | None
    low: float | None
    high: float | None
    undefined: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"value": self.value, "ci_low": self.low, "ci_high": self.high,
                "undefined_resamples": self.undefined}


@dataclass(frozen=True)
class Difference(Interval):
    """System A's figure minus system B's, its interval and the test's two-sided p-value."""

    p_value: float | None = None
    #: ``p_value`` adjusted by Holm–Bonferroni over the pair's family of tests (``holm``)
    p_holm: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return {**super().as_dict(), "p_value": self.p_value, "p_holm": self.p_holm}


def holm(p_values: Sequence[float | None]) -> list[float | None]:
    """Holm–Bonferroni adjusted p-values of one family of tests, in the order given: the k-th
    smallest of m p-values times (m − k + 1), made non-decreasing and capped at 1 (Holm 1979,
    "A simple sequentially rejective multiple test procedure"). An undefined p is no test and
    stays ``None``."""
    tested = sorted((p, i) for i, p in enumerate(p_values) if p is not None)
    out: list[float | None] = [None] * len(p_values)
    running = 0.0
    for rank, (p, i) in enumerate(tested):
        running = max(running, min(1.0, (len(tested) - rank) * p))
        out[i] = running
    return out


def with_holm(diffs: Mapping[str, Difference]) -> dict[str, Difference]:
    """One pair's differences with their Holm-adjusted p-values filled in."""
    adjusted = holm([d.p_value for d in diffs.values()])
    return {f: replace(d, p_holm=a) for (f, d), a in zip(diffs.items(), adjusted, strict=True)}


def tests_made(diffs: Mapping[str, Difference]) -> int:
    """How many tests a pair's family holds: its figures with a defined p-value."""
    return sum(d.p_value is not None for d in diffs.values())


def few_documents_warning(n_documents: int) -> str | None:
    """The warning ``compare`` gives when the documents are too few (``FEW_DOCUMENTS``)."""
    if n_documents >= FEW_DOCUMENTS:
        return None
    return (f"only {n_documents} document{'s' * (n_documents != 1)}: with fewer than "
            f"{FEW_DOCUMENTS} the bootstrap has few distinct resamples, so the intervals and "
            "p-values mean little (docs/schemes.md)")


def _number(x: float) -> float | None:
    return None if np.isnan(x) else float(x)


def _interval(observed: float, samples: np.ndarray, level: float) -> Interval:
    defined = samples[~np.isnan(samples)]
    undefined = len(samples) - len(defined)
    if np.isnan(observed) or not len(defined):
        return Interval(_number(observed), None, None, undefined)
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(defined, [tail, 100 - tail])
    return Interval(float(observed), float(low), float(high), undefined)


def _difference(observed: float, samples: np.ndarray, level: float) -> Difference:
    base = _interval(observed, samples, level)
    defined = samples[~np.isnan(samples)]
    p = None
    if base.value is not None and len(defined):
        extreme = np.abs(defined - observed) >= abs(observed) - 1e-12
        p = float((1 + extreme.sum()) / (1 + len(defined)))
    return Difference(base.value, base.low, base.high, base.undefined, p)


@dataclass(frozen=True)
class Bootstrap:
    """Every system's figures with intervals, and every pair's differences with p-values."""

    resamples: int
    seed: int
    level: float
    n_documents: int
    #: system -> figure -> interval
    figures: dict[str, dict[str, Interval]]
    #: (system a, system b) -> figure -> difference a − b
    differences: dict[tuple[str, str], dict[str, Difference]]


def paired_bootstrap(systems: Mapping[str, Mapping[str, WeightedFigure]], n_documents: int,
                     resamples: int = RESAMPLES, seed: int = SEED, level: float = LEVEL,
                     block: int = BLOCK) -> Bootstrap:
    """Resample the documents ``resamples`` times (seeded) and evaluate every system's figures
    on the same resamples. ``block`` only bounds memory: the draws, and so every result, are
    the same whatever it is."""
    names = list(systems)
    keys = {name: list(figs) for name, figs in systems.items()}
    ones = np.ones((1, n_documents))
    observed = {s: {f: float(systems[s][f](ones)[0]) for f in keys[s]} for s in names}
    samples: dict[str, dict[str, list[np.ndarray]]] = {s: {f: [] for f in keys[s]}
                                                       for s in names}
    rng = np.random.default_rng(seed)
    done = 0
    while done < resamples and n_documents:
        w = weights(rng, min(block, resamples - done), n_documents)
        for s in names:
            for f in keys[s]:
                samples[s][f].append(systems[s][f](w))
        done += len(w)
    drawn = {s: {f: np.concatenate(v) if v else np.empty(0) for f, v in per.items()}
             for s, per in samples.items()}
    figures = {s: {f: _interval(observed[s][f], drawn[s][f], level) for f in keys[s]}
               for s in names}
    differences = {}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            shared = [f for f in keys[a] if f in keys[b]]
            differences[(a, b)] = with_holm({
                f: _difference(observed[a][f] - observed[b][f], drawn[a][f] - drawn[b][f],
                               level) for f in shared})
    return Bootstrap(resamples, seed, level, n_documents, figures, differences)


def method_text(b: Bootstrap | None = None, resamples: int = RESAMPLES, seed: int = SEED,
                level: float = LEVEL) -> str:
    """How the intervals and p-values were made, in a sentence, for every output."""
    if b is not None:
        resamples, seed, level = b.resamples, b.seed, b.level
    return (f"{level:.0%} intervals: paired bootstrap over documents, {resamples:,} resamples, "
            f"seed {seed}, percentile method; p: two-sided paired bootstrap test (resampled "
            "differences shifted to no difference), (1 + #{|δ* − δ| ≥ |δ|}) / (1 + resamples); "
            "p (Holm): Holm–Bonferroni adjusted over each pair's tests, one per figure the two "
            "share")


def figure_names(systems: Mapping[str, Sequence[str]]) -> list[str]:
    """Every figure any system has, in first-seen order."""
    out: list[str] = []
    for figs in systems.values():
        out += [f for f in figs if f not in out]
    return out
