"""The table per corpus: every shared corpus parsed by the default ``parse`` and scored, one row
a corpus, written into docs/recognition-model.md between its markers.

For each corpus of ``benchmarks.corpus_catalogue.ALL``: read in place, the documents taken
every k-th by sorted id (k the smallest that keeps at most ``--limit`` documents and
``--max-chars`` characters: the cap, never the first N of a file ordered by topic), parsed by
``Geoparser()`` as ``toposcope parse`` runs it (the default recogniser, policy and span
decision, one batch a corpus), scored by ``corpus_scores.score_corpus`` and told what the
default's models saw of it (``corpus_exposure``). ``--fold-taggers DIR`` runs, for each corpus
the tagger was trained on, the fold tagger that never saw it (``make train-ner`` writes
``DIR/without-<corpus>/tagger``), and for a corpus it learned by parts (local news by its own
convention) each part's (``DIR/without-part-<k>/tagger``), so the tagger is out of fold on
every row; without it those rows say they are in-sample. ``--ner
toponym-transformer-small-orgs`` parses with the default's composition over the student tagger
instead (its fold taggers the student's folds), for its figures beside the default's
(``--json``; the page holds the default's).

``--write`` puts the table on the page and its figures in ``corpus_table.json`` beside this
module; ``--beside FILE`` shows such a file's figures in brackets beside the new ones (a
later model's table beside today's).

Run: ``python -m benchmarks.accuracy.corpus_table [--corpora DIR] [--limit N] [--max-chars N]
[--fold-taggers DIR] [--ner NAME] [--only NAMES] [--beside FILE] [--json FILE] [--write]``
(``make bench-corpora``; needs ``../shared/corpora``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchmarks.accuracy.corpus_exposure import Exposure, exposure
from benchmarks.accuracy.corpus_scores import CorpusFigures, score_corpus
from benchmarks.corpus_catalogue import ALL, CatalogueEntry, select
from benchmarks.generated_section import replaced
from benchmarks.public_corpora import ROOT, SHARED
from evaluation.markdown import table
from geoparser.defaults import DEFAULT_RECOGNISER
from geoparser.errors import InputError, ToposcopeError, UsageError
from geoparser.io.atomic import write_files_atomic
from geoparser.model import Document
from geoparser.shipped_taggers import TEACHER, Part, ShippedTagger, built_as, tagger_of

#: The page and the name of its generated part; the figures of the table on the page, as
#: JSON (``--beside`` reads such a file, to show a later table's figures beside them).
PAGE = ROOT / "docs" / "recognition-model.md"
SECTION = "corpus-table"
FIGURES = Path(__file__).resolve().with_suffix(".json")
#: The default cap per corpus: the whole table in about 15 CPU-minutes on the 2-core machine
#: (the default parses about 10,000 characters a CPU-second there; chosen by hand from that).
LIMIT = 2000
MAX_CHARS = 800_000
#: The recognisers a table may be made with: the default's composition over each shipped tagger.
RECOGNISERS = built_as(Part.ORGS)


@dataclass(frozen=True)
class Sample:
    """The documents taken from a corpus: every ``stride``-th of ``total`` by sorted id."""

    documents: list[Document]
    total: int
    stride: int


def every_kth(docs: Sequence[Document], limit: int | None, max_chars: int | None) -> Sample:
    """Every k-th document by sorted id, k the smallest keeping at most ``limit`` documents
    and about ``max_chars`` characters (``None``: no bound)."""
    ordered = sorted(docs, key=lambda d: d.id)
    chars = sum(len(d.text) for d in ordered)
    stride = max(1, math.ceil(len(ordered) / limit) if limit else 1,
                 math.ceil(chars / max_chars) if max_chars else 1)
    return Sample(ordered[::stride], len(ordered), stride)


@dataclass(frozen=True)
class Row:
    """One corpus's row: what was taken, its figures, what the models saw, how long it took."""

    entry: CatalogueEntry
    sample: Sample
    figures: CorpusFigures
    seen: Exposure
    seconds: float


def fold_tagger(folds: Path, item: CatalogueEntry) -> Path:
    """The fold tagger that never saw ``item``; an error naming it when it is missing."""
    from benchmarks.training.document_parts import fold_tagger_at

    return _present(fold_tagger_at(folds, item.fold))  # type: ignore[arg-type]


