"""Scoring schemes by name, all with one signature: (corpus, options) -> result.

The corpus is a ``FlatCorpus``: from the model's documents (``score``) or straight from the
files' records (``score_files``, what ``toposcope score`` runs). Every result has ``to_json()``,
``to_rows()`` (flat records for tables and CSV) and ``to_markdown()``. ``all`` runs every other
scheme and keys their results by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from evaluation.flat_corpus import FlatCorpus
from evaluation.matching import MATCHERS, TooManyPairs, create_matcher
from evaluation.schemes import coursework
from geoparser.errors import InputError, UsageError
from geoparser.io.documents import GOLD_FILENAME, checked_documents, load_gold, load_predictions
from geoparser.io.json_lines import document_line, paused_gc
from geoparser.model import Document, PredictedDocument
from geoparser.registry import Registry


class ScoreResult(Protocol):
    scheme: str

    def to_json(self, lazy: bool = False) -> dict[str, Any]: ...

    def to_rows(self) -> list[dict[str, Any]]: ...

    def to_markdown(self) -> str: ...


@dataclass(frozen=True)
class ScoreOptions:
    """What the user chose: the match mode and, for ``pairing``, the variant."""

    match: str = "auto"
    variant: str | None = None
    #: ``errors``: keep every error, not only examples (``score --errors``, ``browse``)
    every_error: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None and k != "every_error"}


Gold = Sequence[Document]
Predictions = Mapping[str, PredictedDocument]
Scheme = Callable[[FlatCorpus, ScoreOptions], ScoreResult]

SCHEMES: Registry[Scheme] = Registry("scheme")
TAKES_VARIANT = {"pairing", "all"}


#: How each scheme pairs gold toponyms with predictions, as its output states it.
PAIRING = {
    "coursework-ner": "one-to-one optimal assignment per document; a gold toponym matches "
                      "at most once",
    "coursework-geo": "one-to-one per document, preferring the prediction that names the gold "
                      "place (same GeoNames id, else within tolerance)",
    "semeval": "one-to-one, maximising correct pairs, then pairs, then span overlap",
    "errors": "one-to-one same pairs, preferring the prediction that names the gold place",
    "pairing": "one-to-one, maximising the total J x L",
    "distance": "one-to-one same pairs, preferring the prediction that names the gold place",
}
#: The schemes whose figures depend on the gold toponyms' tolerance.
USES_TOLERANCE = {"coursework-geo", "errors", "pairing", "distance"}


def match_used(corpus: FlatCorpus, match: str) -> str:
    """The match mode that actually applied: ``auto`` is ``span`` when every toponym on both
    sides has offsets, ``text`` when one side has none, and both otherwise."""
    if match != "auto":
        return match
    gold, pred = corpus.gold_spans[2], corpus.pred_spans[2]
    if gold.all() and pred.all():
        return "span"
    if not gold.any() or not pred.any():
        return "text"
    return "span where both sides have offsets, text otherwise"


def tolerance_rule(corpus: FlatCorpus) -> float | str | None:
    """The gold toponyms' tolerance in km: one number when all share it (10 by default), else
    the range; ``None`` without gold points."""
    tolerances = {t.tolerance_km for t in corpus.golds if t.has_point}
    tolerances.discard(None)
    if not tolerances:
        return None
    if len(tolerances) == 1:
        return float(next(iter(tolerances)))  # type: ignore[arg-type]
    return f"{min(tolerances):g}-{max(tolerances):g} km, per gold toponym"  # type: ignore[type-var]


def rules(scheme: str, corpus: FlatCorpus, options: ScoreOptions) -> dict[str, Any]:
    """The rules a result was scored under, for every header, JSON and CSV: the match mode
    asked for and the one used, the variant, the tolerance and the pairing convention."""
    out: dict[str, Any] = {"match": options.match}
    used = match_used(corpus, options.match)
    if used != options.match:
        out["match_used"] = used
    if options.variant is not None and scheme == "pairing":
        out["variant"] = options.variant
    if scheme in USES_TOLERANCE:
        tol = tolerance_rule(corpus)
        if tol is not None:
            out["tolerance_km"] = tol
    out["pairing"] = PAIRING[scheme]
    return out


def _scorer(func: Callable[..., ScoreResult], scheme: str) -> Scheme:
    def run(corpus: FlatCorpus, options: ScoreOptions) -> ScoreResult:
        return func(corpus, create_matcher(options.match), rules(scheme, corpus, options))

    return run


@SCHEMES.register("coursework-ner")
def coursework_ner() -> Scheme:
    return _scorer(coursework.score_ner_corpus, "coursework-ner")


@SCHEMES.register("coursework-geo")
def coursework_geo() -> Scheme:
    return _scorer(coursework.score_geo_corpus, "coursework-geo")


@SCHEMES.register("semeval")
def semeval() -> Scheme:
    from evaluation.schemes.semeval import score_semeval

    return _scorer(score_semeval, "semeval")


@SCHEMES.register("errors")
def errors() -> Scheme:
    from evaluation.schemes.error_categories import score_errors

    def run(corpus: FlatCorpus, options: ScoreOptions) -> ScoreResult:
        return score_errors(corpus, create_matcher(options.match),
                            rules("errors", corpus, options), every=options.every_error)

    return run


@SCHEMES.register("pairing")
def pairing() -> Scheme:
    from evaluation.schemes.pairing import score_pairing

    return _scorer(score_pairing, "pairing")


@SCHEMES.register("distance")
def distance() -> Scheme:
    from evaluation.schemes.distance import score_distance

    return _scorer(score_distance, "distance")


@dataclass(frozen=True)
class AllResult:
    """Every scheme's result, keyed by scheme name, with one Markdown report."""

    scheme: str
    options: dict[str, Any]
    results: dict[str, ScoreResult]

    def to_json(self, lazy: bool = False) -> dict[str, Any]:
        return {"scheme": self.scheme, "options": self.options,
                **{name: r.to_json(lazy) for name, r in self.results.items()}}

    def to_rows(self) -> list[dict[str, Any]]:
        return [{"scheme": name, **row} for name, r in self.results.items()
                for row in r.to_rows()]

    def to_markdown(self) -> str:
        return "# Toposcope evaluation\n\n" + "\n".join(
            r.to_markdown() for r in self.results.values())


