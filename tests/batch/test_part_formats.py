"""Chunk parts joined in order give exactly what one streaming writer writes."""

import geojson
import pyarrow.parquet as pq
import pytest

from geoparser.batch.part_formats import PART_FORMATS
from geoparser.io.writers import create_writer
from geoparser.model import Candidate, Document, Mention, ParsedDocument, Resolution

PERTH = Candidate("t", "geonames:2063523", "Perth", -31.95, 115.86, 1_896_548, 2063523, "AU")


def parsed(i: int, resolved: bool) -> ParsedDocument:
    text = f"Rain {i} in Perth."
    m = Mention(text.index("Perth"), text.index("Perth") + 5, "Perth", "GPE")
    res = Resolution(m, PERTH if resolved else None, 3 if resolved else 0, "population", "why")
    return ParsedDocument(Document(f"d{i}", text), [m], [res])


DOCS = [parsed(i, resolved=i % 3 != 0) for i in range(7)]


def join(fmt: str, chunks: list[list[ParsedDocument]], tmp_path):
    part_format = PART_FORMATS.create(fmt)
    parts = []
    for n, chunk in enumerate(chunks):
        data, meta = part_format.render(chunk)
        path = tmp_path / f"part{n}{part_format.suffix}"
        path.write_bytes(data)
        parts.append((path, meta))
    out = tmp_path / f"joined.{fmt}"
    part_format.join(parts, out)
    return out


@pytest.mark.parametrize("fmt", ["jsonl", "geojson"])
def test_joined_parts_equal_the_streaming_writer(tmp_path, fmt):
    streamed = tmp_path / f"streamed.{fmt}"
    with create_writer(fmt, streamed) as writer:
        for d in DOCS:
            writer.write(d)
    chunks = [DOCS[:3], [], DOCS[3:4], DOCS[4:]]
    assert join(fmt, chunks, tmp_path).read_bytes() == streamed.read_bytes()


def test_geojson_join_of_nothing_is_valid(tmp_path):
    obj = geojson.loads(join("geojson", [[parsed(0, resolved=False)]], tmp_path).read_text())
    assert obj.is_valid and obj["unresolved"] == 1
    (feature,) = obj["features"]  # kept, unlocated (RFC 7946 section 3.2)
    assert feature["geometry"] is None


def test_parquet_is_flat_one_row_per_toponym_with_an_integer_geonameid(tmp_path):
    """The Parquet output has the CSV's columns, one row per toponym, and the
    GeoNames id comes back an integer (it was nested, and a float)."""
    import pyarrow as pa

    from geoparser.io.toponym_records import TOPONYM_COLUMNS

    table = pq.read_table(join("parquet", [DOCS[:3], [], DOCS[3:]], tmp_path))
    # the flat columns (the document's focus among them), then the GeoParquet geometry that
    # the geo extra (installed by make test) adds
    assert tuple(table.column_names) == (*TOPONYM_COLUMNS, "geometry")
    assert table.schema.field("geonameid").type == pa.int64()
    rows = table.to_pylist()
    assert [r["doc_id"] for r in rows] == [f"d{i}" for i in range(7)]
    assert {k: rows[1][k] for k in ("start", "end", "text", "name", "country_code", "lat",
                                    "geonameid", "n_candidates", "policy")} == {
        "start": 10, "end": 15, "text": "Perth", "name": "Perth", "country_code": "AU",
        "lat": -31.95, "geonameid": 2063523, "n_candidates": 3, "policy": "population"}
    assert isinstance(rows[1]["geonameid"], int)
    assert rows[0]["lat"] is None and rows[0]["name"] is None
