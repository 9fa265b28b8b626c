"""The bounded memo behind gazetteer lookups: least recently used goes first."""

import pytest

from geoparser.gazetteers.memo import BoundedMemo


def test_least_recently_used_entry_is_dropped():
    memo = BoundedMemo(2)
    memo.put("a", 1)
    memo.put("b", 2)
    assert memo.get("a") == 1  # "b" is now the least recently used
    memo.put("c", 3)
    assert memo.get("b") is None and memo.get("a") == 1 and memo.get("c") == 3
    assert (memo.hits, memo.misses, len(memo)) == (3, 1, 2)


def test_size_must_be_positive():
    with pytest.raises(ValueError):
        BoundedMemo(0)