@SCHEMES.register("all")
def all_schemes() -> Scheme:
    def run(corpus: FlatCorpus, options: ScoreOptions) -> ScoreResult:
        first = ("semeval", "errors", "pairing", "distance")
        names = [*first, *(n for n in SCHEMES.names() if n not in first and n != "all")]
        results = {name: SCHEMES.create(name)(corpus, options) for name in names}
        return AllResult("all", options.as_dict(), results)

    return run


def score(
    scheme: str, gold: Gold, predictions: Predictions, match: str = "auto",
    variant: str | None = None, tolerance_km: float | None = None,
) -> ScoreResult:
    """Score ``predictions`` against ``gold`` under the named scheme and match mode, exactly as
    ``toposcope score`` scores the same documents read from files: the documents pass the
    readers' checks and defaults (``checked_documents``: an unknown prediction id is an error,
    a gold toponym without ``tolerance_km`` gets ``tolerance_km``, else 10 km)."""
    check_options(scheme, variant)
    MATCHERS.get(match)
    gold, predictions = checked_documents(gold, predictions, tolerance_km)
    return score_corpus(scheme, FlatCorpus.build(gold, predictions), match, variant)


def score_files(
    scheme: str, gold: Path, pred: Path, match: str = "auto", variant: str | None = None,
    default_tolerance_km: float | None = None, every_error: bool = False,
) -> ScoreResult:
    """Score a predictions file against a gold file (or dataset directory), as ``score`` would
    after ``read_gold`` and ``read_predictions``, but from the files' records: the model's
    dataclasses are built only for schemes that need them."""
    check_options(scheme, variant)
    MATCHERS.get(match)
    gold_records = load_gold(gold, default_tolerance_km)
    gold_file = Path(gold) / GOLD_FILENAME if Path(gold).is_dir() else Path(gold)
    if not gold_records.ids:
        raise InputError("no gold documents in the file: nothing to score against", gold_file)
    pred_records = load_predictions(pred, gold_records.ids, gold_records.texts)
    try:
        return score_corpus(scheme, FlatCorpus(gold_records, pred_records), match, variant,
                            every_error)
    except TooManyPairs as exc:
        raise InputError(str(exc), gold_file, document_line(gold_file, exc.index)) from None


def check_options(scheme: str, variant: str | None) -> None:
    """Refuse a variant for a scheme without variants, or an unknown variant."""
    SCHEMES.get(scheme)
    if variant is not None and scheme not in TAKES_VARIANT:
        raise UsageError(f"--variant applies to the pairing scheme (and all), not {scheme!r}")
    if variant is not None:
        from evaluation.schemes.pairing import get_variant

        get_variant(variant)


def score_corpus(scheme: str, corpus: FlatCorpus, match: str = "auto",
                 variant: str | None = None, every_error: bool = False) -> ScoreResult:
    """Score a ``FlatCorpus`` under the named scheme and match mode (``every_error``: the
    ``errors`` scheme keeps every error, for listing them, not only examples)."""
    check_options(scheme, variant)
    with paused_gc():
        result = SCHEMES.create(scheme)(corpus, ScoreOptions(match, variant, every_error))
    note = _offsets_note(corpus, match)
    return _with_note(result, note) if note else result


def _offsets_note(corpus: FlatCorpus, match: str) -> str | None:
    """A note when a span-based mode meets toponyms without offsets (they can never match)."""
    if match not in ("span", "overlap"):
        return None
    golds, preds = (int((~has).sum()) for has in (corpus.gold_spans[2], corpus.pred_spans[2]))
    if not (golds or preds):
        return None
    return (f"--match {match} pairs toponyms by their offsets, and {golds} gold toponyms and "
            f"{preds} predictions have none: they count as missed or spurious "
            "(--match text or auto compares names)")


def _with_note(result: ScoreResult, note: str) -> ScoreResult:
    if isinstance(result, AllResult):
        return replace(result, results={k: _with_note(r, note)
                                        for k, r in result.results.items()})
    return replace(result, notes=(*getattr(result, "notes", ()), note))  # type: ignore[type-var]
