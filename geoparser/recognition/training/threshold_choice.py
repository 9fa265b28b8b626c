"""The tagger's decision threshold, chosen on the spans the recogniser keeps of it.

The tagger's own spans include capitalised strings no gazetteer knows ("RT-PCR", "GenBank"),
which every recogniser built on it drops (``gazetteer_check``): scored on its own spans, a
threshold that lets more words through loses precision the shipped recogniser never loses, and
the rule chose the strictest one on dev. Here each threshold is scored by the exact-span F1
of ``toponym-transformer-checked`` on each training corpus's dev sentences (a prediction that
touches a word the corpus leaves unannotated counts neither way), and the corpora's mean F1
decides: each corpus counts as one, as in the end-to-end rule that picks the default.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from geoparser.gazetteers.base import Gazetteer
from geoparser.model import Mention
from geoparser.recognition.gazetteer_check import GazetteerCheck
from geoparser.recognition.training.tagger_train import dev_scores, entity_scores

#: On a tie of mean F1, the threshold nearest this one. Chosen by hand: a probability's
#: own midpoint.
TIE_TOWARDS = 0.5


class Tagger(Protocol):
    """What the choice needs of the tagger: its mentions at several thresholds at once."""

    def recognise_at(self, texts: Sequence[str], thresholds: Sequence[float]
                     ) -> dict[float, list[list[Mention]]]: ...


class _Given:
    """A recogniser that returns mentions already found (one list per text, in order)."""

    name = "toponym-transformer"

    def __init__(self, mentions: Sequence[list[Mention]]) -> None:
        self.mentions = mentions

    def recognise(self, texts: Iterable[str]) -> Iterator[list[Mention]]:
        texts = list(texts)
        if len(texts) != len(self.mentions):
            raise ValueError(f"{len(texts)} texts for {len(self.mentions)} mention lists")
        yield from self.mentions


def gold_and_hidden(doc: Any) -> tuple[set[tuple[int, int]], list[tuple[int, int]]]:
    """A dev sentence doc's toponym spans, and the character spans of its words the corpus
    leaves unannotated (spaCy's missing entity tag)."""
    gold = {(e.start_char, e.end_char) for e in doc.ents}
    hidden = [(t.idx, t.idx + len(t.text)) for t in doc if not t.is_space and t.ent_iob_ == ""]
    return gold, hidden


def checked_scores(tagger: Tagger, dev: Mapping[str, Sequence[Any]],
                   thresholds: Sequence[float], gazetteer: Gazetteer | None = None
                   ) -> dict[float, dict[str, dict[str, float]]]:
    """For each threshold, each corpus's exact-span P/R/F1 of the checked spans on its dev
    sentence docs (``dev``: corpus name → docs), and their ``"mean"`` F1."""
    check = GazetteerCheck(_Given([]), gazetteer)
    out: dict[float, dict[str, dict[str, float]]] = {t: {} for t in thresholds}
    for corpus, docs in dev.items():
        texts = [d.text for d in docs]
        truth = [gold_and_hidden(d) for d in docs]
        for t, mentions in tagger.recognise_at(texts, thresholds).items():
            check.inner = _Given(mentions)
            pred = [{(m.start, m.end) for m in ms
                     if not any(m.start < b and a < m.end for a, b in hidden)}
                    for ms, (_, hidden) in zip(check.recognise(texts), truth, strict=True)]
            out[t][corpus] = entity_scores([g for g, _ in truth], pred)
    for t in thresholds:
        f1s = [out[t][c]["f1"] for c in dev]
        out[t]["mean"] = {"f1": round(sum(f1s) / len(f1s), 4) if f1s else 0.0}
    return out


def choose_checked_threshold(tagger: Tagger, dev: Mapping[str, Sequence[Any]],
                             thresholds: Sequence[float], gazetteer: Gazetteer | None = None
                             ) -> tuple[float, dict[float, dict[str, dict[str, float]]]]:
    """The threshold with the best mean dev F1 of the checked spans (the nearest
    ``TIE_TOWARDS`` on a tie), and every threshold's scores (``checked_scores``)."""
    if not dev:
        raise ValueError("no dev corpora to choose the threshold on")
    scores = checked_scores(tagger, dev, thresholds, gazetteer)
    best = max(thresholds, key=lambda t: (scores[t]["mean"]["f1"], -abs(t - TIE_TOWARDS)))
    return best, scores


def threshold_record(tagger: Tagger, dev: Sequence[Any], probs: Sequence[Any],
                     dev_docs: Mapping[str, Sequence[Any]], thresholds: Sequence[float],
                     fixed: float | None = None, gazetteer: Gazetteer | None = None
                     ) -> dict[str, Any]:
    """The threshold chosen for ``tagger`` (an exported model) on ``dev_docs``, with the dev
    scores behind it: its checked spans' per corpus (``dev_checked``), and its own spans' on
    the dev windows ``dev`` from their probabilities ``probs`` (``dev_int8``). With ``fixed``
    (a student keeping its teacher's threshold) that threshold is kept and scored beside the
    others."""
    if fixed is not None:
        thresholds = sorted({*thresholds, fixed})
    threshold, checked = choose_checked_threshold(tagger, dev_docs, thresholds, gazetteer)
    if fixed is not None:
        threshold = fixed
    own = {t: dev_scores(dev, probs, t) for t in thresholds}
    return {"threshold": threshold, "dev_int8": own[threshold], "dev_checked": checked[threshold],
            "dev_by_threshold": {str(t): sc for t, sc in own.items()},
            "dev_checked_by_threshold": {str(t): sc for t, sc in checked.items()}}
