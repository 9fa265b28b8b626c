"""Where chunks run: in this process, in N local worker processes, or on a Dask cluster.

All three are ``concurrent.futures`` executors, so the batch driver has one loop for all; each
comes with how many chunks may be in flight at once, which bounds memory.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from geoparser.batch.pool import Pool
from geoparser.batch.stages import PipelineSpec, build_gazetteer
from geoparser.errors import UsageError

T = TypeVar("T")
R = TypeVar("R")


class InlineExecutor(cf.Executor):
    """Runs each call at once, in the calling thread (``--workers 1``)."""

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> cf.Future[R]:
        future: cf.Future[R] = cf.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:
            future.set_exception(exc)
        return future


@contextmanager
def open_pool(spec: PipelineSpec, workers: int = 1, dask_address: str | None = None
              ) -> Iterator[Pool]:
    """The executor for a run; worker processes build their stages on their first chunk."""
    if dask_address:
        from geoparser.batch.dask_cluster import dask_pool

        with dask_pool(dask_address, spec) as pool:
            yield pool
        return
    if workers < 1:
        raise UsageError(f"--workers must be at least 1, got {workers}")
    if workers == 1:
        yield Pool(InlineExecutor(), 1, "1 process")
        return
    build_gazetteer(spec)  # build the offline index here once, not in every worker at once
    # spawn, not fork: the parent may hold threads (progress bar) and a loaded model.
    ctx = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(max_workers=workers, mp_context=ctx,
                                initializer=exit_with_parent) as executor:
        try:
            yield Pool(executor, 2 * workers, f"{workers} worker processes")
        except BaseException:
            _end_workers(executor)
            raise


def _end_workers(executor: cf.ProcessPoolExecutor) -> None:
    """End the pool's workers now: the run is over and their chunks would be thrown away,
    and waiting for them (a whole chunk, a model still loading) would hold a run stopped by
    SIGTERM past the grace a scheduler gives before SIGKILL, which leaves the lock behind."""
    terminate = getattr(executor, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    # before ``shutdown``, which forgets them
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def exit_with_parent() -> None:
    """In a worker process: exit as soon as the parent is gone. A killed parent (SIGKILL, OOM)
    runs no cleanup, and pool workers would otherwise wait on their queue for ever."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def bounded_map(executor: cf.Executor, fn: Callable[[T], R], items: Iterable[T],
                in_flight: int) -> Iterator[R]:
    """``fn`` over ``items`` with at most ``in_flight`` calls pending, results as they finish
    (not in input order). ``items`` is consumed only as fast as calls complete."""
    pending: set[cf.Future[R]] = set()
    try:
        for item in items:
            pending.add(executor.submit(fn, item))
            if len(pending) >= in_flight:
                done, pending = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
                for f in done:
                    yield f.result()
        while pending:
            done, pending = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for f in done:
                yield f.result()
    finally:
        for f in pending:
            f.cancel()
