"""Headless Chromium for tests (Debian's ``chromium``, installed by ``make browser``), with the
network off: run in a fresh network namespace where ``unshare`` allows it, and in any case
through a proxy that does not exist, so a page that fetched anything would fail to."""

from __future__ import annotations

import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
         "--virtual-time-budget=5000"]

needs_chromium = pytest.mark.skipif(
    CHROMIUM is None,
    reason="Debian's chromium is not installed (make test installs it where apt-get runs as root)",
)


@cache
def _no_network_prefix() -> tuple[str, ...]:
    unshare = shutil.which("unshare")
    if unshare is None:
        return ()
    probe = subprocess.run([unshare, "-n", "true"], capture_output=True, check=False)
    return (unshare, "-n") if probe.returncode == 0 else ()


def chromium(profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*_no_network_prefix(), CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True, text=True, timeout=120, check=False,
    )
