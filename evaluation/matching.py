"""When is a predicted toponym the gold one, and when may the two be paired at all?

A match mode answers two questions about a gold toponym and a prediction:

* ``same`` — is it the same toponym (SemEval's "exact boundary"; a true positive elsewhere)?
* ``near`` — may the two be paired at all (SemEval's "overlap": a partial or incorrect match)?

and gives a ``closeness`` in [0, 1] that only breaks ties between equally good pairings.

Modes (``--match``):

* ``span``: same = identical offsets; near = overlapping offsets (both need offsets);
* ``overlap``: same = near = overlapping offsets;
* ``text``: same = identical normalised surface form (``geoparser.names.normalise_name``,
  after folding the letters Unicode does not decompose — "Ł", "Ø", "Æ", … — and ignoring the
  gaps between words, so "L'Aquila" is "L Aquila" and "Łódź" is "Lodz"); near = one name's
  words are a contiguous run of the other's ("York" in "New York"). Offsets are ignored, which
  suits systems that output names only; a name given twice is two toponyms;
* ``levenshtein``: same = edit distance below 30% of the gold name's length, after Unicode NFC
  and case folding (``seeds/004``); near as for ``text``. Offsets are ignored;
* ``auto`` (default): ``span`` for a pair where both sides have offsets, ``text`` otherwise.

Each mode is callable as ``mode(gold, pred) -> bool`` (= ``same``). ``relate`` computes both
relations for a whole corpus at once; the span-based modes do it with numpy on the pairs whose
spans may overlap (sparse: a document of 200,000 toponyms is fine), and a property test checks
that it agrees with the scalar definitions. The name-based modes compare every gold toponym of
a document with every prediction of it, so a document may have at most
``MAX_NAME_PAIRS_PER_DOCUMENT`` such pairs (2,000 × 2,000); beyond that scoring stops with a
message rather than running for minutes.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from evaluation.flat_corpus import FlatCorpus
from geoparser.errors import UsageError
from geoparser.model import GoldToponym, Prediction
from geoparser.names import normalise_name
from geoparser.registry import Registry

LEVENSHTEIN_THRESHOLD = 0.3
MAX_NAME_PAIRS_PER_DOCUMENT = 4_000_000

# Letters that Unicode decomposition leaves whole, folded for the ``text`` mode's names.
_LETTERS = str.maketrans({"Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d",
                          "Ð": "D", "ð": "d", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe",
                          "Þ": "TH", "þ": "th", "ı": "i", "Ħ": "H", "ħ": "h", "ß": "ss"})

Toponym = GoldToponym | Prediction


@dataclass(frozen=True)
class Pairs:
    """Candidate gold/prediction pairs of a corpus (the ``near`` ones), as parallel arrays.

    ``gold`` and ``pred`` index the corpus's rows (see ``evaluation.flat_corpus``).
    """

    gold: np.ndarray
    pred: np.ndarray
    same: np.ndarray
    closeness: np.ndarray

    @staticmethod
    def empty() -> Pairs:
        return Pairs(np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, bool),
                     np.zeros(0, float))

    def __len__(self) -> int:
        return len(self.gold)

    def subset(self, mask: np.ndarray) -> Pairs:
        return Pairs(self.gold[mask], self.pred[mask], self.same[mask], self.closeness[mask])


def _has_span(t: Toponym) -> bool:
    return t.start is not None and t.end is not None


def span_jaccard(gold: Toponym, pred: Toponym) -> float:
    """Jaccard index of two character spans (0 when either has no offsets)."""
    if not (_has_span(gold) and _has_span(pred)):
        return 0.0
    inter = min(gold.end, pred.end) - max(gold.start, pred.start)  # type: ignore[operator]
    if inter <= 0:
        return 0.0
    union = max(gold.end, pred.end) - min(gold.start, pred.start)  # type: ignore[operator]
    return inter / union


@lru_cache(maxsize=65536)
def _words(name: str) -> tuple[str, ...]:
    return tuple(normalise_name(name.translate(_LETTERS)).split())


def text_key(name: str) -> str:
    """The ``text`` mode's comparison form of a name: its normalised words, without gaps."""
    return "".join(_words(name))


def _contains_run(longer: tuple[str, ...], shorter: tuple[str, ...]) -> bool:
    k = len(shorter)
    return k > 0 and any(longer[i:i + k] == shorter for i in range(len(longer) - k + 1))


def words_nested(a: str, b: str) -> bool:
    """Whether one name's normalised words are a contiguous run of the other's."""
    wa, wb = _words(a), _words(b)
    return _contains_run(wa, wb) if len(wa) >= len(wb) else _contains_run(wb, wa)