def part_taggers(folds: Path) -> list[Path]:
    """The taggers that never saw each part of a corpus learned by parts (``--held-part``);
    an error naming the first one missing."""
    from benchmarks.training.document_parts import document_parts_count, part_tagger

    return [_present(part_tagger(folds, k)) for k in range(document_parts_count())]


def _present(path: Path) -> Path:
    if not (path / "model.onnx").is_file():
        raise UsageError(f"--fold-taggers: no tagger at {path} (make train-ner writes it)")
    return path


def parsed_by_part(item: CatalogueEntry, corpora: Path, documents: Sequence[Document],
                   taggers: Sequence[Path], gazetteer: Any, ner: str,
                   shipped: ShippedTagger) -> list[Any]:
    """``documents`` parsed, each part of ``item`` (``document_parts.document_part`` of all
    its ids, as ``train_tagger --held-part`` cuts it) recognised by its tagger of ``taggers``
    (``part_taggers``), the one that never saw it, in place of ``shipped``, then all resolved
    together, as one ``parse`` of the corpus resolves them (a paper's home region is read off
    all its stories); in ``documents``' order."""
    from benchmarks.training.document_parts import document_part
    from geoparser import Geoparser
    from geoparser.pipeline import recognise

    part = document_part([d.id for d in item.read(corpora)], len(taggers))
    out: dict[str, Any] = {}
    for k, path in enumerate(taggers):
        with tagger_at(path, shipped):
            geoparser = Geoparser(ner=ner, gazetteer=gazetteer)
        mine = [d for d in documents if part[d.id] == k]
        out.update(zip((d.id for d in mine), recognise(geoparser.recogniser, mine), strict=True))
    return geoparser.resolve_documents([out[d.id] for d in documents])


@contextmanager
def tagger_at(path: Path | None, tagger: ShippedTagger = TEACHER) -> Iterator[None]:
    """A recogniser on ``tagger`` built meanwhile reads it from ``path`` (``None``: the
    shipped one), as its variable (``TOPOSCOPE_TRANSFORMER_MODEL`` for the default's) makes
    ``parse`` do."""
    env = str(tagger.env)
    before = os.environ.get(env)
    if path is not None:
        os.environ[env] = str(path)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(env, None)
        else:
            os.environ[env] = before


def run_corpus(item: CatalogueEntry, corpora: Path, gazetteer: Any, limit: int | None,
               max_chars: int | None, folds: Path | None, ner: str = DEFAULT_RECOGNISER) -> Row:
    """Read, sample, parse and score one corpus with ``ner`` (one of ``RECOGNISERS``)."""
    from geoparser import Geoparser

    shipped = tagger_of(ner)
    if shipped is None or ner not in RECOGNISERS:
        raise UsageError(f"--ner: the table is made with {' or '.join(RECOGNISERS)}, not {ner!r}")
    t0 = time.perf_counter()
    sample = every_kth(item.read(corpora), limit, max_chars)
    fold = folds is not None and (item.fold is not None or item.parts)
    by_part = part_taggers(folds) if fold and item.parts else []  # type: ignore[arg-type]
    with tagger_at(fold_tagger(folds, item) if fold and not by_part  # type: ignore[arg-type]
                   else None, shipped):
        geoparser = Geoparser(ner=ner, gazetteer=gazetteer)
        tagger = shipped.model_dir()
    resolved = (parsed_by_part(item, corpora, sample.documents, by_part, gazetteer, ner, shipped)
                if by_part else geoparser.parse_documents(sample.documents))
    figures = score_corpus(sample.documents, resolved, item.people)
    seen = exposure(item, sample.documents, tagger, fold, len(by_part))
    return Row(item, sample, figures, seen, time.perf_counter() - t0)


def _cell(value: float | None, per_100: bool = False) -> str:
    if value is None:
        return "—"
    return f"{value:.1f}" if per_100 else f"{value:.3f}"


def _used(s: Sample) -> str:
    if s.stride == 1:
        return f"{len(s.documents):,} (all)"
    return f"{len(s.documents):,} of {s.total:,} (every {s.stride})"


