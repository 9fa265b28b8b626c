"""One command timed as a whole fresh process: wall time from start to exit, CPU time (user +
system) of the process and every child it waited for (``wait4``), the exact peak RSS of its
largest process and the sampled peak of all its processes together.

Shared by ``make bench`` (``benchmarks.speed.run``) and ``make bench-eval``
(``benchmarks.speed.bench_eval``) so that both count the same things.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import psutil


@dataclass
class Run:
    """One whole-process run of one case."""

    name: str
    docs: int
    seconds: float
    cpu_seconds: float  # user + system, the process and the children it waited for
    max_rss_mb: float  # largest single process, exact
    tree_rss_mb: float  # all processes together, sampled every 50 ms
    load: float  # 1-minute load average when the run started

    @property
    def rate(self) -> float:
        return self.docs / self.seconds


def load_average() -> float:
    """The machine's 1-minute load average (other work slows every case)."""
    return os.getloadavg()[0]


def measure(name: str, docs: int, cmd: list[str], cwd: Path | None = None,
            stdout: Path | None = None) -> Run:
    """Run ``cmd`` to completion as a fresh process; exit with its log if it fails.

    Its standard output goes to ``stdout`` when given (for the caller to check), else it is
    kept only to show on failure."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    load = load_average()
    with tempfile.TemporaryFile() as log, contextlib.ExitStack() as stack:
        out = stack.enter_context(stdout.open("wb")) if stdout else log
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=log, env=env, cwd=cwd)
        peak = [0]
        stop = threading.Event()
        threading.Thread(target=_sample_tree, args=(proc.pid, peak, stop), daemon=True).start()
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - t0
        stop.set()
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            log.seek(0)
            sys.exit(f"{name} failed ({proc.returncode}): {' '.join(cmd)}\n"
                     f"{log.read().decode(errors='replace')[-3000:]}")
    return Run(name, docs, seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
               peak[0] / 2**20, load)


def _sample_tree(pid: int, peak: list[int], stop: threading.Event) -> None:
    try:
        root = psutil.Process(pid)
        while not stop.is_set():
            total = 0
            for p in [root, *root.children(recursive=True)]:
                with contextlib.suppress(psutil.Error):  # a worker that just exited
                    total += p.memory_info().rss
            peak[0] = max(peak[0], total)
            time.sleep(0.05)
    except psutil.Error:
        return