def _word_jaccard(a: str, b: str) -> float:
    sa, sb = set(_words(a)), set(_words(b))
    return len(sa & sb) / len(sa | sb) if sa | sb else 0.0


@lru_cache(maxsize=65536)
def fold(name: str) -> str:
    """Unicode NFC and case folding, the comparison form of the ``levenshtein`` mode."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


class MatchMode:
    """One way of comparing toponyms; subclasses define ``same``, ``near`` and ``closeness``."""

    name = ""

    def same(self, gold: GoldToponym, pred: Prediction) -> bool:
        raise NotImplementedError

    def near(self, gold: GoldToponym, pred: Prediction) -> bool:
        raise NotImplementedError

    def closeness(self, gold: GoldToponym, pred: Prediction) -> float:
        raise NotImplementedError

    def __call__(self, gold: GoldToponym, pred: Prediction) -> bool:
        return self.same(gold, pred)

    def relate(self, corpus: FlatCorpus) -> Pairs:
        """All ``near`` pairs of a corpus, with ``same`` and ``closeness`` for each."""
        check_pair_bound(corpus, self.name)
        gi, pj = corpus.all_pairs()
        golds, preds = corpus.golds, corpus.preds
        keep, same, close = [], [], []
        for k, (i, j) in enumerate(zip(gi.tolist(), pj.tolist(), strict=True)):
            g, p = golds[i], preds[j]
            if self.near(g, p):
                keep.append(k)
                same.append(self.same(g, p))
                close.append(self.closeness(g, p))
        idx = np.asarray(keep, dtype=np.int64)
        return Pairs(gi[idx], pj[idx], np.asarray(same, dtype=bool),
                     np.asarray(close, dtype=float))


class TooManyPairs(UsageError):
    """A document with more name pairs than are scored; ``index`` is its place in the gold
    file, so the caller that knows the file can name its line."""

    def __init__(self, index: int, message: str) -> None:
        self.index = index
        super().__init__(message)


def check_pair_bound(corpus: FlatCorpus, mode: str) -> None:
    """Refuse a document whose every-pair comparison would run for minutes."""
    pairs = corpus.gold_counts() * corpus.pred_counts()
    if len(pairs) and pairs.max() > MAX_NAME_PAIRS_PER_DOCUMENT:
        k = int(pairs.argmax())
        raise TooManyPairs(k,
            f"document {corpus.doc_ids[k]!r} has {int(corpus.gold_counts()[k])} gold toponyms "
            f"and {int(corpus.pred_counts()[k])} predictions: match mode {mode!r} compares "
            f"every pair, and at most {MAX_NAME_PAIRS_PER_DOCUMENT:,} pairs per document are "
            "scored; give offsets and use --match span, or split the document")


def _span_candidates(corpus: FlatCorpus) -> tuple[np.ndarray, np.ndarray]:
    """(gold, prediction) pairs of a document whose spans might overlap, without forming every
    pair: with gold toponyms sorted by (document, start), those overlapping a prediction start
    after its start minus the longest gold span and before its end — a window found by binary
    search. A superset of the overlapping pairs; ``relate`` keeps the true ones."""
    gs, ge, gok = corpus.gold_spans
    ps, pe, pok = corpus.pred_spans
    gidx, pidx = _rows_with(gok), _rows_with(pok)
    if not len(gidx) or not len(pidx):
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    gs, ge, gdoc = gs[gidx], ge[gidx], corpus.gold_doc[gidx]
    longest = int((ge - gs).max())
    shift = longest + 1
    width = int(max(ge.max(), pe[pidx].max())) + 2 * shift + 1
    gkey = gdoc * width + gs + shift
    if (gkey[1:] < gkey[:-1]).any():  # gold toponyms not in textual order: sort them
        order = np.argsort(gkey, kind="stable")
        gidx, gkey = gidx[order], gkey[order]
    base = corpus.pred_doc[pidx] * width + shift
    lo = np.searchsorted(gkey, base + ps[pidx] - longest, side="right")
    hi = np.searchsorted(gkey, base + pe[pidx], side="left")
    count = np.maximum(hi - lo, 0)
    starts = np.cumsum(count) - count
    within = np.arange(int(count.sum()), dtype=np.int64) - np.repeat(starts, count)
    return gidx[np.repeat(lo, count) + within], np.repeat(pidx, count)


def _rows_with(has: np.ndarray) -> np.ndarray:
    return np.arange(len(has)) if has.all() else np.flatnonzero(has)


class SpanMode(MatchMode):
    name = "span"

    def same(self, gold: GoldToponym, pred: Prediction) -> bool:
        return _has_span(gold) and _has_span(pred) and (gold.start, gold.end) == (
            pred.start, pred.end)

    def near(self, gold: GoldToponym, pred: Prediction) -> bool:
        return span_jaccard(gold, pred) > 0

    def closeness(self, gold: GoldToponym, pred: Prediction) -> float:
        return span_jaccard(gold, pred)

    def relate(self, corpus: FlatCorpus) -> Pairs:
        gi, pj = _span_candidates(corpus)
        gs, ge, gok = corpus.gold_spans
        ps, pe, pok = corpus.pred_spans
        a_s, a_e, b_s, b_e = gs[gi], ge[gi], ps[pj], pe[pj]
        inter = np.minimum(a_e, b_e) - np.maximum(a_s, b_s)
        near = gok[gi] & pok[pj] & (inter > 0)
        gi, pj, inter = gi[near], pj[near], inter[near]
        a_s, a_e, b_s, b_e = a_s[near], a_e[near], b_s[near], b_e[near]
        union = np.maximum(a_e, b_e) - np.minimum(a_s, b_s)
        return Pairs(gi, pj, self._same(a_s, a_e, b_s, b_e), inter / union)

    @staticmethod
    def _same(a_s, a_e, b_s, b_e) -> np.ndarray:
        return (a_s == b_s) & (a_e == b_e)


class OverlapMode(SpanMode):
    name = "overlap"

    def same(self, gold: GoldToponym, pred: Prediction) -> bool:
        return self.near(gold, pred)

    @staticmethod
    def _same(a_s, a_e, b_s, b_e) -> np.ndarray:
        return np.ones(len(a_s), dtype=bool)


class TextMode(MatchMode):
    name = "text"

    def same(self, gold: GoldToponym, pred: Prediction) -> bool:
        return text_key(gold.text) == text_key(pred.text)

    def near(self, gold: GoldToponym, pred: Prediction) -> bool:
        return self.same(gold, pred) or words_nested(gold.text, pred.text)

    def closeness(self, gold: GoldToponym, pred: Prediction) -> float:
        return _word_jaccard(gold.text, pred.text)


class LevenshteinMode(TextMode):
    name = "levenshtein"

    def __init__(self) -> None:
        from rapidfuzz.distance import Levenshtein  # only this mode needs it (and its import)

        self._distance = Levenshtein.distance
        self._similarity = Levenshtein.normalized_similarity

    def same(self, gold: GoldToponym, pred: Prediction) -> bool:
        g, p = fold(gold.text), fold(pred.text)
        limit = LEVENSHTEIN_THRESHOLD * len(g)
        return self._distance(g, p) < limit

    def closeness(self, gold: GoldToponym, pred: Prediction) -> float:
        return self._similarity(fold(gold.text), fold(pred.text))


class AutoMode(MatchMode):
    name = "auto"

    def __init__(self) -> None:
        self._span, self._text = SpanMode(), TextMode()

    def _pick(self, gold: GoldToponym, pred: Prediction) -> MatchMode:
        return self._span if _has_span(gold) and _has_span(pred) else self._text

    def same(self, gold: GoldToponym, pred: Prediction) -> bool:
        return self._pick(gold, pred).same(gold, pred)

    def near(self, gold: GoldToponym, pred: Prediction) -> bool:
        return self._pick(gold, pred).near(gold, pred)

    def closeness(self, gold: GoldToponym, pred: Prediction) -> float:
        return self._pick(gold, pred).closeness(gold, pred)

    def relate(self, corpus: FlatCorpus) -> Pairs:
        every = corpus.gold_spans[2].all() and corpus.pred_spans[2].all()
        return self._span.relate(corpus) if every else super().relate(corpus)



def candidate_pairs(corpus: FlatCorpus, mode: MatchMode) -> Pairs:
    """The pairs the schemes may use: the mode's ``near`` pairs.

    A toponym predicted twice (the same span, or the same name in a name-based mode) keeps
    both copies here: the one-to-one assignment pairs at most one of them with a gold
    toponym, chosen by weight (then by content, never by position), and the other is
    spurious.
    """
    return mode.relate(corpus)


MATCHERS: Registry[MatchMode] = Registry("match mode")
for _mode in (SpanMode, OverlapMode, TextMode, LevenshteinMode, AutoMode):
    MATCHERS.register(_mode.name)(_mode)


def create_matcher(mode: str) -> MatchMode:
    return MATCHERS.create(mode)
