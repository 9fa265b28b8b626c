"""The ``pairing`` scheme: BioNLP-ST Bacteria Biotope's pairing evaluation, for geoparsing.

A gold toponym and a prediction that may be paired (the match mode's ``near``: overlapping
spans by default) score J × L, where J is the Jaccard index of their character spans (when a
side has no offsets: 1 when the mode calls them ``same``, else 0) and L is 1 when the
predicted point lies within the gold toponym's tolerance (or the gold toponym has no
coordinates), else 0. Gold toponyms and
predictions are paired one-to-one to maximise the total score (``evaluation.assignment``); pairs
scoring 0 stay unpaired. Recall = Σscore / |gold|, precision = Σscore / |predictions|, F1 their
harmonic mean (``seeds/001``).

Variants (``--variant``): ``no-boundaries`` — the pairing still maximises J × L but each pair
then scores 1 (the seed: "as if J has been removed from the score formula ... only the scores
are altered"); ``relaxed`` — J is 1 for any overlap, which changes both scores and pairing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from evaluation.assignment import Assignment
from evaluation.flat_corpus import FlatCorpus
from evaluation.markdown import table
from evaluation.matching import MatchMode, Pairs, candidate_pairs
from evaluation.metrics import f1_score, ratio
from geoparser.distance import within_km
from geoparser.errors import UsageError
from geoparser.model import GoldToponym, Prediction


@dataclass(frozen=True)
class Variant:
    """How J is computed and what a pair finally scores (pairing always maximises J × L)."""

    name: str
    relaxed_boundaries: bool
    count_pairs: bool
    description: str


VARIANTS: dict[str, Variant] = {v.name: v for v in (
    Variant("standard", False, False, "score J × L"),
    Variant("no-boundaries", False, True, "pair by J × L, then each pair scores 1"),
    Variant("relaxed", True, False, "J = 1 on any overlap"),
)}


def get_variant(name: str | None) -> Variant:
    try:
        return VARIANTS[name or "standard"]
    except KeyError:
        raise UsageError(f"unknown pairing variant {name!r} (known: "
                         f"{', '.join(sorted(VARIANTS))})") from None


def located(gold: GoldToponym, pred: Prediction) -> float:
    """L: 1 when the gold toponym has no point or the prediction lies within its tolerance."""
    if not gold.has_point:
        return 1.0
    if not pred.has_point:
        return 0.0
    if gold.tolerance_km is None:
        return 0.0
    return float(within_km(gold.lat, gold.lon, pred.lat, pred.lon,  # type: ignore[arg-type]
                           gold.tolerance_km))


def _jaccard(corpus: FlatCorpus, pairs: Pairs) -> np.ndarray:
    gs, ge, gok = corpus.gold_spans
    ps, pe, pok = corpus.pred_spans
    g, p = pairs.gold, pairs.pred
    inter = np.clip(np.minimum(ge[g], pe[p]) - np.maximum(gs[g], ps[p]), 0, None)
    union = np.maximum(ge[g], pe[p]) - np.minimum(gs[g], ps[p])
    both = gok[g] & pok[p]
    with np.errstate(divide="ignore", invalid="ignore"):
        span_j = np.where(both & (union > 0), inter / np.where(union > 0, union, 1), 0.0)
    return np.where(both, span_j, pairs.same.astype(float))


@dataclass(frozen=True)
class PairingResult:
    scheme: str
    options: dict[str, Any]
    documents: tuple[dict[str, Any], ...]
    totals: dict[str, float]
    notes: tuple[str, ...] = field(default=())

    def overall(self) -> dict[str, Any]:
        t = self.totals
        p, r = ratio(t["score"], t["predictions"]), ratio(t["score"], t["gold"])
        return {"precision": p, "recall": r, "f1": f1_score(p, r), "pairs": int(t["pairs"]),
                "score": t["score"], "gold": int(t["gold"]), "predictions": int(t["predictions"])}

    def to_json(self, lazy: bool = False) -> dict[str, Any]:
        return {"scheme": self.scheme, "options": self.options, "overall": self.overall(),
                "documents": iter(self.documents) if lazy else list(self.documents),
                **({"notes": list(self.notes)} if self.notes else {})}

    def to_rows(self) -> list[dict[str, Any]]:
        return [{"scope": "overall", **self.overall()}]

    def to_markdown(self) -> str:
        o = self.overall()
        return "\n".join([
            "## BioNLP-ST pairing evaluation (`pairing`)", "",
            f"Variant `{self.options.get('variant') or 'standard'}`, match mode "
            f"`{self.options.get('match')}`. A pair scores J × L (span Jaccard × located "
            "within tolerance); optimal one-to-one pairing; R = Σscore/|gold|, "
            "P = Σscore/|pred|.", "",
            table(["pairs", "Σscore", "gold", "predictions", "P", "R", "F1"],
                  [[o["pairs"], o["score"], o["gold"], o["predictions"], o["precision"],
                    o["recall"], o["f1"]]]),
        ]) + "\n"


def score_pairing(corpus: FlatCorpus, mode: MatchMode, options: dict[str, Any],
                  locate: Callable[[GoldToponym, Prediction], float] = located
                  ) -> PairingResult:
    variant = get_variant(options.get("variant"))
    pairs = candidate_pairs(corpus, mode)
    j = np.ones(len(pairs)) if variant.relaxed_boundaries else _jaccard(corpus, pairs)
    loc = np.array([locate(corpus.golds[g], corpus.preds[p]) if jj > 0 else 0.0
                    for g, p, jj in zip(pairs.gold.tolist(), pairs.pred.tolist(), j.tolist(),
                                        strict=True)], dtype=float)
    weight = j * loc
    assignment = Assignment(pairs.gold, pairs.pred, corpus.gold_keys, corpus.pred_keys,
                            corpus.pred_group)
    matched = assignment.solve(weight)
    score = np.where(matched, 1.0 if variant.count_pairs else weight, 0.0)
    doc_of_pair = corpus.gold_doc[pairs.gold]
    n = corpus.n_docs
    doc_score = np.bincount(doc_of_pair, weights=score, minlength=n)
    doc_pairs = np.bincount(doc_of_pair[matched], minlength=n)
    gcount, pcount = corpus.gold_counts(), corpus.pred_counts()
    docs = []
    for k, doc_id in enumerate(corpus.doc_ids):
        s, ng, npred = float(doc_score[k]), int(gcount[k]), int(pcount[k])
        p, r = ratio(s, npred), ratio(s, ng)
        docs.append({"id": doc_id, "precision": p, "recall": r, "f1": f1_score(p, r),
                     "pairs": int(doc_pairs[k]), "score": s})
    totals = {"score": float(score.sum()), "pairs": float(matched.sum()),
              "gold": float(corpus.n_golds), "predictions": float(corpus.n_preds)}
    return PairingResult("pairing", options, tuple(docs), totals)
