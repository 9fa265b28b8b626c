"""Where the default ``parse`` spends its CPU, in one process: what start-up loads, then each
layer of the default recogniser and resolution over a file of documents.

Start-up: the imports and the tables the first document needs, each timed as it is first
loaded, in the order ``parse`` loads them. Then, after one short warm-up text (so every lazy
table is loaded, few names remembered), each layer over all the documents, three times,
least CPU kept: the tagger alone, with the gazetteer check, with the organisation pass
(its share is the difference), the whole recogniser, and resolution (context policy,
confidence, span decision) per toponym.
Run: ``python -m benchmarks.speed.default_cost --in DOCS.jsonl`` (lines with ``text``).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

WARM_UP = "Flooding hit Paris and Lyon, France, on Monday, the Ministry of Health said."


def _timed(marks: list[tuple[str, float]], label: str, work: Callable[[], Any]) -> Any:
    started = time.process_time()
    out = work()
    marks.append((label, time.process_time() - started))
    return out


def start_up() -> list[tuple[str, float]]:
    """CPU seconds of each part of start-up, in the order ``parse`` meets them."""
    marks: list[tuple[str, float]] = []
    _timed(marks, "import the command line", lambda: __import__("geoparser.cli.main"))
    _timed(marks, "import the batch driver", lambda: __import__("geoparser.batch.run"))
    _timed(marks, "import spaCy", lambda: __import__("spacy"))
    from geoparser.recognition.spacy_models import load_pipeline
    from geoparser.recognition.wordpieces import word_splitter

    _timed(marks, "load en_core_web_sm (NER only)", lambda: load_pipeline("en_core_web_sm"))
    _timed(marks, "spaCy's English tokenizer + sentencizer", word_splitter)
    from geoparser.recognition.transformer_tagger import TransformerRecogniser

    _timed(marks, "the tagger (ONNX session, vocabulary)", TransformerRecogniser)
    from geoparser.batch.stages import PipelineSpec, stages_for

    _timed(marks, "the other stages (gazetteer, LightGBM models)",
           lambda: stages_for(PipelineSpec(keep_rejected=True)))
    from geoparser.gazetteers import regions
    from geoparser.names import normalise_name
    from geoparser.recognition.word_frequency import zipf_frequency

    _timed(marks, "the word-frequency table", lambda: zipf_frequency("the"))
    _timed(marks, "the diacritics table", lambda: normalise_name("Zürich"))
    _timed(marks, "the region tables", lambda: (regions.admin1_names(), regions.admin1_ids(),
                                                regions.area_share()))
    from geoparser.decision.word_lists import person_name_share

    _timed(marks, "the person-name table", lambda: person_name_share("smith"))
    return marks


def layers(texts: list[str], repeat: int = 3) -> tuple[dict[str, float], int]:
    """Least CPU seconds of each layer over ``texts``, and how many toponyms resolution
    output."""
    from geoparser.batch.stages import PipelineSpec, parse_documents, resolve_documents, stages_for
    from geoparser.model import Document
    from geoparser.pipeline import recognise

    docs = [Document(str(i), t) for i, t in enumerate(texts)]
    stages = stages_for(PipelineSpec(keep_rejected=True))
    parse_documents(stages, [Document("warm-up", WARM_UP)])
    tidied = stages.recogniser
    orgs = tidied.inner
    checked = orgs.inner
    tagger = checked.inner
    best: dict[str, float] = {}
    toponyms = 0
    for _ in range(repeat):
        runs: list[tuple[str, Callable[[], Any]]] = [
            ("tagger", lambda: list(tagger.recognise(texts))),
            ("tagger + gazetteer check", lambda: list(checked.recognise(texts))),
            ("+ organisation pass", lambda: list(orgs.recognise(texts))),
            ("recognition (all passes)", lambda: recognise(tidied, docs)),
        ]
        for name, work in runs:
            started = time.process_time()
            out = work()
            best[name] = min(best.get(name, float("inf")), time.process_time() - started)
        started = time.process_time()
        resolved = resolve_documents(stages, out)
        best["resolution"] = min(best.get("resolution", float("inf")),
                                 time.process_time() - started)
        toponyms = sum(len(p.resolutions) for p in resolved)
    return best, toponyms


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--in", dest="path", type=Path, required=True)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    texts = [json.loads(line)["text"] for line in
             args.path.read_text(encoding="utf-8").splitlines() if line.strip()]
    marks = start_up()
    for label, seconds in marks:
        print(f"start-up: {label}: {seconds:.2f} s CPU")
    print(f"start-up: total of these: {sum(s for _, s in marks):.2f} s CPU")
    best, toponyms = layers(texts, args.repeat)
    for label, seconds in best.items():
        print(f"{len(texts)} documents: {label}: {seconds:.2f} s CPU")
    print(f"organisation pass: {best['+ organisation pass'] - best['tagger + gazetteer check']:.2f}"
          f" s CPU; resolution: {best['resolution'] / max(toponyms, 1) * 1000:.2f} ms per "
          f"toponym ({toponyms})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
