"""Mention kinds read off typed evidence (``resolution.mention_kinds``), the choice of kinds
output, and every output format carrying the kind."""

from __future__ import annotations

from dataclasses import replace

import pytest

from geoparser.errors import UsageError
from geoparser.io.toponym_records import TOPONYM_COLUMNS, document_records, flat_records
from geoparser.model import Document, Mention, MentionKind, ParsedDocument, Resolution
from geoparser.resolution.mention_kinds import (
    KIND_NAMES,
    chosen_kinds,
    kind_of,
    only_kinds,
    parse_kinds,
    with_kind,
)
from tests.helpers import place


def _res(text: str, name: str, candidate=None, **mention) -> Resolution:
    start = text.index(name)
    m = Mention(start, start + len(name), name, "GPE", **mention)
    return Resolution(m, candidate, 1 if candidate else 0, "test", "")


def test_a_people_is_a_demonym():
    text = "Canadian troops arrived."
    r = _res(text, "Canadian", place("Canada", 60, -95, 38_000_000, "CA", fclass="A",
                                      fcode="PCLI"))
    assert kind_of(replace(r, demonym=True)) == (MentionKind.DEMONYM, None)


def test_a_place_read_inside_an_organisation_is_embedded_with_its_span():
    text = "The Texas Department of Transportation closed the bridge."
    org = (text.index("Texas"), text.index(" closed"))
    r = with_kind(_res(text, "Texas", place("Texas", 31, -99, 29_000_000, "US", fclass="A",
                                            fcode="ADM1"), within=org))
    assert r.kind is MentionKind.EMBEDDED
    assert r.within == org
    assert text[slice(*r.within)] == "Texas Department of Transportation"


def test_a_street_placed_by_the_gazetteer_is_street_level():
    text = "A fire broke out on Royal Street."
    r = with_kind(_res(text, "Royal Street", place("Royal Street", 29.9, -90.1, None, "US",
                                                   fclass="R", fcode="ST")))
    assert r.kind is MentionKind.STREET and r.within is None


def test_an_airport_is_street_level():
    text = "Flights left Heathrow Airport."
    r = with_kind(_res(text, "Heathrow Airport", place("Heathrow Airport", 51.47, -0.45, None,
                                                       "GB", fclass="S", fcode="AIRP")))
    assert r.kind is MentionKind.STREET


def test_an_unplaced_building_is_street_level_by_its_name():
    text = "Patients were moved to Colchester General Hospital."
    assert with_kind(_res(text, "Colchester General Hospital")).kind is MentionKind.STREET


def test_a_town_alone_has_no_kind():
    """No evidence tells the town from its council or team: the kind stays unknown."""
    text = "Halifax voted on Monday."
    r = with_kind(_res(text, "Halifax", place("Halifax", 44.6, -63.6, 400_000, "CA")))
    assert r.kind is None
    assert document_records(ParsedDocument(Document("d", text), [r.mention], [r])
                            )[0]["mention_kind"] == "unknown"


def test_a_demonym_inside_an_organisation_stays_a_demonym():
    text = "The Canadian Broadcasting Corporation said so."
    r = _res(text, "Canadian", None, within=(4, 37))
    r = with_kind(replace(r, demonym=True))
    assert r.kind is MentionKind.DEMONYM and r.within is None


def test_every_record_and_flat_row_has_the_kind_and_the_embedding_span():
    text = "The Texas Department of Transportation met in Austin."
    texas = with_kind(_res(text, "Texas", None, within=(4, 38)))
    austin = with_kind(_res(text, "Austin", place("Austin", 30.3, -97.7, 900_000, "US")))
    doc = ParsedDocument(Document("d", text), [texas.mention, austin.mention], [texas, austin])
    rows = flat_records(doc)
    assert [r["mention_kind"] for r in rows] == ["embedded", "unknown"]
    assert (rows[0]["within_start"], rows[0]["within_end"]) == (4, 38)
    assert rows[1]["within_start"] is None
    assert {"mention_kind", "within_start", "within_end"} <= set(TOPONYM_COLUMNS)
    assert [t["mention_kind"] for t in doc.to_dict()["toponyms"]] == ["embedded", "unknown"]
    assert doc.to_dict()["toponyms"][0]["within_start"] == 4
    assert doc.to_geojson()["features"][0]["properties"]["within_end"] == 38


def test_only_the_chosen_kinds_are_output():
    text = "On Royal Street in New Orleans."
    street = with_kind(_res(text, "Royal Street", None))
    town = with_kind(_res(text, "New Orleans", place("New Orleans", 29.9, -90.1, 390_000,
                                                     "US")))
    doc = ParsedDocument(Document("d", text), [street.mention, town.mention], [street, town])
    kept = only_kinds(doc, frozenset({"unknown"}))
    assert [m.text for m in kept.mentions] == ["New Orleans"]
    assert [r.mention.text for r in kept.resolutions] == ["New Orleans"]
    assert only_kinds(doc, None) is doc
    assert only_kinds(doc, frozenset(KIND_NAMES)) is doc


def test_kind_names_are_checked():
    assert parse_kinds("street, Embedded") == {"street", "embedded"}
    assert parse_kinds("all") == set(KIND_NAMES)
    assert chosen_kinds("all") is None
    assert chosen_kinds(list(KIND_NAMES)) is None
    assert chosen_kinds("unknown,literal") == ("literal", "unknown")
    with pytest.raises(UsageError, match="unknown mention kind 'towns'"):
        parse_kinds("literal,towns")
    with pytest.raises(UsageError):
        parse_kinds("")


def test_the_embedding_span_survives_a_grouped_run_s_two_passes():
    """A grouped run writes the first pass's mentions as JSON; the span a mention was read
    inside comes back a pair, so the second pass gives the same kind and span."""
    from dataclasses import asdict

    import msgspec

    from geoparser.batch.chunk_task import read_recognised

    text = "The Texas Department of Transportation met."
    m = Mention(4, 9, "Texas", "GPE", within=(4, 38))
    payload = {"documents": [[0, {"id": "d", "text": text, "source": None}, [asdict(m)]]],
               "bad_rows": [], "read": 1}
    docs, _, _ = read_recognised(msgspec.json.encode(payload))
    back = docs[0][1].mentions[0]
    assert back.within == (4, 38) and isinstance(back.within, tuple)
    assert with_kind(Resolution(back, None, 0, "t", "")).within == (4, 38)


def test_a_geoparser_refuses_an_unknown_kind_before_loading_anything():
    from geoparser.api import Geoparser

    with pytest.raises(UsageError, match="unknown mention kind 'towns'"):
        Geoparser(kinds=["towns"])
    with pytest.raises(UsageError):
        Geoparser(kinds=[])
