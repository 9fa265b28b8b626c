"""The context-weight sensitivity benchmark: which variants it runs and how it tables them."""

from dataclasses import fields

from benchmarks.accuracy.context_weights import SCALES, UNEXERCISED, table, variants
from geoparser.resolution.context import ContextWeights


def test_every_exercised_weight_is_removed_halved_and_doubled_and_every_switch_turned_off():
    v = variants()
    assert v["shipped"] == ContextWeights()
    for f in fields(ContextWeights):
        value = getattr(ContextWeights(), f.name)
        if f.name in UNEXERCISED:
            assert not any(name.startswith(f.name + " ") for name in v)
        elif isinstance(value, bool):
            assert getattr(v[f"{f.name} off"], f.name) is False
        else:
            assert getattr(v[f"{f.name} ×2"], f.name) == 2 * value
            assert getattr(v[f"{f.name} ×0.5"], f.name) == 0.5 * value
            assert (f"{f.name} ×0" in v) == (f.name not in SCALES)


def test_the_table_gives_each_variant_its_change_in_points_against_the_shipped_weights():
    rows = [{"corpus": c, "variant": v, "acc@161": a} for c, v, a in (
        ("A", "shipped", 0.80), ("A", "near ×2", 0.79), ("B", "shipped", 0.50),
        ("B", "near ×2", 0.52))]
    lines = table(rows).splitlines()
    assert lines[2] == "| shipped (acc@161) | 0.800 | 0.500 | |"
    assert lines[3] == "| near ×2 | -1.00 | +2.00 | +0.50 |"
