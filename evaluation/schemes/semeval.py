"""SemEval-2013 Task 9 entity-level evaluation: strict, exact, partial and type.

The four measures are data (``MEASURES``): which facts make a paired gold/prediction correct,
and what a paired but not correct one counts as. One matching core serves them all: candidate
pairs come from the match mode (``near``: overlapping spans by default), and gold toponyms and
predictions are paired one-to-one by an optimal assignment (``evaluation.assignment``) that
maximises first the number of correct pairs, then the number of pairs. Every gold toponym is
then COR, INC, PAR or MIS, and every prediction COR, INC, PAR or SPU — so COR+INC+PAR+MIS is
always the gold count and COR+INC+PAR+SPU the prediction count, whatever the input order, and a
duplicated prediction is one more SPU.

Facts: ``boundary`` — the match mode's ``same`` (identical offsets in ``span`` mode);
``label`` — the labels are identical, or the gold toponym has no label (a corpus that does not
type its toponyms constrains nothing).

``by_label`` scores each label on its own, as nervaluate and conlleval do: only gold toponyms
and predictions carrying that label take part. Macro figures average over documents (see
``macro``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from typing import Any

import msgspec
import numpy as np

from evaluation.assignment import Assignment, lexicographic_weight
from evaluation.false_positives import FalsePositives, classify, json_part, markdown_part, unmatched
from evaluation.flat_corpus import FlatCorpus
from evaluation.markdown import table
from evaluation.matching import MatchMode, Pairs, candidate_pairs
from evaluation.metrics import f1_score
from evaluation.results import EncodedLines
from evaluation.schemes.muc import PARTIAL_CREDIT, MucCounts


@dataclass(frozen=True)
class Measure:
    """A SemEval measure: the facts that make a pair correct, and what other pairs count as."""

    name: str
    correct_if: tuple[str, ...]
    otherwise: str  # "incorrect" or "partial"
    description: str


MEASURES: tuple[Measure, ...] = (
    Measure("strict", ("boundary", "label"), "incorrect", "exact boundary and same label"),
    Measure("exact", ("boundary",), "incorrect", "exact boundary, label ignored"),
    Measure("partial", ("boundary",), "partial",
            "exact boundary; an overlap is PAR, worth ½"),
    Measure("type", ("label",), "incorrect", "some overlap and same label"),
)

NO_LABEL = "(none)"
#: The measures that test the label: undefined when the two sides' labels share none.
TYPED_MEASURES = frozenset(m.name for m in MEASURES if "label" in m.correct_if)
#: The figures a typed measure then leaves undefined (its counts are kept).
RATIOS = frozenset({"precision", "recall", "f1", "f1_of_means"})


@dataclass(frozen=True)
class PerDocument:
    """Per-document counts of one measure, as arrays over the corpus's documents."""

    correct: np.ndarray
    other: np.ndarray
    missed: np.ndarray
    spurious: np.ndarray
    otherwise: str

    def counts(self, k: int | None = None) -> MucCounts:
        pick = (lambda a: int(a.sum())) if k is None else (lambda a: int(a[k]))
        other = pick(self.other)
        return MucCounts(
            correct=pick(self.correct),
            incorrect=other if self.otherwise == "incorrect" else 0,
            partial=other if self.otherwise == "partial" else 0,
            missed=pick(self.missed), spurious=pick(self.spurious),
        )

    def document_dicts(self) -> Iterator[dict[str, Any]]:
        """Per-document counts and figures, as ``MucCounts.as_dict`` gives them, one document
        at a time; the figures computed for every document at once (the same float
        operations, in the same order, as ``as_dict`` does for one)."""
        return map(dict, map(zip, repeat(DOCUMENT_KEYS), zip(*self._columns(), strict=True)))

    def _columns(self) -> list[list[Any]]:
        """Every document's value of each of ``DOCUMENT_KEYS``, one list a key."""
        partial = self.otherwise == "partial"
        cor, oth = self.correct.astype(np.int64), self.other.astype(np.int64)
        mis, spu = self.missed.astype(np.int64), self.spurious.astype(np.int64)
        none = np.zeros_like(oth)
        par, inc = (oth, none) if partial else (none, oth)
        pos, act = cor + oth + mis, cor + oth + spu
        credit = cor + PARTIAL_CREDIT * par
        has_p, has_r = act > 0, pos > 0
        with np.errstate(divide="ignore", invalid="ignore"):
            p = credit / np.where(has_p, act, 1)
            r = credit / np.where(has_r, pos, 1)
            f = 2 * p * r / (p + r)
        f = np.where(p + r == 0, 0.0, f)
        return [a.tolist() for a in (cor, inc, par, mis, spu, pos, act)] + [
            _undefined_as_none(p, has_p), _undefined_as_none(r, has_r),
            _undefined_as_none(f, has_p & has_r)]

    def macro(self) -> dict[str, Any]:
        """Averages over documents.

        precision: mean over documents with predictions; recall: mean over documents with gold
        toponyms; f1: mean of per-document F1 over documents with either, a document's F1 being
        2·credit/(POS+ACT) — the harmonic mean of its P and R when both are defined, and 0 when
        it has gold but no predictions or predictions but no gold. ``f1_of_means`` is the
        harmonic mean of the two averages (the other definition in use; Opitz & Burst 2019).
        """
        partial = self.other if self.otherwise == "partial" else 0
        credit = self.correct + PARTIAL_CREDIT * partial
        pos = self.correct + self.other + self.missed
        act = self.correct + self.other + self.spurious
        with np.errstate(divide="ignore", invalid="ignore"):
            p = credit / act
            r = credit / pos
            f = 2 * credit / (pos + act)
        has_p, has_r, has_f = act > 0, pos > 0, (pos + act) > 0
        mp = float(p[has_p].mean()) if has_p.any() else None
        mr = float(r[has_r].mean()) if has_r.any() else None
        return {
            "precision": mp, "recall": mr,
            "f1": float(f[has_f].mean()) if has_f.any() else None,
            "f1_of_means": f1_score(mp, mr),
            "documents_with_predictions": int(has_p.sum()),
            "documents_with_gold": int(has_r.sum()),
            "documents_scored": int(has_f.sum()),
        }


