"""The ``errors`` scheme: error categories after ELEVANT (``seeds/003``), adapted to toponyms.

NER true positives are the one-to-one ``same`` pairs of the match mode
(``evaluation.pairs_matched``). Each category has ELEVANT's numerator and denominator
(``None`` where ELEVANT reports an absolute number). As in ELEVANT, categories are independent
filters — one error may fall in several — except ``other``, which holds the errors in none of
the others, and ``all``, the total.

NER false negatives (gold toponyms not found):
  lowercased          — the mention is lowercased / all lowercased gold mentions
  partially_included  — a prediction covers a whole-word part of it / all multi-word mentions
  partial_overlap     — not lowercased, and overlaps a prediction / all not-lowercased mentions
  other               — none of these / all not-lowercased mentions
NER false positives (predictions matching no gold toponym; no denominators except one):
  lowercased          — lowercased, and overlaps no gold toponym
  wrong_span          — overlaps a gold toponym of the same place (same GeoNames id, or the point
                        within tolerance, when both sides give one) / all predictions
  other               — none of these
Disambiguation (NER true positives whose gold toponym has coordinates or a GeoNames id; a
prediction is right when its GeoNames id equals the gold's, or else its point lies within the
gold's tolerance):
  wrong_candidates    — the gold place is not among the prediction's candidates / true
                        positives with candidates
  multiple_candidates — several candidates, the gold among them, another chosen / true
                        positives with several candidates including the gold
  rare                — the most populous candidate was chosen, the gold is a less populous one
                        / true positives whose gold is a candidate but not the most populous
  demonym             — the mention is a demonym ("French"; the English demonyms of the
                        world-countries extract, plurals too, or a gold label "Demonym") /
                        true positives that are demonyms
  metonymy            — the gold toponym is labelled metonymic (GeoWebNews "Metonymic") /
                        true positives labelled so
  partial_name        — the mention is a proper whole-word part of the gold place's ``name``
                        ("Santa Maria" for "Santa Maria, California") / true positives so
  other               — none of these (including true positives without a predicted point)
The candidate categories need predictions that list their ``candidates``; without them they
are 0 out of 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from evaluation.false_positives import FalsePositives, classify, json_part, markdown_part, unmatched
from evaluation.flat_corpus import FlatCorpus
from evaluation.markdown import table
from evaluation.matching import MatchMode, span_jaccard, words_nested
from evaluation.pairs_matched import match_same
from geoparser.distance import distance_km, within_km
from geoparser.model import CandidatePoint, GoldToponym, Prediction
from geoparser.names import normalise_name

EXAMPLES_KEPT = 20
METONYMIC_LABELS = frozenset({"metonymic", "metonymy", "metonym"})
DEMONYM_LABELS = frozenset({"demonym"})

NER_FN = ("lowercased", "partially_included", "partial_overlap")
NER_FP = ("lowercased", "wrong_span")
DISAMBIGUATION = ("wrong_candidates", "multiple_candidates", "rare", "demonym", "metonymy",
                  "partial_name")


@lru_cache(maxsize=1)
def demonyms() -> frozenset[str]:
    """Normalised English demonyms of every country ("french", "new zealander"), from the
    gazetteer's world-countries extract (``geoparser.gazetteers.demonyms``)."""
    from geoparser.gazetteers.demonyms import demonyms_by_country

    return frozenset(normalise_name(d) for ds in demonyms_by_country().values() for d in ds)


def is_demonym(text: str, label: str | None) -> bool:
    if label is not None and label.casefold() in DEMONYM_LABELS:
        return True
    name = normalise_name(text)
    known = demonyms()
    return name in known or (name.endswith("s") and name[:-1] in known)


def is_lowercased(text: str) -> bool:
    """Whether the mention's first letter is lowercase ("countess", "the north")."""
    first = next((ch for ch in text if ch.isalpha()), "")
    return first.islower()


def same_place(gold: GoldToponym, place: Prediction | CandidatePoint) -> bool | None:
    """Whether ``place`` is the gold's place; ``None`` when neither id nor point can tell."""
    if gold.geonameid is not None and place.geonameid is not None:
        return gold.geonameid == place.geonameid
    if gold.has_point and place.has_point:
        tol = gold.tolerance_km if gold.tolerance_km is not None else 0.0
        return within_km(gold.lat, gold.lon, place.lat, place.lon, tol)  # type: ignore[arg-type]
    return None


