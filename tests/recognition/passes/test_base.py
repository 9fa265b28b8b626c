"""What a pass is, and the chain's data: names, kinds and order."""

import subprocess
from pathlib import Path

from geoparser.model import Mention
from geoparser.recognition.passes.base import (
    CHECKED_BY_PASS,
    NO_CONTEXT,
    NOT_LOOKED_UP,
    WHOLES,
    ProposalKind,
)
from geoparser.recognition.passes.chain import PASSES, PassChain
from tests.recognition.passes.known import Known, at

ROOT = Path(__file__).resolve().parents[3]


def test_every_pass_has_a_stable_name_and_a_one_line_description():
    names = [p.name for p in PASSES]
    assert len(set(names)) == len(names)
    for p in PASSES:
        assert p.name == p.name.lower() and " " not in p.name
        assert p.description and "\n" not in p.description


def test_the_kinds_traits_name_only_kinds():
    for traits in (CHECKED_BY_PASS, NOT_LOOKED_UP, WHOLES, NO_CONTEXT):
        assert all(isinstance(k, ProposalKind) for k in traits)


def test_a_pass_s_mention_names_the_pass_as_its_proposer_and_the_chain_counts_it():
    chain = PassChain()
    text = "Russian jets struck Gatineau, Que. at dawn."
    out = chain.apply(text, [at(text, "Gatineau")], Known("Russian"))
    assert [(m.text, m.proposer) for m in out] == [
        ("Russian", "peoples"), ("Gatineau", ""), ("Que.", "area-abbreviation")]
    assert (chain.counts["peoples"].proposed, chain.counts["peoples"].kept) == (1, 1)
    assert chain.counts["area-abbreviation"].kept == 1
    assert chain.counts["dateline"].proposed == 0


def test_a_proposer_changes_no_mention_s_equality():
    assert Mention(0, 1, "a", "X", proposer="tagger") == Mention(0, 1, "a", "X")


def test_no_code_reads_a_reason_string_to_decide():
    """Behaviour hangs on typed kinds; ``why`` is for people and may be reworded."""
    found = subprocess.run(
        ["git", "grep", "-nE", r"\b(why|reason)\.(startswith|endswith)\(", "--",
         "geoparser/*.py"], cwd=ROOT, capture_output=True, text=True)
    assert found.stdout == ""
