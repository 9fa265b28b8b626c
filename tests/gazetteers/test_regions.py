"""The region tables: admin1 codes named from the shipped extracts, read field by field."""

from __future__ import annotations

import gzip
import json

import msgspec
import pytest

from geoparser.gazetteers import regions
from geoparser.gazetteers.extras_source import DATA_DIR

FIELDS = tuple(msgspec.structs.fields(regions.AreaRow))


@pytest.mark.parametrize("name", [*regions.SOURCES, "countrystatecity.jsonl.gz"])
def test_each_row_reads_as_json_reads_it(name):
    """The tables decode only the fields they read (a faster start-up): each must be, value
    and type, what ``json.loads`` gives for the whole row, on every row of each extract."""
    with gzip.open(DATA_DIR / name, "rt", encoding="utf-8") as fh:
        next(fh)
        whole = [json.loads(line) for line in fh]
    rows = list(regions._rows(name))
    assert len(rows) == len(whole) > 100
    for row, full in zip(rows, whole, strict=True):
        for field in FIELDS:
            mine, theirs = getattr(row, field.name), full.get(field.name)
            assert (type(mine), mine) == (type(theirs), theirs), (field.name, full)


def test_a_missing_field_reads_as_none():
    row = msgspec.json.decode(b'{"name": "Kent", "population": 1}', type=regions.AreaRow)
    assert (row.name, row.fcode, row.admin1, row.geonameid) == ("Kent", None, None, None)


def test_england_is_named_for_its_geonames_code():
    assert regions.region_name("GB", "ENG") == "England"
    assert regions.where("GB", "ENG") == "England, United Kingdom"


def test_munster_is_named_for_its_iso_letter():
    """GeoNames codes Ireland's provinces by ISO letters, which only countrystatecity names."""
    assert regions.region_name("IE", "M") == "Munster"
