"""Figures as PNG bytes (matplotlib, Agg backend): error-distance curves and NER bar charts."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

import numpy as np

from evaluation.reports.charting import plt

ACC_KM = 161.0


def png_bytes(fig: plt.Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()


def error_distance_plot(
    errors_km: Mapping[str, Sequence[float]],
    tolerance_km: float | None = None,
    title: str = "Geocoding error",
    n_total: Mapping[str, int] | None = None,
) -> bytes:
    """Cumulative share of toponyms resolved within d km (log scale), one curve per system.

    ``n_total`` gives each curve's denominator (e.g. all gold toponyms, so that unresolved ones
    keep the curve below 1); by default it is the number of errors given.
    """
    fig, ax = plt.subplots(figsize=(7, 4))
    for name, errors in errors_km.items():
        errs = np.sort(np.asarray(errors, dtype=float))
        total = (n_total or {}).get(name, len(errs))
        if not total:
            continue
        x = np.maximum(errs, 0.1)  # a zero error is drawn at 0.1 km on the log axis
        y = np.arange(1, len(errs) + 1) / total
        ax.step(np.concatenate([[0.1], x, [20_038.0]]),
                np.concatenate([[0.0], y, [y[-1] if len(y) else 0.0]]),
                where="post", label=f"{name} (n={total})")
    ax.axvline(ACC_KM, color="grey", linestyle="--", linewidth=1)
    ax.text(ACC_KM, 0.02, " 161 km", color="grey")
    if tolerance_km:
        ax.axvline(tolerance_km, color="tab:red", linestyle=":", linewidth=1)
        ax.text(tolerance_km, 0.1, f" tolerance {tolerance_km:g} km", color="tab:red")
    ax.set_xscale("log")
    ax.set_xlim(0.1, 20_038)
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("error distance d (km, log scale; 0 km drawn at 0.1 km)")
    ax.set_ylabel("share of toponyms within d")
    ax.set_title(title)
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(loc="upper left", fontsize="small")
    return png_bytes(fig)


def metric_bars(
    values: Mapping[str, Mapping[str, float | None]], title: str = "NER by recogniser"
) -> bytes:
    """Grouped bars: one group per system, one bar per metric (undefined drawn as 0, marked)."""
    systems = list(values)
    metrics = list(next(iter(values.values()))) if values else []
    fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(systems) + 2), 3.8))
    width = 0.8 / max(1, len(metrics))
    for k, metric in enumerate(metrics):
        xs = np.arange(len(systems)) + k * width
        ys = [values[s][metric] or 0.0 for s in systems]
        bars = ax.bar(xs, ys, width, label=metric)
        for x, s, y in zip(xs, systems, ys, strict=True):
            text = "undefined" if values[s][metric] is None else f"{y:.3f}"
            ax.text(x, y + 0.01, text, ha="center", va="bottom", fontsize=7)
        del bars
    ax.set_xticks(np.arange(len(systems)) + width * (len(metrics) - 1) / 2)
    ax.set_xticklabels(systems, rotation=15, ha="right")
    ax.set_ylim(0, 1.1)
    ax.set_title(title)
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return png_bytes(fig)


def calibration_plot(reliability: Sequence[Mapping], coverage: Sequence[Mapping],
                     title: str = "How sure the points are") -> bytes:
    """Two panels: the reliability diagram (each confidence bin's observed acc@161 against its
    mean confidence, the diagonal being perfect calibration; marker area by count) and accuracy
    against coverage (placing only the most confident share)."""
    fig, (rel, cov) = plt.subplots(1, 2, figsize=(9, 4))
    rel.plot([0, 1], [0, 1], color="grey", linestyle="--", linewidth=1, label="calibrated")
    filled = [r for r in reliability if r["n"]]
    if filled:
        biggest = max(r["n"] for r in filled)
        rel.scatter([r["mean_confidence"] for r in filled], [r["accuracy"] for r in filled],
                    s=[20 + 200 * r["n"] / biggest for r in filled], color="tab:blue",
                    label="confidence bins (area: count)")
        rel.plot([r["mean_confidence"] for r in filled], [r["accuracy"] for r in filled],
                 color="tab:blue", linewidth=1)
    rel.set_xlim(0, 1)
    rel.set_ylim(0, 1.02)
    rel.set_xlabel("mean confidence in the bin")
    rel.set_ylabel("observed acc@161")
    rel.set_title("Reliability")
    rel.legend(loc="lower right", fontsize="small")
    rel.grid(True, alpha=0.3)
    placed = [r for r in coverage if r["n"]]
    cov.plot([r["coverage"] for r in placed], [r["accuracy"] for r in placed], marker="o",
             color="tab:green")
    cov.set_xlim(0, 1.02)
    cov.set_ylim(0, 1.02)
    cov.set_xlabel("share placed (most confident first)")
    cov.set_ylabel("acc@161 of those placed")
    cov.set_title("Accuracy against coverage")
    cov.grid(True, alpha=0.3)
    fig.suptitle(title)
    return png_bytes(fig)
