"""A pool of workers as the batch driver sees it: an executor and how many chunks may be in
flight on it at once (which bounds memory)."""

from __future__ import annotations

import concurrent.futures as cf
from dataclasses import dataclass


@dataclass
class Pool:
    executor: cf.Executor
    in_flight: int
    description: str
