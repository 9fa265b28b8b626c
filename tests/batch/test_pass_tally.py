"""`parse --explain-passes`: each recognition pass's proposals and written toponyms, summed
over chunks and workers, are the same however the run is cut."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from geoparser.batch.pass_tally import add, table, tally
from geoparser.batch.run import BatchOptions, parse_batch
from geoparser.batch.stages import PipelineSpec
from geoparser.cli.main import app
from geoparser.io.sources import open_source
from geoparser.model import Document, Mention, ParsedDocument, Resolution
from geoparser.recognition.passes.chain import PASSES
from tests.test_batch_invariance import FIXTURES

FAST = PipelineSpec(ner="gazetteer")
#: Texts that set passes off: a dateline, a plural list, a place list, a people, a country's
#: initials, an area's abbreviation after a place, a hashtag.
TRIGGERS = [
    "NAIROBI, Kenya (AP) — Floods hit Kisii and Nyamira districts on Sunday.",
    "Russian jets flew over the DPRK's coast, and Europeans watched.",
    "Crews came from Lancaster, Pa., and from the towns of Ephrata and Lititz.",
    "Fans in #Glasgow cheered; officials in Galway, Cork and Limerick did not.",
]


def documents() -> list[dict]:
    docs = [json.loads(line) for line in (FIXTURES / "news_sample.jsonl").read_text(
        encoding="utf-8").splitlines()]
    return docs + [{"id": f"t{k}", "text": t} for k, t in enumerate(TRIGGERS)]


def run_tally(tmp_path, name, docs, spec=FAST, group=False, **options):
    src = tmp_path / f"{name}.in.jsonl"
    src.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    out = tmp_path / f"{name}.jsonl"
    stats = parse_batch(open_source(src, group_column="source" if group else None), out, spec,
                        BatchOptions(**options))
    return stats.totals.passes, out.read_bytes()


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    return run_tally(tmp_path_factory.mktemp("whole"), "whole", documents())


def test_a_run_counts_every_pass_in_chain_order_and_some_of_them_fire(whole):
    passes, _ = whole
    assert list(passes) == [p.name for p in PASSES]
    assert sum(p for p, _ in passes.values()) > 0
    assert sum(w for _, w in passes.values()) > 0
    assert all(w <= p for p, w in passes.values())  # a toponym written is one proposed


@pytest.mark.parametrize("options", [
    {"chunk_size": 1},
    {"chunk_size": 3},
    {"chunk_size": 5, "workers": 2},
], ids=["one-document-chunks", "three-document-chunks", "two-workers"])
def test_the_counts_are_the_same_whatever_the_chunks_and_workers(tmp_path, whole, options):
    assert run_tally(tmp_path, "cut", documents(), **options) == whole


def test_a_grouped_run_counts_its_first_pass_proposals_once(tmp_path, whole):
    grouped = [{**d, "source": "paper"} for d in documents()]
    passes, _ = run_tally(tmp_path, "grouped", grouped, group=True, chunk_size=4)
    assert passes == whole[0]


def _doc(*mentions, rejected=()):
    doc = ParsedDocument(Document("d", "x" * 40), list(mentions))
    doc.resolutions = [Resolution(m, None, 0, "context", "", rejected=True)
                       for m in mentions if m.start in rejected]
    return doc


def test_a_toponym_is_written_by_the_pass_that_proposed_it_unless_rejected():
    peoples = Mention(0, 7, "Russian", "TOPONYM", "r", proposer="peoples")
    tagger = Mention(10, 15, "Paris", "TOPONYM", "r", proposer="tagger")
    dropped = Mention(20, 24, "DPRK", "TOPONYM", "r", proposer="country-initials")
    got = tally({"peoples": 4, "country-initials": 1}, [_doc(peoples, tagger, dropped,
                                                             rejected=(20,))])
    assert got["peoples"] == [4, 1]
    assert got["country-initials"] == [1, 0]
    assert "tagger" not in got


def test_chunk_tallies_add_up_and_print_as_a_table():
    total: dict[str, list[int]] = {}
    add(total, {"dateline": [2, 1], "peoples": [3, 0]})
    add(total, {"dateline": [1, 1]})
    assert total == {"dateline": [3, 2], "peoples": [3, 0]}
    lines = table(total).splitlines()
    assert lines[0].split() == ["pass", "proposed", "written"]
    assert lines[1].split() == ["dateline", "3", "2"]
    assert lines[-1].split() == ["all", "passes", "6", "2"]


def test_explain_passes_prints_the_table_even_when_quiet(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(d) + "\n" for d in documents()), encoding="utf-8")
    result = CliRunner().invoke(app, ["-q", "parse", "--in", str(src), "--out",
                                      str(tmp_path / "out.jsonl"), "--ner", "gazetteer",
                                      "--explain-passes"])
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line.split()[1:] for line in result.output.splitlines()
            if line.strip()}
    assert set(rows) >= {p.name for p in PASSES}
    assert rows["pass"] == ["proposed", "written"]
    quiet = CliRunner().invoke(app, ["-q", "parse", "--in", str(src), "--out",
                                     str(tmp_path / "plain.jsonl"), "--ner", "gazetteer"])
    assert quiet.exit_code == 0 and "proposed" not in quiet.output
