"""What resolution costs per toponym, as ``parse`` runs it: the default recogniser's mentions
of one public corpus (GeoWebNews unless told), recognised once and not timed; then
``pipeline.resolve`` with the default policy, names read again, the confidence model and the
span decision, after a warm-up (every name looked up once), timed in process CPU.

Beside it, in the same run, a model call of a document's dozen rows (the resolution calls
each LightGBM model once a chunk; a chunk of one document makes such calls), with one thread
(``confidence.PREDICT_THREADS``) and with LightGBM's default threads.
Run: ``python -m benchmarks.speed.resolution [--corpus NAME] [--repeat K]``.
"""

from __future__ import annotations

import statistics
import time

import numpy as np

from benchmarks.speed.default_resolution import arguments, recognised
from geoparser.decision.span_decision import decision_for, load_decision
from geoparser.defaults import DEFAULT_POLICY, DEFAULT_RECOGNISER
from geoparser.pipeline import resolve

#: Rows of the model call timed alone: about one news story's toponyms.
ROWS = 12


def model_call_ms(booster, threads: int | None, calls: int = 300) -> float:
    """CPU ms of one ``ROWS``-row raw-score call, over ``calls`` calls."""
    x = np.random.default_rng(0).random((ROWS, booster.num_feature()))
    kw = {} if threads is None else {"num_threads": threads}
    started = time.process_time()
    for _ in range(calls):
        booster.predict(x, raw_score=True, **kw)
    return (time.process_time() - started) / calls * 1000


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__.splitlines()[0], argv)
    if not args.corpora.is_dir():
        print(f"resolution: skipped: no corpora at {args.corpora}")
        return 0
    parsed, gazetteer, policy = recognised(args.corpora, args.corpus)
    decision = decision_for(DEFAULT_RECOGNISER, DEFAULT_POLICY)

    def run() -> tuple[float, int]:
        started = time.process_time()
        out = resolve(parsed, gazetteer, policy, repeat_names=True, decision=decision)
        return time.process_time() - started, sum(len(p.resolutions) for p in out)

    run()  # warm-up: every name looked up, every model loaded
    per_toponym = []
    for k in range(args.repeat):
        seconds, toponyms = run()
        per_toponym.append(seconds / max(toponyms, 1) * 1000)
        print(f"run {k + 1}: {seconds:.2f} s CPU, {toponyms} toponyms, "
              f"{per_toponym[-1]:.2f} ms per toponym", flush=True)
    print(f"resolution: median {statistics.median(per_toponym):.2f} ms per toponym "
          f"(range {min(per_toponym):.2f}-{max(per_toponym):.2f}) on {len(parsed)} documents of "
          f"{args.corpus}")
    models = load_decision()
    if models is not None:
        one, default = (model_call_ms(models.span.booster, 1),
                        model_call_ms(models.span.booster, None))
        print(f"a {ROWS}-row model call: {one:.3f} ms CPU on one thread, {default:.3f} ms with "
              f"LightGBM's default threads (ratio {one / default:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