#: A document's entry in ``score --format json``, in ``MucCounts.as_dict``'s order.
DOCUMENT_KEYS = ("correct", "incorrect", "partial", "missed", "spurious", "possible", "actual",
                 "precision", "recall", "f1")
#: Documents encoded per block of ``SemEvalResult.document_lines``.
DOCUMENT_BLOCK = 8192
_LINE = b'{"id":%s%s'


@lru_cache(maxsize=16)
def document_struct(fields: tuple[str, ...]) -> type:
    """A msgspec struct type with ``fields`` in order (None values kept): encoded, one is the
    dict of those keys, for less than a dict costs."""
    return msgspec.defstruct("DocumentFigures", fields)


def _undefined_as_none(values: np.ndarray, defined: np.ndarray) -> list[float | None]:
    """``values`` as Python floats, ``None`` where the figure is undefined (0/0)."""
    out: list[float | None] = values.tolist()
    for k in np.flatnonzero(~defined).tolist():
        out[k] = None
    return out


@dataclass(frozen=True)
class SemEvalResult:
    scheme: str
    options: dict[str, Any]
    doc_ids: tuple[str, ...]
    per_document: dict[str, PerDocument]
    by_label: dict[str, dict[str, MucCounts]]
    notes: tuple[str, ...] = field(default=())
    #: The predictions' labels and the gold's share none: the typed measures (strict, type)
    #: would count every span as wrongly typed, so their ratios are undefined, not 0.
    untyped: bool = False
    #: Why strict falls below exact when some predicted labels are the gold's and some not.
    mixed_labels: str | None = None
    #: What the predictions spurious under ``exact`` lay on, where the gold has other entities.
    false_positives: FalsePositives | None = None

    def overall(self) -> dict[str, MucCounts]:
        return {name: pd.counts() for name, pd in self.per_document.items()}

    def _figures(self, name: str, values: dict[str, Any]) -> dict[str, Any]:
        """``values`` with the ratios of a typed measure undefined when the labels share none
        (the counts stay: they say what was compared)."""
        if not (self.untyped and name in TYPED_MEASURES):
            return values
        return {k: None if k in RATIOS else v for k, v in values.items()}

    def to_json(self, lazy: bool = False) -> dict[str, Any]:
        """The result as JSON-ready data. ``lazy``: the per-document part already encoded
        (``document_lines``), for ``score_output.write_json`` to stream."""
        names = list(self.per_document)
        docs: Any
        if lazy:
            docs = EncodedLines(self.document_lines())
        else:
            columns = zip(*(pd.document_dicts() for pd in self.per_document.values()),
                          strict=True)
            docs = [{"id": doc_id, **{n: self._figures(n, d)
                                      for n, d in zip(names, per, strict=True)}}
                    for doc_id, per in zip(self.doc_ids, columns, strict=True)]
        return {
            "scheme": self.scheme,
            "options": self.options,
            "overall": {name: self._figures(name, c.as_dict())
                        for name, c in self.overall().items()},
            "macro": {name: self._figures(name, pd.macro())
                      for name, pd in self.per_document.items()},
            "by_label": {label: {name: self._figures(name, c.as_dict())
                                 for name, c in per.items()}
                         for label, per in self.by_label.items()},
            "documents": docs,
            **json_part(self.false_positives),
            **({"notes": list(self.notes)} if self.notes else {}),
        }

    def document_lines(self, block: int = DOCUMENT_BLOCK) -> Iterator[bytes]:
        """``to_json()["documents"]`` as compact JSON, one document a line, ``block``
        documents at a time. A document's figures follow from its counts, and a corpus has few
        distinct counts (451 across 100,000 synthetic documents): each distinct set is encoded
        once, and a document's line is its id joined to its set's text, with no Python object
        built per document (which cost most of ``score --format json``'s time)."""
        counts = np.stack([a for pd in self.per_document.values()
                           for a in (pd.correct, pd.other, pd.missed, pd.spurious)],
                          axis=1).astype(np.int64)
        rows = np.ascontiguousarray(counts).view(np.dtype((np.void, counts.shape[1] * 8)))
        _, first, which = np.unique(rows.ravel(), return_index=True, return_inverse=True)
        encoder = msgspec.json.Encoder()
        tails = [b"," + text[1:] + b"\n"  # '{"strict":…}' -> ',"strict":…}\n'
                 for text in encoder.encode_lines(self._figure_structs(first)).split(b"\n")[:-1]]
        which = which.ravel()
        for start in range(0, len(self.doc_ids), block):
            ids = encoder.encode_lines(self.doc_ids[start:start + block])[:-1].split(b"\n")
            yield b"".join(map(_LINE.__mod__, zip(ids, map(
                tails.__getitem__, which[start:start + block].tolist()), strict=True)))

    def _figure_structs(self, docs: np.ndarray) -> list[Any]:
        """The figures of documents ``docs`` under every measure, without their ids, as
        msgspec structs (encoded, the dicts ``to_json`` gives; ratios blanked as there)."""
        per_measure = []
        for name, pd in self.per_document.items():
            columns = PerDocument(pd.correct[docs], pd.other[docs], pd.missed[docs],
                                  pd.spurious[docs], pd.otherwise)._columns()
            if self.untyped and name in TYPED_MEASURES:
                columns = [[None] * len(docs) if key in RATIOS else column
                           for key, column in zip(DOCUMENT_KEYS, columns, strict=True)]
            per_measure.append(map(document_struct(DOCUMENT_KEYS), *columns))
        return list(map(document_struct(tuple(self.per_document)), *per_measure))

    def to_rows(self) -> list[dict[str, Any]]:
        rows = [{"scope": "overall", "measure": name, **self._figures(name, c.as_dict())}
                for name, c in self.overall().items()]
        for label, per in self.by_label.items():
            rows += [{"scope": f"label {label}", "measure": name,
                      **self._figures(name, c.as_dict())} for name, c in per.items()]
        if self.false_positives is not None:
            rows += [{"scope": "spurious", "measure": "exact", **row}
                     for row in self.false_positives.to_rows()]
        return rows

    def to_markdown(self) -> str:
        head = ["measure", "COR", "INC", "PAR", "MIS", "SPU", "POS", "ACT", "P", "R", "F1"]

        def line(name: str, c: MucCounts) -> list[object]:
            d = self._figures(name, c.as_dict())
            return [name, c.correct, c.incorrect, c.partial, c.missed, c.spurious, c.possible,
                    c.actual, d["precision"], d["recall"], d["f1"]]

        out = [
            "## SemEval-2013 entity-level scores (`semeval`)", "",
            f"{len(self.doc_ids)} documents; match mode `{self.options.get('match')}`. "
            "Micro-averaged over the corpus:", "",
            table(head, [line(n, c) for n, c in self.overall().items()]), "",
            "Macro-averaged over documents (P over documents with predictions, R over documents "
            "with gold, F1 = mean of per-document F1 over documents with either):", "",
            table(["measure", "P", "R", "F1", "F1 of means", "documents"],
                  [[n, m["precision"], m["recall"], m["f1"], m["f1_of_means"],
                    m["documents_scored"]]
                   for n, m in ((n, self._figures(n, pd.macro()))
                                for n, pd in self.per_document.items())]),
        ]
        for label, per in self.by_label.items():
            out += ["", f"Label `{label}`:", "",
                    table(head, [line(n, c) for n, c in per.items()])]
        out += markdown_part(self.false_positives, "predictions spurious under `exact`")
        out += [f"\nNote: {note}" for note in self.notes]
        return "\n".join(out) + "\n"


