"""``make bench``: the default ``toposcope parse`` against spaCy's ``en_core_web_sm``, as whole
fresh processes, in about ten minutes on two cores.

Every run is a fresh process timed from interpreter start to exit (imports, model loading,
reading, writing: everything a user waits for), with the CPU time (user + system) of it and
its workers (``wait4``) and its peak memory (``benchmarks.speed.process``). The cases of a
group alternate, the order reversed every other repetition, and the least of ``--repeat``
runs counts (the range is shown too): other work on the machine slows every case, so the load
average is printed before each run, and CPU-time ratios are the steadier figures.

(A) news articles (GeoWebNews' brat texts, then GeoVirus): the default ``toposcope -q parse``
    against ``toposcope -q parse --ner en_core_web_sm``;
(B) short sentences split from the shared corpora: the default ``parse`` against a bare
    ``spacy.load`` of en_core_web_sm (every component) + ``nlp.pipe``, and against the
    recogniser's own NER-only pipeline;
(C) the default with ``--workers 2`` on the articles of (A), cut into ``WORKER_CHUNKS`` chunks
    so that both workers have work.

Texts come from ``../shared/corpora`` (generated ones when it is absent) and are written to a
temporary folder outside the project.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.speed import corpus
from benchmarks.speed.bench_report import report
from benchmarks.speed.process import Run, load_average, measure
from geoparser.defaults import DEFAULT_RECOGNISER

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
SMALL = "en_core_web_sm"
#: Optional packages that thinc and lightgbm import when installed (seconds per process start).
HEAVY_IMPORTS = ("torch", "sklearn")


def parse_cmd(src: Path, out: Path, workers: int = 1, ner: str | None = None,
              chunk_size: int | None = None) -> list[str]:
    return [str(VENV_BIN / "toposcope"), "-q", "parse", "--in", str(src), "--out", str(out),
            "--workers", str(workers), *(["--ner", ner] if ner else []),
            *(["--chunk-size", str(chunk_size)] if chunk_size else [])]


def pipe_cmd(src: Path, package: str | None = None) -> list[str]:
    return [sys.executable, "-m", "benchmarks.speed.raw_pipe", str(src),
            *(["--pipeline", package] if package else [])]


def small_package() -> str:
    """The installed package that provides en_core_web_sm (the official one or its mirror)."""
    from geoparser.recognition.spacy_models import resolve_package

    return str(resolve_package(SMALL))


#: Chunks the articles are cut into for (C): the default chunk (1,000 documents) would hold
#: them all and leave the second worker idle.
WORKER_CHUNKS = 6


def cases(work: Path, articles: Path, sentences: Path, package: str, n_articles: int
          ) -> dict[str, list[tuple[str, list[str], Path | None]]]:
    """Each group's cases: name, command, output file (checked to hold every document)."""
    def out(key: str) -> Path:
        return work / f"{key}.jsonl"

    chunk = -(-n_articles // WORKER_CHUNKS)

    return {
        "articles": [
            ("A default", parse_cmd(articles, out("a-default")), out("a-default")),
            ("A en_core_web_sm", parse_cmd(articles, out("a-small"), ner=SMALL), out("a-small")),
            (f"C default --workers 2 --chunk-size {chunk}",
             parse_cmd(articles, out("c-two"), workers=2, chunk_size=chunk), out("c-two")),
        ],
        "sentences": [
            ("B default", parse_cmd(sentences, out("b-default")), out("b-default")),
            (f"B spacy.load({package}) + nlp.pipe", pipe_cmd(sentences, package), None),
            ("B NER-only pipe", pipe_cmd(sentences), None),
        ],
    }


def installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=ROOT.parent / "shared" / "corpora")
    ap.add_argument("--articles", type=int, default=150)
    ap.add_argument("--sentences", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", type=Path, help="Also write the figures here.")
    args = ap.parse_args(argv)
    started = time.perf_counter()
    heavy = {m: installed(m) for m in HEAVY_IMPORTS}
    print("torch / scikit-learn installed in this venv: "
          + ", ".join(f"{m} {'yes' if v else 'no'}" for m, v in heavy.items())
          + " (thinc and lightgbm import them when present: seconds more per process start)",
          file=sys.stderr)
    package = small_package()
    work = Path(tempfile.mkdtemp(prefix="toposcope-bench-"))
    try:
        arts = corpus.articles(args.corpora, args.articles)
        sents = corpus.sentences(args.corpora, args.sentences)
        inputs = {"articles": corpus.write_corpus(work / "articles.jsonl", arts),
                  "sentences": corpus.write_corpus(work / "sentences.jsonl", sents)}
        sizes = {"articles": len(arts), "sentences": len(sents)}
        words = {k: sum(len(t.split()) for t in v) / len(v)
                 for k, v in (("articles", arts), ("sentences", sents))}
        print(f"{len(arts)} articles ({words['articles']:.0f} words on average), {len(sents)} "
              f"sentences ({words['sentences']:.1f} words) from {args.corpora} (or generated); "
              f"work dir {work}", file=sys.stderr)
        groups = cases(work, inputs["articles"], inputs["sentences"], package, len(arts))
        warm_up(work, inputs["articles"], package)
        runs: dict[str, list[Run]] = {name: [] for g in groups.values() for name, _, _ in g}
        for k in range(args.repeat):
            for group, members in groups.items():
                for name, cmd, out in members if k % 2 == 0 else reversed(members):
                    print(f"run {k + 1}, {name}: load average {load_average():.2f}",
                          file=sys.stderr, flush=True)
                    run = measure(name, sizes[group], cmd, cwd=ROOT)
                    runs[name].append(run)
                    if out is not None:
                        check_output(out, sizes[group])
                    print(f"  {run.seconds:.1f} s wall, {run.cpu_seconds:.1f} s CPU, "
                          f"{run.max_rss_mb:.0f} MB", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    duration = time.perf_counter() - started
    summary = report(runs, sizes, words, package, DEFAULT_RECOGNISER, heavy, duration)
    if args.json:
        args.json.write_text(json.dumps({
            "summary": summary, "sizes": sizes, "words": words, "heavy_imports": heavy,
            "duration_s": duration, "repeat": args.repeat,
            "runs": {name: [vars(r) for r in rs] for name, rs in runs.items()}}, indent=2))


def warm_up(work: Path, articles: Path, package: str) -> None:
    """Each kind of command once on five articles, untimed: a fresh install's one-off work
    (the gazetteer index), a cold file cache and compiling our modules would otherwise land
    on the timed runs. Every timed run reads compiled bytecode from a cache under ``work``,
    as an installed package has it: a development shell may set PYTHONDONTWRITEBYTECODE,
    and then each ``parse`` compiled our modules anew (docs/measurements.md, *Start-up*)
    while spaCy's came compiled from its wheel."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(work / "bytecode")
    few = work / "warm-up.jsonl"
    with articles.open(encoding="utf-8") as src:
        few.write_text("".join(src.readline() for _ in range(5)), encoding="utf-8")
    for cmd in (parse_cmd(few, work / "warm-up-out.jsonl"),
                parse_cmd(few, work / "warm-up-small.jsonl", ner=SMALL),
                pipe_cmd(few, package), pipe_cmd(few)):
        subprocess.run(cmd, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)


def check_output(path: Path, docs: int) -> None:
    """Exit unless the run wrote one line per document (a failed case must not be timed)."""
    with path.open(encoding="utf-8") as fh:
        lines = sum(1 for line in fh if line.strip())
    if lines != docs:
        sys.exit(f"{path}: {lines} documents written, {docs} expected")


if __name__ == "__main__":
    main()
