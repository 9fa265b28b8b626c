"""The service's pipeline workers: processes that each load the pipeline once and parse one
request at a time, so that a request past its time can be stopped.

A thread cannot be stopped from outside, and a lock held by an abandoned thread keeps every
later request waiting; a process can be killed. So each request runs in a worker process, and
one that is still working at the request's deadline is killed (its work stops there) and a
fresh one started in its place while the others go on answering. With two workers or more,
one is kept for small requests (``small_chars`` characters or fewer in all, and at most
``small_names`` distinct words that begin with a capital letter, an upper bound on the
distinct names a recogniser can find, whose number drives the resolution's cost:
``is_large``): a long or
name-heavy request, however many arrive, never occupies every worker, so a short text is
answered while it runs.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import threading
import time
from dataclasses import dataclass, replace

from geoparser.batch.executors import exit_with_parent
from geoparser.batch.stages import PipelineSpec, parse_documents, stages_for
from geoparser.errors import ToposcopeError, UsageError
from geoparser.io.writers import prediction_line
from geoparser.model import Document

#: How long a worker may take to load the pipeline before the service gives up on it.
START_TIMEOUT_S = 600.0
#: What a worker parses once on starting, so that its first request finds it warm.
WARM_UP = Document("warm-up", "Floods hit Galway and Cork after the storm crossed Ireland.")


@dataclass(frozen=True)
class Job:
    """What a worker is asked: documents, candidates or not, the minimum confidence (``None``:
    the service's own)."""

    documents: tuple[Document, ...]
    with_candidates: bool = False
    min_confidence: float | None = None


def is_large(documents: tuple[Document, ...], small_chars: int, small_names: int) -> bool:
    """Whether a request of ``documents`` is large: more than ``small_chars`` characters in
    all, or more than ``small_names`` distinct capitalised words (a list of a thousand towns in
    10,000 characters costs many times an article of that length, which names a few hundred
    at most)."""
    if sum(len(d.text) for d in documents) > small_chars:
        return True
    names: set[str] = set()
    for d in documents:
        names.update(word.strip(_PUNCTUATION) for word in d.text.split() if word[:1].isupper())
        if len(names) > small_names:
            return True
    return False


_PUNCTUATION = ".,;:!?\"'()[]"


class RequestTimeout(Exception):
    """The request was not answered by its deadline (its work, if it had begun, was stopped)."""


class Unavailable(Exception):
    """No worker could be started: the service cannot parse until restarted."""


class RequestRefused(ToposcopeError):
    """The pipeline refused the request's input (a one-line message for a 400)."""


class RequestFailed(Exception):
    """The pipeline failed on the request (a bug): the exception's type name, no traceback."""


def _serve_jobs(spec: PipelineSpec, conn: multiprocessing.connection.Connection) -> None:
    """A worker's life: build the stages, say so, then answer jobs until the pipe closes."""
    exit_with_parent()
    try:
        stages = stages_for(spec)
        # the first parse opens what the stages load lazily (the gazetteer index, the models'
        # first batches): ten seconds or more on a loaded machine, paid here, before the
        # worker says it is ready, not by the first request it answers
        parse_documents(stages, [WARM_UP])
    except Exception as exc:  # any failure to load is reported, then the worker ends
        conn.send(("error", " ".join(str(exc).split()) or type(exc).__name__))
        return
    conn.send(("ready", None))
    while True:
        try:
            job: Job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            chosen = (stages if job.min_confidence is None
                      else replace(stages, min_confidence=job.min_confidence))
            lines = [prediction_line(p, job.with_candidates)
                     for p in parse_documents(chosen, list(job.documents))]
            conn.send(("ok", lines))
        except ToposcopeError as exc:
            conn.send(("refused", " ".join(str(exc).split())))
        except Exception as exc:  # a bug: the request fails, the worker goes on
            conn.send(("failed", type(exc).__name__))


class Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, spec: PipelineSpec) -> None:
        ctx = multiprocessing.get_context("spawn")  # no copy of the parent's threads or locks
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve_jobs, args=(spec, child), daemon=True,
                                   name="toposcope-pipeline")
        self.process.start()
        child.close()

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def wait_ready(self, timeout: float = START_TIMEOUT_S) -> None:
        """Until the pipeline is loaded; ``UsageError`` with the worker's message if it
        could not be."""
        if not self.conn.poll(timeout):
            self.stop()
            raise UsageError(f"the pipeline did not load within {timeout:g} s")
        try:
            kind, message = self.conn.recv()
        except (EOFError, OSError):
            kind, message = "error", f"its process ended (exit code {self.process.exitcode})"
        if kind != "ready":
            self.stop()
            raise UsageError(f"the pipeline could not be loaded: {message}")

    def run(self, job: Job, deadline: float) -> list[str]:
        """The job's JSONL lines; ``RequestTimeout`` if not done by ``deadline`` (monotonic
        seconds), the worker then being killed."""
        try:
            self.conn.send(job)
        except OSError:
            self.stop()
            raise RequestFailed("WorkerExited") from None
        if not self.conn.poll(max(deadline - time.monotonic(), 0.0)):
            self.stop()
            raise RequestTimeout
        try:
            kind, value = self.conn.recv()
        except (EOFError, OSError):
            self.stop()
            raise RequestFailed("WorkerExited") from None
        if kind == "refused":
            raise RequestRefused(value)
        if kind == "failed":
            raise RequestFailed(value)
        return value

    @property
    def alive(self) -> bool:
        return self.process.is_alive()

    def stop(self) -> None:
        """Kill the process now (its work stops) and reap it."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join(10)
        self.conn.close()


class WorkerPool:
    """``size`` workers for ``spec``; ``run`` gives a job to an idle one, waiting for one no
    longer than the job's deadline. Safe to call from any number of threads."""

    def __init__(self, spec: PipelineSpec, size: int = 2, small_chars: int = 10_000,
                 small_names: int = 500) -> None:
        if size < 1:
            raise UsageError(f"the service needs at least one worker, got {size}")
        self.spec = spec
        self.size = size
        self.small_chars = small_chars
        self.small_names = small_names
        self._idle: list[Worker] = []
        self._busy: set[Worker] = set()
        self._large_running = 0
        self._starting = 0
        self._failed_start: str | None = None
        self._closed = False
        #: Workers killed at a request's deadline (their work stopped there).
        self.stopped_at_deadline = 0
        self._changed = threading.Condition(threading.RLock())
        workers = [Worker(spec) for _ in range(size)]
        try:
            for w in workers:
                w.wait_ready()
        except BaseException:
            for w in workers:
                w.stop()
            raise
        self._idle.extend(workers)

    def status(self) -> dict[str, int]:
        """How many workers are idle, busy and starting, and how many were stopped at a
        deadline."""
        with self._changed:
            return {"idle": len(self._idle), "busy": len(self._busy),
                    "starting": self._starting, "stopped_at_deadline": self.stopped_at_deadline}

    def pids(self) -> list[int]:
        """The worker processes' ids (idle and busy)."""
        with self._changed:
            return [w.pid for w in [*self._idle, *self._busy] if w.pid is not None]

    def run(self, job: Job, timeout_s: float) -> list[str]:
        """The job's JSONL lines, from the first worker free to take it (a large job never takes
        the last free one while the pool has two or more); ``RequestTimeout`` past
        ``timeout_s``, whether the job was waiting or running."""
        deadline = time.monotonic() + timeout_s
        large = self.size > 1 and is_large(job.documents, self.small_chars, self.small_names)
        worker = self._take(large, deadline)
        try:
            lines = worker.run(job, deadline)
        except BaseException as exc:
            if worker.alive:
                self._give_back(worker, large)
            else:
                self._replace(worker, large, stopped=isinstance(exc, RequestTimeout))
            raise
        self._give_back(worker, large)
        return lines

    def _take(self, large: bool, deadline: float) -> Worker:
        with self._changed:
            while True:
                if self._closed or (self._failed_start and not (self._idle or self._busy
                                                                  or self._starting)):
                    raise Unavailable(self._failed_start or "the service is shutting down")
                # a long request leaves one running worker to short ones, counting none
                # that is still starting
                kept = len(self._idle) + len(self._busy) - 1
                if self._idle and not (large and self._large_running >= kept):
                    worker = self._idle.pop()
                    if not worker.alive:  # ended while idle (the OOM killer, a signal)
                        self._replace(worker, False, stopped=False)  # the lock is re-entrant
                        continue
                    self._busy.add(worker)
                    self._large_running += large
                    return worker
                left = deadline - time.monotonic()
                if left <= 0:
                    raise RequestTimeout
                self._changed.wait(left)

    def _give_back(self, worker: Worker, large: bool) -> None:
        with self._changed:
            self._busy.discard(worker)
            self._large_running -= large
            if self._closed:
                worker.stop()
            else:
                self._idle.append(worker)
            self._changed.notify_all()

    def _replace(self, worker: Worker, large: bool, stopped: bool) -> None:
        """Forget a worker whose process has ended and start another in the background."""
        worker.stop()
        with self._changed:
            self._busy.discard(worker)
            self._large_running -= large
            self.stopped_at_deadline += stopped
            if self._closed:
                return
            self._starting += 1
            self._changed.notify_all()
        threading.Thread(target=self._start_one, name="toposcope-worker-start",
                         daemon=True).start()

    def _start_one(self) -> None:
        try:
            worker = Worker(self.spec)
            worker.wait_ready()
        except Exception as exc:
            with self._changed:
                self._starting -= 1
                self._failed_start = " ".join(str(exc).split())
                self._changed.notify_all()
            return
        with self._changed:
            self._starting -= 1
            if self._closed:
                worker.stop()
            else:
                self._idle.append(worker)
            self._changed.notify_all()

    def close(self) -> None:
        """Stop every worker (busy ones as they are given back)."""
        with self._changed:
            self._closed = True
            idle, self._idle = self._idle, []
            self._changed.notify_all()
        for w in idle:
            w.stop()

