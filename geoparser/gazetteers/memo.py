"""A bounded least-recently-used memo that, unlike ``functools.lru_cache``, can be filled in
batches (a chunk's new names come back from one query) and reports its hits and misses."""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class BoundedMemo(Generic[K, V]):
    """At most ``size`` entries; the least recently used one goes first."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"memo size must be positive, got {size}")
        self.size = size
        self.hits = 0
        self.misses = 0
        self._data: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._data)

    def get(self, key: K) -> V | None:
        try:
            value = self._data[key]
        except KeyError:
            self.misses += 1
            return None
        self._data.move_to_end(key)
        self.hits += 1
        return value

    def put(self, key: K, value: V) -> V:
        self._data[key] = value
        self._data.move_to_end(key)
        if len(self._data) > self.size:
            self._data.popitem(last=False)
        return value
