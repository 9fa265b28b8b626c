"""A student tagger learns from the teacher's probabilities and from gold (needs ``[train]``).

Knowledge distillation (Hinton et al., 2015): the student's loss is a weighted sum of the gold
labels' cross-entropy and the Kullback-Leibler divergence from the teacher's piece
probabilities, both softened by a temperature (the KL term scaled by its square, so its
gradients keep their size). The teacher is the shipped int8 tagger run on ONNX Runtime, the
same arithmetic users run, so the student learns what users get; every piece of a window
counts, not only the words gold labels (a word's later pieces and words gold leaves missing
carry the teacher's opinion too).

A student may also learn the teacher's layers (TinyBERT, Jiao et al., 2020): the mean squared
distance of each of its layers' outputs from the teacher's layer at the same relative depth
(the last from the last), over the window's real pieces. Both keep the base's width, so no
projection is needed. ONNX gives no layer outputs: the teacher is read back as a torch model
from its int8 weights (``teacher_weights``), and its outputs computed once before training.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any


def teacher_probabilities(teacher: Path, windows: Sequence[Any]) -> list[Any]:
    """Each window's (O, B, I) piece probabilities from the tagger folder ``teacher``, whose
    meta and hashes are checked as at run time (``transformer_tagger.read_meta``)."""
    from geoparser.recognition.transformer_tagger import BATCH, OnnxTagger, read_meta

    read_meta(teacher)
    return OnnxTagger(teacher / "model.onnx", batch=BATCH).probabilities(windows)


def soft_targets(probs: Sequence[Any], width: int) -> Any:
    """The teacher's probabilities of a batch as one tensor (batch × width × labels), padded
    with uniform rows that the mask leaves out."""
    import numpy as np
    import torch

    n_labels = probs[0].shape[-1]
    out = np.full((len(probs), width, n_labels), 1.0 / n_labels, dtype=np.float32)
    for row, p in enumerate(probs):
        out[row, :len(p)] = p
    return torch.from_numpy(out)


def student_loss(gold_loss: Any, logits: Any, soft: Any, mask: Any, config: Any) -> Any:
    """``(1 - w)`` × the gold loss + ``w`` × T² × KL(teacher ‖ student at T), the KL averaged
    over the window's real pieces; ``w`` is ``config.distil_weight``, T its ``temperature``."""
    import torch

    t = float(config.temperature)
    teacher = soft
    if t != 1.0:  # soften the teacher's distribution as the student's: p^(1/T), renormalised
        teacher = torch.softmax(torch.log(soft.clamp_min(1e-8)) / t, dim=-1)
    log_student = torch.log_softmax(logits / t, dim=-1)
    kl = (teacher * (torch.log(teacher.clamp_min(1e-8)) - log_student)).sum(-1)
    real = mask.to(kl.dtype)
    kl = (kl * real).sum() / real.sum().clamp_min(1.0)
    w = float(config.distil_weight)
    return (1.0 - w) * gold_loss + w * t * t * kl


def matched_layers(student: int, teacher: int) -> tuple[int, ...]:
    """The teacher layer (1-based, as in a model's ``hidden_states``, whose 0 is the
    embeddings) each of a student's ``student`` layers learns: the same relative depth, the
    last the last (3 of 6: 2, 4, 6)."""
    if not 0 < student <= teacher:
        raise ValueError(f"a student of {student} layers cannot match a teacher of {teacher}")
    return tuple(round((i + 1) * teacher / student) for i in range(student))


def teacher_layer_outputs(teacher: Any, windows: Sequence[Any], student: int,
                          batch_size: int = 32) -> list[Any]:
    """Each window's outputs of the teacher layers ``student`` layers match
    (``matched_layers``), as float16 (layers × pieces × width): ``teacher`` is the teacher
    read back as a torch model (``tagger_train.build_model`` with its folder as ``start``)."""
    import numpy as np
    import torch

    from geoparser.recognition.training.tagger_data import unlabelled_tensors
    from geoparser.recognition.wordpieces import batches

    teacher.eval()
    picked = list(matched_layers(student, len(teacher.bert.encoder.layer)))
    out: list[Any] = [None] * len(windows)
    with torch.no_grad():
        for group in batches(windows, batch_size):
            _, states = teacher(*unlabelled_tensors([windows[i] for i in group]), layers=True)
            stacked = torch.stack([states[k] for k in picked], dim=1).numpy()
            for row, i in enumerate(group):
                out[i] = stacked[row, :, :len(windows[i].ids)].astype(np.float16)
    return out


def layer_loss(states: Sequence[Any], targets: Sequence[Any], mask: Any) -> Any:
    """The mean over a batch's real pieces and the student's layers of the squared distance,
    averaged over the width, of each layer's output (``states``, the embeddings' left out)
    from the teacher's (``targets``: per window, layers × pieces × width)."""
    import numpy as np
    import torch

    layers, width = len(states), states[0].shape[-1]
    padded = np.zeros((len(targets), layers, mask.shape[1], width), dtype=np.float32)
    for row, t in enumerate(targets):
        padded[row, :, :t.shape[1]] = t
    goal = torch.from_numpy(padded)
    real = mask.to(states[0].dtype)
    total = states[0].new_zeros(())
    for k, s in enumerate(states):
        total = total + (((s - goal[:, k]) ** 2).mean(-1) * real).sum()
    return total / (real.sum().clamp_min(1.0) * layers)