def _solve_measures(pairs: Pairs, corpus: FlatCorpus, facts: dict[str, np.ndarray],
                    measures: Sequence[Measure]) -> dict[str, np.ndarray]:
    """The matched-pair mask of every measure; measures with the same facts share a solve."""
    assignment = Assignment(pairs.gold, pairs.pred, corpus.gold_keys, corpus.pred_keys,
                            corpus.pred_group)
    solved: dict[tuple[str, ...], np.ndarray] = {}
    out = {}
    for m in measures:
        need = tuple(f for f in m.correct_if if f in facts)
        if need not in solved:
            correct = np.ones(len(pairs), dtype=bool)
            for f in need:
                correct &= facts[f]
            matched = assignment.solve(lexicographic_weight(assignment, correct,
                                                            pairs.closeness))
            solved[need] = np.stack([matched, matched & correct])
        out[m.name] = solved[need]
    return out


def score_semeval(corpus: FlatCorpus, mode: MatchMode, options: dict[str, Any]
                  ) -> SemEvalResult:
    pairs = candidate_pairs(corpus, mode)
    n_docs = corpus.n_docs
    gcount, pcount = corpus.gold_counts(), corpus.pred_counts()

    labels = corpus.labels
    glab, plab = corpus.gold_label_ids, corpus.pred_label_ids
    pg, pp = glab[pairs.gold], plab[pairs.pred]
    facts = {"boundary": pairs.same, "label": (pg == pp) | (pg == 0)}

    doc_of_pair = corpus.gold_doc[pairs.gold]
    per_document = {}
    fps = None
    for m, (matched, correct) in zip(
            MEASURES, _solve_measures(pairs, corpus, facts, MEASURES).values(), strict=True):
        if m.name == "exact" and corpus.has_entities:
            fps = classify(corpus, unmatched(corpus.n_preds, pairs.pred[matched].tolist()))
        n_match = np.bincount(doc_of_pair[matched], minlength=n_docs)
        n_cor = np.bincount(doc_of_pair[correct], minlength=n_docs)
        per_document[m.name] = PerDocument(n_cor, n_match - n_cor, gcount - n_match,
                                           pcount - n_match, m.otherwise)

    notes: list[str] = []
    by_label: dict[str, dict[str, MucCounts]] = {}
    if labels and glab.any():
        same_label = pg == pp
        lp = pairs.subset(same_label)
        solved = _solve_measures(lp, corpus, {"boundary": lp.same}, MEASURES)
        n_lab = len(labels) + 1
        g_per_label = np.bincount(glab, minlength=n_lab)
        p_per_label = np.bincount(plab, minlength=n_lab)
        pair_label = glab[lp.gold]
        per_label = {m.name: (np.bincount(pair_label[matched], minlength=n_lab).tolist(),
                              np.bincount(pair_label[correct], minlength=n_lab).tolist())
                     for m in MEASURES for matched, correct in [solved[m.name]]}
        for lab in ([0] if g_per_label[0] or p_per_label[0] else []) + list(range(1, n_lab)):
            name = labels[lab - 1] if lab else NO_LABEL
            per = {}
            for m in MEASURES:
                n_match, n_cor = (counts[lab] for counts in per_label[m.name])
                other = n_match - n_cor
                per[m.name] = MucCounts(
                    n_cor, other if m.otherwise == "incorrect" else 0,
                    other if m.otherwise == "partial" else 0,
                    int(g_per_label[lab]) - n_match, int(p_per_label[lab]) - n_match)
            by_label[name] = per
    elif labels:
        notes.append("the gold toponyms carry no labels: a predicted label is never wrong, "
                     "and there is no per-label breakdown")
    gold_used = {labels[k - 1] for k in np.unique(glab) if k}
    pred_used = {labels[k - 1] for k in np.unique(plab) if k}
    untyped = bool(gold_used and pred_used and not gold_used & pred_used)
    mixed = None
    if untyped:
        notes.append(untyped_note(pred_used, gold_used))
    elif gold_used and pred_used - gold_used:
        foreign = sorted(pred_used - gold_used)
        codes = [labels.index(name) + 1 for name in foreign]
        mixed = mixed_labels_note(foreign, int(np.isin(plab, codes).sum()), len(plab))
        notes.append(mixed)
    return SemEvalResult("semeval", options, corpus.doc_ids, per_document, by_label,
                         tuple(notes), untyped, mixed, fps)


def mixed_labels_note(foreign: list[str], n_foreign: int, n_predicted: int) -> str:
    """Why strict F1 sits below exact F1 for a recogniser that mixes labels (a hybrid of a
    TOPONYM model and spaCy's GPE/LOC): the same sentence in ``score``, ``compare`` and
    ``run``."""
    return (f"{n_foreign} of the {n_predicted} predicted spans carry labels the gold never "
            f"uses ({', '.join(foreign)}): strict and type count each of them as wrongly "
            "typed however right its span, so strict F1 is below exact F1 by that much")


def untyped_note(predicted: set[str], gold: set[str]) -> str:
    """Why strict and type are undefined: the same sentence in ``score``, ``compare`` and
    ``run``."""
    return (f"strict and type F1 are undefined: the predictions' labels "
            f"({', '.join(sorted(predicted))}) and the gold's ({', '.join(sorted(gold))}) share "
            "none, so their type test means nothing (every span would count as wrongly typed, "
            "F1 0 however right the spans); exact and partial judge the spans alone")
