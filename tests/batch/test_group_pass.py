"""A grouped run (`parse --group-by`): each group's home region comes from all its documents,
so a document's record is the same whatever the chunk size, the order of the input, the
number of workers, and the documents beside it."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geoparser.batch.part_store import parts_dir
from geoparser.batch.run import BatchOptions, parse_batch
from geoparser.batch.stages import PipelineSpec
from geoparser.io.sources import open_source

#: Two local papers, each naming its own small towns; "Albany", "Paris", "Athens" and
#: "Palestine" have namesakes in both states and abroad, so only a paper's home decides.
PAPERS = {
    "St. Cloud Times": ["Sartell", "Sauk Centre", "Holdingford", "Stearns County", "Brainerd",
                        "Nisswa", "Albany", "Little Falls", "Cold Spring", "Melrose"],
    "Texas Tribune": ["Lubbock", "Amarillo", "Abilene", "Waco", "Tyler", "Odessa", "Albany",
                      "Paris", "Athens", "Palestine"],
}
FAST = PipelineSpec(ner="gazetteer")


def grouped_corpus(n: int = 30) -> list[dict]:
    rng = random.Random(3)
    docs = []
    for k in range(n):
        paper = list(PAPERS)[k % 2]
        a, b = rng.sample(PAPERS[paper], 2)
        docs.append({"id": f"d{k:02d}", "source": paper,
                     "text": f"Crews from {a} helped in {b} on Sunday."})
    docs.append({"id": "albany", "source": "St. Cloud Times",
                 "text": "An Albany driver was hurt in a crash on Monday."})
    # a paper named for its town (``resolution.home``: home towns), its stories in Tennessee
    for k, (a, b) in enumerate([("Henry County", "Puryear"), ("Benton County", "Tennessee"),
                                ("Weakley County", "Camden")]):
        docs.append({"id": f"p{k}", "source": "parispi.net",
                     "text": f"Crews from {a} helped in {b} on Sunday."})
    docs.append({"id": "paris", "source": "parispi.net",
                 "text": "Paris police arrested a man on Monday."})
    return docs


DOCS = grouped_corpus()


def run(tmp_path, docs, name, spec=FAST, **options) -> dict[str, str]:
    """The records of a grouped parse, by document id."""
    src = tmp_path / f"{name}.in.jsonl"
    src.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    out = tmp_path / f"{name}.jsonl"
    parse_batch(open_source(src, group_column="source"), out, spec, BatchOptions(**options))
    return {json.loads(line)["id"]: line for line in out.read_text().splitlines()}


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    return run(tmp_path_factory.mktemp("whole"), DOCS, "whole")


def test_albany_in_a_minnesota_paper_is_in_minnesota_whatever_its_chunk(tmp_path, whole):
    alone = run(tmp_path, DOCS, "ones", chunk_size=1)
    assert alone == whole
    albany = json.loads(whole["albany"])["toponyms"][0]
    assert (albany["text"], albany["admin1"]) == ("Albany", "Minnesota")
    paris = json.loads(whole["paris"])["toponyms"][0]
    assert (paris["text"], paris["admin1"]) == ("Paris", "Tennessee")


@settings(max_examples=8, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), chunk_size=st.integers(1, len(DOCS) + 1))
def test_any_chunking_and_order_gives_the_same_records(tmp_path_factory, whole, seed,
                                                      chunk_size):
    docs = list(DOCS)
    random.Random(seed).shuffle(docs)
    got = run(tmp_path_factory.mktemp("any"), docs, "shuffled", chunk_size=chunk_size)
    assert got == whole


def test_two_workers_and_the_default_recogniser_give_the_same_records(tmp_path):
    one = run(tmp_path, DOCS, "one", spec=PipelineSpec(), chunk_size=1000)
    two = run(tmp_path, DOCS[::-1], "two", spec=PipelineSpec(), chunk_size=4, workers=2)
    assert one == two


def test_a_grouped_run_leaves_no_recognised_chunks_behind(tmp_path):
    run(tmp_path, DOCS, "tidy", chunk_size=5)
    assert not parts_dir(tmp_path / "tidy.jsonl").exists()


def test_a_bad_row_stops_a_grouped_run_before_any_output(tmp_path):
    from geoparser.errors import InputError

    docs = [*DOCS[:3], {"id": "bad", "source": "St. Cloud Times", "text": ""}, *DOCS[3:]]
    with pytest.raises(InputError, match="empty text"):
        run(tmp_path, docs, "bad", chunk_size=2)
    assert not (tmp_path / "bad.jsonl").exists()
    skipped = run(tmp_path, docs, "skip", chunk_size=2, on_error="skip")
    assert "bad" not in skipped and len(skipped) == len(DOCS)



@pytest.mark.parametrize("damage", ["edited", "no-checksum"])
def test_an_edited_kept_recognised_chunk_is_recomputed_on_resume(tmp_path, damage):
    """A kept ``recognised-*.json`` edited (a text, an id) after a kill between the passes
    was trusted by ``--resume``; it is checked against the checksum beside it, as finished
    chunks are, and one that fails (or has none) is removed to be recognised again."""
    from geoparser.batch.part_store import PartStore

    store = PartStore(tmp_path / "o.jsonl", {}, None)
    store.dir.mkdir()
    store.save_recognised(0, b'{"documents": [[1, {"id": "a", "text": "Galway"}, []]]}')
    store.save_recognised(1, b'{"documents": []}')
    assert store.recognised() == {0, 1}
    if damage == "edited":
        kept = store.dir / "recognised-00000000.json"
        kept.write_bytes(kept.read_bytes().replace(b"Galway", b"Dublin"))
    else:
        (store.dir / "recognised-00000000.sha256").unlink()
    assert store.recognised() == {1}
    assert not (store.dir / "recognised-00000000.json").exists()


def _rewrite_with_checksum(store_dir, index, old: bytes, new: bytes) -> None:
    """Edit a kept ``recognised-N.json`` and write its new SHA-256 beside it, as someone
    covering the edit would."""
    import hashlib

    kept = store_dir / f"recognised-{index:08d}.json"
    data = kept.read_bytes()
    assert old in data
    data = data.replace(old, new)
    kept.write_bytes(data)
    (store_dir / f"recognised-{index:08d}.sha256").write_text(
        hashlib.sha256(data).hexdigest() + "\n")


def test_resume_writes_no_invented_id_from_a_recognised_chunk_rewritten_with_its_checksum(
        tmp_path, whole, monkeypatch, caplog):
    """``parse --resume`` after a kept ``recognised-*.json`` was edited (an id) and its
    ``.sha256`` rewritten wrote the invented id (exit 0): the side-car matched. The file is
    checked against the SHA-256 the ledger recorded when the run wrote it, so the chunk is
    recognised again and the output holds the input's ids."""
    from geoparser.batch.part_store import PartStore
    from geoparser.batch.run import Interrupted

    save = PartStore.save

    def save_then_stop(self, result):
        save(self, result)
        raise KeyboardInterrupt  # after the first pass and one finished chunk

    src, out = tmp_path / "in.jsonl", tmp_path / "edited.jsonl"
    src.write_text("".join(json.dumps(d) + "\n" for d in DOCS), encoding="utf-8")

    def parse(**options):
        parse_batch(open_source(src, group_column="source"), out, FAST,
                    BatchOptions(chunk_size=8, **options))
        return {json.loads(line)["id"]: line for line in out.read_text().splitlines()}

    monkeypatch.setattr(PartStore, "save", save_then_stop)
    with pytest.raises(Interrupted, match="1 finished chunks are kept"):
        parse()
    monkeypatch.undo()
    folder = parts_dir(tmp_path / "edited.jsonl")
    finished = {p.name for p in folder.glob("chunk-*.json")}
    index = next(i for i in range(4) if f"chunk-{i:08d}.json" not in finished)
    first_id = json.dumps(DOCS[index * 8]["id"]).encode()
    _rewrite_with_checksum(folder, index, first_id, b'"invented"')
    with caplog.at_level("WARNING", logger="geoparser"):
        got = parse(resume=True)
    assert f"recognised-{index:08d}.json" in caplog.text
    assert "invented" not in got and got == whole


def test_a_recognised_chunk_rewritten_with_its_checksum_is_recognised_again(tmp_path):
    from geoparser.batch.part_store import PartStore

    store = PartStore(tmp_path / "o.jsonl", {}, None)
    store.dir.mkdir()
    store.save_recognised(0, b'{"documents": [[1, {"id": "a", "text": "Galway"}, []]]}')
    store.save_recognised(1, b'{"documents": []}')
    _rewrite_with_checksum(store.dir, 0, b'"a"', b'"invented"')
    assert store.recognised() == {1}
    assert not (store.dir / "recognised-00000000.json").exists()
