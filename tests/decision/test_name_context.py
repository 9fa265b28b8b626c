"""The kind of name a place's name opens or closes (``name_context.container``)."""

from __future__ import annotations

import pytest

from geoparser.decision.name_context import CONTAINERS, container, heads


def _kind(text: str, word: str) -> str:
    start = text.index(word)
    return container(text, start, start + len(word))


@pytest.mark.parametrize(("text", "word", "kind"), [
    ("a research scientist at Colorado State University.", "Colorado", "facility"),
    ("He was taken to Colchester General Hospital for care.", "Colchester", "facility"),
    ("at the University of California, Los Angeles", "California", "facility"),
    ("Thunder Snow won the Dubai World Cup.", "Dubai", "event"),
    ("Experts at the Illinois Department of Public Health said", "Illinois", "body"),
    ("I began my career at the Bank of England, becoming", "England", "body"),
    ("CALAMBA CITY, Laguna Mayor Justin Chipeco", "Laguna", "title"),
    ("The New York Times reported", "New York", "media"),
    ("Air Canada Cargo. Last year", "Canada", "company"),
    ("UEFA charge Liverpool FC over the attack", "Liverpool", "team"),
    ("from Umemger village of Guma LGA, were", "Guma", "area"),
    ("the audit started after Cambridge Analytica was", "Cambridge", "name"),
])
def test_the_kind_of_the_name_a_place_opens_or_closes(text: str, word: str, kind: str) -> None:
    assert _kind(text, word) == kind


@pytest.mark.parametrize(("text", "word"), [
    ("Floods hit Galway on Monday.", "Galway"),
    ("in Paris, France", "Paris"),
    ("war zones such as Iraq, Libya and Syria.", "Libya"),
    ("Russia", "Russia"),
])
def test_a_place_no_name_continues_has_no_container(text: str, word: str) -> None:
    assert _kind(text, word) == "none"


def test_every_head_has_a_kind_the_model_reads() -> None:
    assert heads() and set(heads().values()) <= set(CONTAINERS) - {"none", "name"}