def _part_of(mention: str, name: str | None) -> bool:
    return bool(name) and normalise_name(mention) != normalise_name(name) and words_nested(
        mention, name)  # type: ignore[arg-type]


@dataclass
class Tally:
    """Numerators, denominators and examples of one group of categories."""

    categories: tuple[str, ...]
    counts: dict[str, int] = field(default_factory=dict)
    denominators: dict[str, int | None] = field(default_factory=dict)
    examples: dict[str, list[dict]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for c in ("all", *self.categories, "other"):
            self.counts.setdefault(c, 0)
            self.examples.setdefault(c, [])

    #: Every error once, with its categories, when kept (``score --errors``, ``browse``):
    #: off by default, so memory does not grow with a large corpus's errors.
    every: list[dict] | None = None

    def error(self, hits: Sequence[str], example: dict) -> None:
        for c in ("all", *(hits or ("other",))):
            self.counts[c] += 1
            if len(self.examples[c]) < EXAMPLES_KEPT:
                self.examples[c].append(example)
        if self.every is not None:
            self.every.append({**example, "categories": list(hits or ("other",))})


@dataclass(frozen=True)
class ErrorsResult:
    scheme: str
    options: dict[str, Any]
    groups: dict[str, Tally]
    notes: tuple[str, ...] = ()
    #: What the NER false positives lay on, where the gold has other entities.
    false_positives: FalsePositives | None = None

    def to_json(self, lazy: bool = False) -> dict[str, Any]:
        return {
            "scheme": self.scheme, "options": self.options,
            **{name: dict(t.counts) for name, t in self.groups.items()},
            "denominators": {name: dict(t.denominators) for name, t in self.groups.items()},
            "examples": {name: {c: list(v) for c, v in t.examples.items()}
                         for name, t in self.groups.items()},
            **json_part(self.false_positives),
            **({"notes": list(self.notes)} if self.notes else {}),
        }

    def errors(self) -> list[dict[str, Any]]:
        """Every error, group by group in corpus order: document, span, text, group,
        categories, the gold place and the chosen one, and the distance between them."""
        if any(t.every is None for t in self.groups.values()):
            raise ValueError("scored without every_error=True: only examples were kept")
        return [{"group": name, **e} for name, t in self.groups.items() for e in t.every or ()]

    def to_rows(self) -> list[dict[str, Any]]:
        """One row per category; a category without a denominator (ELEVANT reports it as a
        bare number) has no ``denominator`` or ``rate`` key: they do not apply."""
        fps = self.false_positives.to_rows() if self.false_positives else []
        return [{"group": name, "category": c, "count": n,
                 **({} if (den := t.denominators.get(c)) is None else
                    {"denominator": den, "rate": n / den if den else None})}
                for name, t in self.groups.items() for c, n in t.counts.items()] + [
            {"group": "ner_fp", "lay_on": r["lay_on"], "count": r["false_positives"],
             "per_100_gold": r["per_100_gold"]} for r in fps]

    def to_markdown(self, examples: int = 5) -> str:
        titles = {"ner_fn": "NER false negatives", "ner_fp": "NER false positives",
                  "disambiguation": "Disambiguation errors"}
        out = ["## Error categories after ELEVANT (`errors`)", "",
               f"Match mode `{self.options.get('match')}`. Categories may overlap; `other` "
               "holds the errors in none of them.", ""]
        for name, t in self.groups.items():
            rows = []
            for c, n in t.counts.items():
                den = t.denominators.get(c)
                shown = "; ".join(f"{e['doc']}: “{e['text']}”" for e in t.examples[c][:examples])
                rows.append([c, n, "—" if den is None else den,
                             n / den if den else None if den is not None else "—", shown])
            out += [f"### {titles[name]}", "",
                    table(["category", "errors", "out of", "rate", "examples"], rows), ""]
        out += markdown_part(self.false_positives, "NER false positives")
        out += [f"Note: {note}" for note in self.notes]
        return "\n".join(out) + "\n"


@dataclass(frozen=True)
class MissedGold:
    """A gold toponym no prediction found, with the predictions overlapping it."""

    gold: GoldToponym
    near: list[Prediction]
    lowercased: bool


@dataclass(frozen=True)
class SpuriousPrediction:
    """A prediction that matches no gold toponym, with the gold toponyms overlapping it."""

    pred: Prediction
    near: list[GoldToponym]


@dataclass(frozen=True)
class MatchedPair:
    """A matched gold toponym with a place, its prediction, and what the candidates say."""

    gold: GoldToponym
    pred: Prediction
    gold_in: list[CandidatePoint]  # the candidates that are the gold place
    top: CandidatePoint | None  # the most populous candidate
    top_is_gold: bool


@dataclass(frozen=True)
class Category:
    """One error category as a small strategy: ``counts`` puts a case in its denominator
    (``None``: the category has none, as ELEVANT reports it), ``holds`` files an error
    there."""

    name: str
    holds: Callable[[Any], bool]
    counts: Callable[[Any], bool] | None = None


def _rare(c: MatchedPair) -> bool:
    return bool(c.gold_in) and c.top is not None and not c.top_is_gold


def _metonymic(c: MatchedPair) -> bool:
    return c.gold.label is not None and c.gold.label.casefold() in METONYMIC_LABELS


#: NER false negatives, in ``NER_FN`` order.
MISSED: tuple[Category, ...] = (
    Category("lowercased", lambda c: c.lowercased),
    Category("partially_included", lambda c: len(c.gold.text.split()) > 1 and any(
        _part_of(p.text, c.gold.text) and _inside(p, c.gold) for p in c.near)),
    Category("partial_overlap", lambda c: not c.lowercased and bool(c.near)),
)
#: NER false positives, in ``NER_FP`` order (kept in the order errors were always filed in).
SPURIOUS: tuple[Category, ...] = (
    Category("wrong_span", lambda c: bool(c.near) and any(
        same_place(g, c.pred) is not False for g in c.near)),
    Category("lowercased", lambda c: is_lowercased(c.pred.text) and not c.near),
)
#: Disambiguation errors, in ``DISAMBIGUATION`` order, each with its denominator.
WRONG_PLACE: tuple[Category, ...] = (
    Category("wrong_candidates", lambda c: bool(c.pred.candidates) and not c.gold_in,
             lambda c: bool(c.pred.candidates)),
    Category("multiple_candidates", lambda c: len(c.pred.candidates) > 1 and bool(c.gold_in),
             lambda c: len(c.pred.candidates) > 1 and bool(c.gold_in)),
    Category("rare", lambda c: _rare(c) and _chose(c.pred, c.top), _rare),
    Category("demonym", lambda c: is_demonym(c.pred.text, c.gold.label),
             lambda c: is_demonym(c.pred.text, c.gold.label)),
    Category("metonymy", _metonymic, _metonymic),
    Category("partial_name", lambda c: _part_of(c.pred.text, c.gold.name),
             lambda c: _part_of(c.pred.text, c.gold.name)),
)


def _hits(categories: Sequence[Category], case: Any) -> list[str]:
    return [k.name for k in categories if k.holds(case)]


def score_errors(corpus: FlatCorpus, mode: MatchMode, options: dict[str, Any],
                 every: bool = False) -> ErrorsResult:
    """Every error of the corpus filed under the categories above (the module docstring)."""
    m = match_same(corpus, mode)
    g2p = m.gold_to_pred()
    near_g: dict[int, list[int]] = {}
    near_p: dict[int, list[int]] = {}
    for g, p in zip(m.pairs.gold.tolist(), m.pairs.pred.tolist(), strict=True):
        near_g.setdefault(g, []).append(p)
        near_p.setdefault(p, []).append(g)
    examples = _Examples(corpus)
    fn = _missed(corpus, g2p, near_g, examples, every)
    fps = classify(corpus, unmatched(corpus.n_preds, g2p.values()).tolist())
    fp = _spurious(corpus, set(g2p.values()), near_p, examples, every, fps)
    dis, unresolved = _wrong_places(corpus, g2p, examples, every)
    notes = []
    if unresolved:
        which = ("1 matched toponym has" if unresolved == 1
                 else f"{unresolved:,} matched toponyms have")
        notes.append(f"{which} no predicted coordinates or id; they count as disambiguation "
                     "errors (`other` unless another applies)")
    return ErrorsResult("errors", options, {"ner_fn": fn, "ner_fp": fp, "disambiguation": dis},
                        tuple(notes), fps)


class _Examples:
    """An error as the examples and the error list show it."""

    def __init__(self, corpus: FlatCorpus) -> None:
        self.corpus = corpus

    def gold(self, i: int) -> dict[str, Any]:
        t = self.corpus.golds[i]
        return {"doc": self.corpus.doc_ids[int(self.corpus.gold_doc[i])], "text": t.text,
                "start": t.start, "end": t.end, "label": t.label, "gold_name": t.name,
                "gold_point": [t.lat, t.lon], "gold_geonameid": t.geonameid}

    def pred(self, j: int) -> dict[str, Any]:
        t = self.corpus.preds[j]
        return {"doc": self.corpus.doc_ids[int(self.corpus.pred_doc[j])], "text": t.text,
                "start": t.start, "end": t.end, "label": t.label, "chosen_name": t.name,
                "predicted": [t.lat, t.lon], "geonameid": t.geonameid,
                "confidence": t.confidence}


def _missed(corpus: FlatCorpus, g2p: dict[int, int], near_g: dict[int, list[int]],
            examples: _Examples, every: bool) -> Tally:
    golds, preds = corpus.golds, corpus.preds
    fn = Tally(NER_FN, every=[] if every else None)
    lower = [is_lowercased(g.text) for g in golds]
    fn.denominators = {"all": len(golds), "lowercased": sum(lower),
                       "partially_included": sum(len(g.text.split()) > 1 for g in golds),
                       "partial_overlap": len(golds) - sum(lower),
                       "other": len(golds) - sum(lower)}
    for i, g in enumerate(golds):
        if i not in g2p:
            case = MissedGold(g, [preds[j] for j in near_g.get(i, [])], lower[i])
            fn.error(_hits(MISSED, case), examples.gold(i))
    return fn


def _spurious(corpus: FlatCorpus, matched: set[int], near_p: dict[int, list[int]],
              examples: _Examples, every: bool, fps: FalsePositives | None) -> Tally:
    golds, preds = corpus.golds, corpus.preds
    fp = Tally(NER_FP, every=[] if every else None)
    fp.denominators = {"all": None, "lowercased": None, "wrong_span": len(preds), "other": None}
    for j, p in enumerate(preds):
        if j not in matched:
            case = SpuriousPrediction(p, [golds[i] for i in near_p.get(j, [])])
            lay_on = {"lay_on": fps.rows[j].value} if fps is not None else {}
            fp.error(_hits(SPURIOUS, case), examples.pred(j) | lay_on)
    return fp


def _wrong_places(corpus: FlatCorpus, g2p: dict[int, int], examples: _Examples, every: bool
                  ) -> tuple[Tally, int]:
    golds, preds = corpus.golds, corpus.preds
    dis = Tally(DISAMBIGUATION, every=[] if every else None)
    den = dict.fromkeys(("all", *DISAMBIGUATION), 0)
    unresolved = 0
    for i, j in sorted(g2p.items()):
        g, p = golds[i], preds[j]
        if not (g.has_point or g.geonameid is not None):
            continue
        den["all"] += 1
        top = _most_populous(p.candidates)
        case = MatchedPair(g, p, [c for c in p.candidates if same_place(g, c)], top,
                           top is not None and bool(same_place(g, top)))
        for k in WRONG_PLACE:
            den[k.name] += bool(k.counts(case))  # type: ignore[misc]
        if same_place(g, p):
            continue
        if not p.has_point and p.geonameid is None:
            unresolved += 1
        ex = examples.gold(i) | {"predicted": [p.lat, p.lon], "geonameid": p.geonameid,
                                 "chosen_name": p.name, "predicted_span": [p.start, p.end],
                                 "confidence": p.confidence}
        if g.has_point and p.has_point:
            ex["distance_km"] = round(distance_km(g.lat, g.lon, p.lat, p.lon), 1)  # type: ignore[arg-type]
        dis.error(_hits(WRONG_PLACE, case), ex)
    dis.denominators = {**den, "other": None}
    return dis, unresolved


def _inside(p: Prediction, g: GoldToponym) -> bool:
    """Whether the prediction lies within the gold span (any place, for name-only data)."""
    if p.start is None or g.start is None:
        return True
    return g.start <= p.start and p.end <= g.end and span_jaccard(g, p) < 1  # type: ignore[operator]


def _most_populous(cands: Sequence[CandidatePoint]) -> CandidatePoint | None:
    known = [c for c in cands if c.population is not None]
    return max(known, key=lambda c: c.population) if known else None  # type: ignore[arg-type, return-value]


def _chose(p: Prediction, c: CandidatePoint) -> bool:
    if p.geonameid is not None and c.geonameid is not None:
        return p.geonameid == c.geonameid
    return p.has_point and c.has_point and (p.lat, p.lon) == (c.lat, c.lon)