HEADER = ["corpus", "documents", "gold toponyms", "exact P", "exact R", "exact F1",
          "exact F1 without demonyms", "acc@161",
          "acc by GeoNames id", "FP/100", "FP/100 without street", "people as places /100",
          "marker ECE", "markers right", "what the default's models saw of it"]


#: The figures shown in the metric columns, in order, and whether each is per 100 gold.
METRICS = (("precision", False), ("recall", False), ("f1", False), ("f1_no_demonym", False),
           ("acc161", False),
           ("acc_id", False), ("fp_per_100", True), ("fp_per_100_no_street", True),
           ("people_per_100", True), ("marker_ece", False), ("markers_right", False))


def table_rows(rows: Sequence[Row], beside: dict[str, Any] | None = None) -> list[list[str]]:
    """The table's cells, a row a corpus; ``beside`` (a ``figures_json``), each figure with
    that table's in brackets where it has one."""
    before = (beside or {}).get("corpora", {})
    out = []
    for r in rows:
        f = r.figures.as_dict()
        old = before.get(r.entry.name, {})
        cells = []
        for key, per_100 in METRICS:
            cell = _cell(f[key], per_100)
            if key in old and old[key] is not None:
                cell += f" ({_cell(old[key], per_100)})"
            cells.append(cell)
        out.append([r.entry.name, _used(r.sample), f"{f['gold']:,}", *cells, r.seen.describe()])
    return out


def figures_json(rows: Sequence[Row], command: str, when: str, code: str) -> dict[str, Any]:
    """What was run and each corpus's figures, for ``--beside``."""
    return {"generated": {"date": when, "commit": code, "command": command},
            "corpora": {r.entry.name: {**r.figures.as_dict(), "total": r.sample.total,
                                        "stride": r.sample.stride, "seen": r.seen.describe()}
                        for r in rows}}


#: What the figures are made by: the code that reads, parses and scores (tests and pages not).
CODE = ("geoparser", "evaluation", "benchmarks")


