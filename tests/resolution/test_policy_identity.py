"""A policy's identity: its name and everything it was made with, so that an output can say
which settings produced it and two policies that answer alike are known to be alike."""

from __future__ import annotations

import pytest

from geoparser.api import Geoparser
from geoparser.resolution import create_policy
from geoparser.resolution.base import policy_identity, policy_settings
from geoparser.resolution.context import ContextPolicy, ContextWeights
from geoparser.resolution.learned import MODEL_PATH, LearnedPolicy


@pytest.mark.parametrize("name", ["context", "population", "nearest", "learned"])
def test_the_point_convention_is_part_of_every_built_in_policys_identity(name):
    default, factbook = create_policy(name), create_policy(name, points="factbook")
    assert policy_identity(default) != policy_identity(factbook)
    assert "points=factbook" in policy_identity(factbook)
    assert policy_identity(create_policy(name)) == policy_identity(default)  # stable


def test_other_context_weights_are_another_identity_and_equal_weights_the_same():
    assert policy_identity(ContextPolicy()) == "context points=geonames weights=default"
    near = policy_identity(ContextPolicy(ContextWeights(near=0.4)))
    assert near != policy_identity(ContextPolicy())
    assert near == policy_identity(ContextPolicy(ContextWeights(near=0.4)))


def test_another_ranker_file_is_another_identity(tmp_path):
    copy = tmp_path / "ranker.txt"
    copy.write_bytes(MODEL_PATH.read_bytes())
    assert policy_identity(LearnedPolicy(model_path=copy)) == policy_identity(LearnedPolicy())
    copy.write_bytes(MODEL_PATH.read_bytes() + b"\n")
    assert policy_identity(LearnedPolicy(model_path=copy)) != policy_identity(LearnedPolicy())


def test_a_policy_without_settings_is_known_by_its_name():
    class Plain:
        name = "plain"

    assert policy_settings(Plain()) == {"policy": "plain"}
    assert policy_identity(Plain()) == "plain"


def test_two_geoparsers_say_which_point_convention_each_uses():
    a = Geoparser(ner="gazetteer", points="geonames")
    b = Geoparser(ner="gazetteer", points="natural-earth")
    assert a.settings()["policy"] == "context points=geonames weights=default"
    assert b.settings()["policy"] == "context points=natural-earth weights=default"
    assert a.settings()["gazetteer"] == "offline"
