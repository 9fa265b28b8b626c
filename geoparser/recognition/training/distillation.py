"""A student tagger learns from the teacher's probabilities and from gold (needs ``[train]``).

Knowledge distillation (Hinton et al., 2015): the student's loss is a weighted sum of the gold
labels' cross-entropy and the Kullback-Leibler divergence from the teacher's piece
probabilities, both softened by a temperature (the KL term scaled by its square, so its
gradients keep their size). The teacher is the shipped int8 tagger run on ONNX Runtime, the
same arithmetic users run, so the student learns what users get; every piece of a window
counts, not only the words gold labels (a word's later pieces and words gold leaves missing
carry the teacher's opinion too).
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
