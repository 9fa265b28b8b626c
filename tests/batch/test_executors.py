"""Executors and the bounded map that keeps memory flat: few chunks in flight, read lazily."""

import concurrent.futures as cf

import pytest

from geoparser.batch.executors import InlineExecutor, bounded_map, open_pool
from geoparser.batch.stages import PipelineSpec
from geoparser.errors import UsageError


def test_inline_executor_runs_at_once_and_keeps_errors():
    ex = InlineExecutor()
    assert ex.submit(pow, 2, 5).result() == 32
    with pytest.raises(ZeroDivisionError):
        ex.submit(lambda: 1 / 0).result()


def test_bounded_map_reads_items_only_as_results_come_back():
    pulled = []

    def items():
        for i in range(20):
            pulled.append(i)
            yield i

    with cf.ThreadPoolExecutor(2) as ex:
        results = bounded_map(ex, lambda i: i * i, items(), in_flight=3)
        first = next(results)
        assert len(pulled) <= 3  # not the whole input
        rest = list(results)
    assert sorted([first, *rest]) == [i * i for i in range(20)]


def test_workers_must_be_positive():
    with pytest.raises(UsageError, match="at least 1"), open_pool(PipelineSpec(), workers=0):
        pass


def _parent_of_a_pool(queue) -> None:
    """Runs in a spawned process: start a one-worker pool, report its pid, wait to be killed."""
    import concurrent.futures as futures
    import multiprocessing as mp
    import os
    import time

    from geoparser.batch.executors import exit_with_parent

    pool = futures.ProcessPoolExecutor(1, mp_context=mp.get_context("spawn"),
                                       initializer=exit_with_parent)
    queue.put(pool.submit(os.getpid).result())
    time.sleep(600)


def _running(pid: int) -> bool:
    """Whether ``pid`` is alive and no zombie; a process that ends between the open and the
    read of its status file raises ProcessLookupError from the read, and has ended."""
    try:
        with open(f"/proc/{pid}/status") as fh:
            return "\nState:\tZ" not in fh.read()
    except (FileNotFoundError, ProcessLookupError):
        return False


def test_workers_exit_when_their_parent_is_killed():
    import multiprocessing as mp
    import os
    import signal
    import time

    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    parent = ctx.Process(target=_parent_of_a_pool, args=(queue,))
    parent.start()
    try:
        worker = queue.get(timeout=60)
        assert _running(worker)
    finally:
        os.kill(parent.pid, signal.SIGKILL)
        parent.join()
    deadline = time.monotonic() + 20
    while _running(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _running(worker)


def _say_started_then_sleep(path: str) -> None:
    """In a worker: write its pid, then work on a long chunk."""
    import os
    import time
    from pathlib import Path

    Path(path).write_text(str(os.getpid()))
    time.sleep(90)


def test_a_stopped_run_ends_its_workers_instead_of_waiting_for_their_chunks(tmp_path):
    """A run stopped by SIGTERM (``Stopped``, a ``KeyboardInterrupt``) left its workers on
    chunks that were thrown away, and the process waited for them at exit (31 s after
    SIGTERM on a loaded machine); the workers are ended at once."""
    import time

    from geoparser.batch.run import Stopped

    started = tmp_path / "started"
    with pytest.raises(Stopped), open_pool(PipelineSpec(ner="gazetteer"), workers=2) as pool:
        pool.executor.submit(_say_started_then_sleep, str(started))
        deadline = time.monotonic() + 120
        while not (started.exists() and started.read_text()):
            assert time.monotonic() < deadline, "the worker never started"
            time.sleep(0.05)
        worker = int(started.read_text())
        raise Stopped(15)
    deadline = time.monotonic() + 30  # well within the chunk's 90 s
    while _running(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _running(worker)
