"""Executors and the bounded map that keeps memory flat: few chunks in flight, read lazily."""

import concurrent.futures as cf

import pytest

from geoparser.errors import UsageError
from geoparser.executors import InlineExecutor, bounded_map, open_pool
from geoparser.stages import PipelineSpec


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
