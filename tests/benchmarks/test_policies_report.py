"""The resolution-cost table of ``make bench``."""

from benchmarks.speed.policies import report


def test_the_policy_table_is_relative_to_the_default_policy():
    table = report({"population": 0.5, "context": 1.0, "learned": 2.0}, 1000)
    assert "| context | 1000 | 1.00 |" in table
    assert "| learned | 2000 | 2.00 |" in table
    assert "| population | 500 | 0.50 |" in table