def commit() -> str:
    """The code's commit, ``+`` when the code (``CODE``) differs from it."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", *CODE], cwd=ROOT,
                               check=True, capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+" if dirty else "")


def markdown(rows: Sequence[Row], command: str, wall: float, cpu: float, when: str, code: str,
             missing: Sequence[str] = (), beside: dict[str, Any] | None = None) -> str:
    """The generated part: what was run, the table, and what each corpus's figures mean."""
    out = [f"Generated on {when} at commit {code} by `{command}` ({wall / 60:.1f} min wall, "
           f"{cpu / 60:.1f} CPU-min). Each corpus read in place, its documents taken every "
           "k-th by sorted id (k the smallest keeping at most the command's `--limit` "
           "documents and `--max-chars` characters), parsed by the default `toposcope parse` "
           "(`Geoparser()`: recogniser, `context` policy, span decision) in one batch, and "
           "scored end to end:", "",
           table(HEADER, table_rows(rows, beside)), "",
           "Exact P/R/F1: the `semeval` scheme's `exact` measure; F1 without demonyms: the "
           "same with the outputs of kind `demonym` left out (`--kinds` without `demonym`), "
           "as a corpus that annotates no peoples or adjectives of places is read. "
           "acc@161: gold toponyms with "
           "a point found with the exact span and placed within 161 km, over those with a "
           "point; by GeoNames id: the same with the gold's id. FP/100: output spans that "
           "are no gold span per 100 gold toponyms, with every output and without the "
           "street-level ones (`--kinds` without `street`). People as places: false "
           "positives lying on a gold person (`LayOn.PERSON`) per 100 gold toponyms, where "
           "the corpus marks people. Marker ECE (10 bins) and markers right: each placed "
           "marker's `marker_confidence` against whether it is a gold toponym within 161 km, "
           "where the gold has points. — : does not apply. In-sample rows are no held-out "
           "figures (the column says which model saw what); `--fold-taggers` gives the fold "
           "tagger on them.", ""]
    if beside:
        then = beside["generated"]
        out += [f"In brackets: the figures of the table generated on {then['date']} at commit "
                f"{then['commit']} by `{then['command']}`.", ""]
    out += [f"- {r.entry.name}: {r.entry.note}." for r in rows if r.entry.note]
    if missing:
        out += [f"- Not found, no row: {', '.join(missing)}."]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=SHARED / "corpora")
    ap.add_argument("--limit", type=int, default=LIMIT,
                    help="documents per corpus at most (0: no bound)")
    ap.add_argument("--max-chars", type=int, default=MAX_CHARS,
                    help="characters per corpus, about, at most (0: no bound)")
    ap.add_argument("--fold-taggers", type=Path, default=None,
                    help="make train-ner's work folder: each training corpus parsed with the "
                         "tagger that never saw it")
    ap.add_argument("--ner", default=DEFAULT_RECOGNISER, choices=RECOGNISERS,
                    help="the default's composition over this tagger (--fold-taggers: its "
                         "folds); the page holds the default's, so another is written with --json")
    ap.add_argument("--only", default=None, help="comma-separated corpora (names or keys)")
    ap.add_argument("--write", action="store_true",
                    help=f"write the table into {PAGE.name} and its figures to {FIGURES.name}")
    ap.add_argument("--json", type=Path, default=None, help="also write the figures here")
    ap.add_argument("--beside", type=Path, default=None,
                    help="figures of an earlier table (its --json or --write file), shown in "
                         "brackets beside the new ones")
    args = ap.parse_args(argv)
    try:
        return _run(args, argv if argv is not None else sys.argv[1:])
    except ToposcopeError as exc:
        print(f"corpus_table: error: {exc}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from geoparser.gazetteers import create_gazetteer

    if not args.corpora.is_dir():
        print(f"corpus_table: skipped: no corpora at {args.corpora}")
        return 0
    if args.write and args.ner != DEFAULT_RECOGNISER:
        raise UsageError(f"--write puts the default's table on {PAGE.name}: write the figures "
                         f"of --ner {args.ner} with --json")
    beside = read_figures(args.beside) if args.beside is not None else None
    if args.write:  # a page without its markers is refused before the long run
        replaced(PAGE.read_text(encoding="utf-8"), SECTION, "", str(PAGE))
    items = ALL if not args.only else select(args.only.split(","))
    if args.fold_taggers is not None:
        for item in items:  # a missing fold is an error before anything runs
            if item.parts:
                part_taggers(args.fold_taggers)
            elif item.fold is not None:
                fold_tagger(args.fold_taggers, item)
    gazetteer = create_gazetteer("offline")
    wall, cpu = time.perf_counter(), time.process_time()
    rows, missing = [], []
    for item in items:
        if not (args.corpora / item.path).exists():
            print(f"{item.name}: skipped, {args.corpora / item.path} not found", flush=True)
            missing.append(item.name)
            continue
        row = run_corpus(item, args.corpora, gazetteer, args.limit, args.max_chars,
                         args.fold_taggers, args.ner)
        rows.append(row)
        print(f"{item.name}: {_used(row.sample)}, {row.seconds:.0f} s: "
              f"{row.figures.as_dict()}", flush=True)
    command = " ".join(["python -m benchmarks.accuracy.corpus_table",
                        *map(shlex.quote, argv)])
    when, code = datetime.now(UTC).strftime("%Y-%m-%d"), commit()
    text = markdown(rows, command, time.perf_counter() - wall, time.process_time() - cpu, when,
                    code, missing, beside)
    print(text)
    data = json.dumps(figures_json(rows, command, when, code), indent=1) + "\n"
    files: dict[Path, str] = {args.json: data} if args.json is not None else {}
    if args.write:  # the page and its figures together, or neither
        files[FIGURES] = data
        files[PAGE] = replaced(PAGE.read_text(encoding="utf-8"), SECTION, text, str(PAGE))
    write_files_atomic(files)
    for path in files:
        print(f"wrote {path}")
    return 0


def read_figures(path: Path) -> dict[str, Any]:
    """A ``figures_json`` file; a clear error when it is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", path) from None
    except ValueError:
        data = None
    if not (isinstance(data, dict) and isinstance(data.get("corpora"), dict)
            and isinstance(data.get("generated"), dict)
            and {"date", "commit", "command"} <= set(data["generated"])):
        raise InputError("not the figures of a table per corpus (--json)", path)
    return data


if __name__ == "__main__":
    raise SystemExit(main())
