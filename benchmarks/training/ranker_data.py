"""The four public corpora as ranking data: gold mentions, context toponyms, candidates, labels.

Shared by ``benchmarks.training.train_ranker`` (``make train-ranker``), which
``benchmarks.accuracy.bench_accuracy`` calls, and ``benchmarks.accuracy.country_points``.
Each corpus is read in place from ``../shared/corpora`` (never copied). The toponyms
``en_core_web_sm`` finds in each text are the context evidence, as ``toposcope resolve
--context-ner en_core_web_sm`` uses them; they are cached as JSON in the cache dir
(``$TOPOSCOPE_CACHE_DIR``) by corpus texts, model and recognition code, since recognising 10 M
characters takes minutes.

Labels — which candidate is "the same place" as the gold toponym:

* where the gold gives a GeoNames id, the candidate with that id (and no other);
* else the candidate nearest the gold point if within ``LABEL_RADIUS_KM`` (25 km) — towns'
  points agree across GeoNames, Wikipedia and OSM within a few km, while a 161 km radius
  would label a county or a neighbouring town "right" — or within ``AREA_LABEL_RADIUS_KM``
  (161 km) when that nearest candidate is a country or first-level area, whose
  representative points differ by source by up to hundreds of km;
* mentions with no labelled candidate, or only one candidate, teach nothing and are left
  out of training (they still count in every evaluation).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from benchmarks.public_corpora import CORPORA, gold_mentions, load
from geoparser.distance import distance_km
from geoparser.model import Candidate, Document, Mention, ParsedDocument
from geoparser.paths import cache_dir
from geoparser.pipeline import recognise, resolve
from geoparser.resolution.base import ResolutionContext
from geoparser.resolution.features import FeatureExtractor
from geoparser.resolution.learned import ALL_COLUMNS, model_rows
from geoparser.resolution.place_facts import is_country_level

LABEL_RADIUS_KM = 25.0
AREA_LABEL_RADIUS_KM = 161.0
CONTEXT_MODEL = "en_core_web_sm"


def _recognition_digest() -> str:
    """A digest of the recognition code and of the offline gazetteer's data, so that cached
    context toponyms found by an older version (before a change of span rules, say, or with
    a gazetteer whose check and organisation pass read other names) are not reused."""
    from geoparser.gazetteers.offline import source_version

    root = Path(__file__).resolve().parents[2] / "geoparser" / "recognition"
    h = hashlib.sha256()
    for path in sorted(root.glob("*.py")):
        h.update(path.name.encode() + b"\x00" + path.read_bytes())
    h.update(source_version().encode())
    return h.hexdigest()[:12]


def cached_mentions(folder: str, model: str, docs: Sequence[Document], recogniser=None,
                    note: str = "") -> dict[str, list[Mention]]:
    """The toponyms ``model`` finds in each text, cached as JSON (data, never code) in
    ``folder`` of the cache dir by the texts' digest and the recognition code's: recognising
    the corpora takes minutes. ``note`` is printed when they are recognised."""
    digest = hashlib.sha256("\x00".join(d.id + "\x01" + d.text for d in docs).encode()
                            ).hexdigest()[:16]
    path = cache_dir() / folder / f"{model}-{digest}-{_recognition_digest()}.json"
    if path.is_file():
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            return {doc: [Mention(**m) for m in ms] for doc, ms in raw.items()}
        except (ValueError, TypeError, AttributeError):
            pass  # a damaged or foreign cache file is recomputed
    if recogniser is None:
        from geoparser.recognition import create_recogniser

        recogniser = create_recogniser(model)
    if note:
        print(note, file=sys.stderr, flush=True)
    out = {p.document.id: list(p.mentions) for p in recognise(recogniser, docs)}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({doc: [asdict(m) for m in ms] for doc, ms in out.items()}),
                   encoding="utf-8")
    tmp.replace(path)
    return out


def context_mentions(name: str, gold: Sequence[Document], recogniser=None
                     ) -> dict[str, list[Mention]]:
    """The toponyms ``en_core_web_sm`` finds in each text (``cached_mentions``)."""
    return cached_mentions("ranker-context", CONTEXT_MODEL, gold, recogniser,
                           f"ranker-data: {name}: recognising context toponyms (cached "
                           "afterwards)")


@dataclass
class Corpus:
    name: str
    gold: list[Document]
    mentions: list[ParsedDocument]
    context: dict[str, list[Mention]]


def load_corpora(shared: Path, wanted: set[str] | None = None) -> list[Corpus]:
    out = []
    for name, converter, rel in CORPORA:
        if wanted and name not in wanted:
            continue
        path = shared / "corpora" / rel
        if not path.exists():
            print(f"ranker-data: {name}: skipped, {path} not found", file=sys.stderr)
            continue
        gold = load(converter, path)
        out.append(Corpus(name, gold, [gold_mentions(d) for d in gold],
                          context_mentions(name, gold)))
    return out


def label(gold_lat: float | None, gold_lon: float | None, gold_id: int | None,
          reps: Sequence[Candidate]) -> int | None:
    """Index of the candidate that is the gold place (see the module docstring), or None."""
    if gold_id is not None:
        for i, c in enumerate(reps):
            if c.geonameid == gold_id:
                return i
        return None
    if gold_lat is None or gold_lon is None:
        return None
    best, best_km = None, float("inf")
    for i, c in enumerate(reps):
        if c.has_point:
            d = distance_km(gold_lat, gold_lon, c.lat, c.lon)
            if d < best_km:
                best, best_km = i, d
    if best is None:
        return None
    c = reps[best]
    radius = AREA_LABEL_RADIUS_KM if (is_country_level(c) or c.feature_code == "ADM1") else (
        LABEL_RADIUS_KM)
    return best if best_km <= radius else None


@dataclass
class Groups:
    """One ranking group per gold mention with a labelled candidate and a choice to make."""

    x: np.ndarray
    y: np.ndarray
    sizes: list[int]


class _Recorder:
    """A policy that records each mention's feature rows (and picks nothing); run through
    ``pipeline.resolve`` so the contexts are exactly those the policies see."""

    name = "recorder"
    uses_context = True

    def __init__(self) -> None:
        self.extractor = FeatureExtractor()
        self.rows: dict[tuple[str, int, int], tuple[list[Candidate], np.ndarray]] = {}

    def choose(self, mention: Mention, candidates: Sequence[Candidate],
               context: ResolutionContext):
        from geoparser.model import Resolution

        if candidates:
            self.rows[(context.document.id, mention.start, mention.end)] = self.extractor.rows(
                mention, candidates, context)
        return Resolution(mention, None, len(candidates), self.name, "")


def groups(corpus: Corpus, gazetteer, keep: Callable[[str], bool] | None = None) -> Groups:
    """The corpus's ranking groups; with ``keep``, only those of the documents it names by
    id, though the whole corpus is resolved (a paper's home region counts all its stories)."""
    rec = _Recorder()
    resolve(corpus.mentions, gazetteer, rec, context_mentions=corpus.context)
    xs, ys, sizes = [], [], []
    for doc in corpus.gold:
        if keep is not None and not keep(doc.id):
            continue
        for t in doc.toponyms:
            got = rec.rows.get((doc.id, t.start, t.end))
            if got is None:
                continue
            reps, x = got
            x = model_rows(x, ALL_COLUMNS)
            if len(reps) < 2:
                continue
            i = label(t.lat, t.lon, t.geonameid, reps)
            if i is None:
                continue
            y = np.zeros(len(reps))
            y[i] = 1
            xs.append(x)
            ys.append(y)
            sizes.append(len(reps))
    if not xs:
        return Groups(np.zeros((0, 0)), np.zeros(0), [])
    return Groups(np.vstack(xs), np.concatenate(ys), sizes)


def metrics(corpus: Corpus, parsed: Sequence[ParsedDocument]) -> dict:
    """Resolution figures over all gold toponyms with a point and offsets, through the
    ``distance`` scheme: a toponym left unresolved counts as wrong (at 20,039 km for the AUC);
    mean and median are over the resolved ones; accuracy by GeoNames id over the gold toponyms
    that carry one."""
    import statistics

    from evaluation.schemes import score
    from evaluation.schemes.distance import MAX_ERROR_KM, auc

    preds = {p.document.id: p.predictions() for p in parsed}
    result = score("distance", corpus.gold, preds, "span").to_json()
    errors = [t["error_km"] for d in result["documents"] for t in d["toponyms"]]
    n_all = sum(1 for d in corpus.gold for t in d.toponyms
                if t.has_point and t.start is not None)
    by_span = {(p.document.id, r.mention.start, r.mention.end): r
               for p in parsed for r in p.resolutions}
    with_id = [(d.id, t) for d in corpus.gold for t in d.toponyms
               if t.geonameid is not None and t.start is not None]
    id_ok = 0
    for doc_id, t in with_id:
        r = by_span.get((doc_id, t.start, t.end))
        id_ok += bool(r and r.candidate and r.candidate.geonameid == t.geonameid)
    padded = errors + [MAX_ERROR_KM] * (n_all - len(errors))
    overall = result["overall"]
    assert overall["n_geonameid"] == len(with_id)
    assert overall["accuracy_geonameid"] is None or abs(
        overall["accuracy_geonameid"] - id_ok / len(with_id)) < 1e-9
    return {
        "n": n_all,
        "acc@161": sum(e <= 161.0 for e in errors) / n_all if n_all else None,
        "acc@10": sum(e <= 10.0 for e in errors) / n_all if n_all else None,
        "acc by id": overall["accuracy_geonameid"],
        "n with id": overall["n_geonameid"],
        "mean km": statistics.fmean(errors) if errors else None,
        "median km": statistics.median(errors) if errors else None,
        "AUC": auc(padded),
    }


def policies_to_compare(models: dict | None) -> dict:
    """The table's policies: name -> policy object (``models``: the fold's rankers by row
    name, each reading its own features; without them, the hand-weighted policies only)."""
    from dataclasses import replace

    from geoparser.resolution.context import ContextPolicy, ContextWeights
    from geoparser.resolution.learned import LearnedPolicy
    from geoparser.resolution.population import PopulationPolicy

    w = ContextWeights()
    return {
        "population": PopulationPolicy(),
        # the imputed-population, English-name and plural-list terms, each off in turn (the
        # home region is off on these corpora anyway: none of their documents has a source)
        "context, no imputed-population rule": ContextPolicy(replace(w, imputed_abroad=False)),
        "context, no English-name prominence": ContextPolicy(replace(w, alias_prominence=False)),
        "context, no plural-list cue": ContextPolicy(replace(w, plural_list=False)),
        "context": ContextPolicy(),
        **{name: LearnedPolicy(model=m) for name, m in (models or {}).items()},
    }


def evaluate_corpus(corpus: Corpus, gazetteer, models: dict | None) -> dict:
    from evaluation.schemes.candidate_recall import candidate_recall

    row: dict = {"corpus": corpus.name,
                 "candidate recall@161": candidate_recall(corpus.gold, gazetteer).recall}
    for name, policy in policies_to_compare(models).items():
        t0 = __import__("time").perf_counter()
        parsed = resolve(corpus.mentions, gazetteer, policy, context_mentions=corpus.context)
        row[name] = {**metrics(corpus, parsed),
                     "seconds": round(__import__("time").perf_counter() - t0, 1)}
    return row


COLUMNS = ("acc@161", "acc@10", "acc by id", "mean km", "median km", "AUC")


def markdown_table(rows: Sequence[dict]) -> str:
    def fmt(v, col):
        if v is None:
            return "—"
        return f"{v:.0f}" if col == "mean km" else f"{v:.1f}" if col == "median km" else (
            f"{v:.3f}")

    lines = ["| corpus (held out) | n | policy | " + " | ".join(COLUMNS) + " | seconds |",
             "|---|---:|---|" + "---:|" * (len(COLUMNS) + 1)]
    for r in rows:
        policies = [k for k in r if isinstance(r[k], dict)]
        for k in policies:
            m = r[k]
            lines.append(f"| {r['corpus']} | {m['n']} | {k} | "
                         + " | ".join(fmt(m[c], c) for c in COLUMNS) + f" | {m['seconds']} |")
        lines.append(f"| {r['corpus']} | | candidate recall@161 (ceiling) | "
                     f"{r['candidate recall@161']:.3f} |" + " |" * (len(COLUMNS)))
    return "\n".join(lines)
