"""The benchmark corpus: sentences from corpora files, topped up by generated ones."""

import json

from benchmarks.speed import corpus


def test_sentences_split_filter_and_deduplicate(tmp_path):
    (tmp_path / "a.jsonl").write_text(json.dumps({"text": (
        "Snow fell on Oslo overnight again. Too short. Snow fell on Oslo overnight again. "
        "Ferries from Dover to Calais were cancelled.")}) + "\nnot json\n")
    (tmp_path / "b.xml").write_text("<articles><article><text>Floods hit the town of Hull "
                                    "yesterday.</text></article></articles>")
    got = corpus.sentences(tmp_path, 3)
    assert got == ["Snow fell on Oslo overnight again.",
                   "Ferries from Dover to Calais were cancelled.",
                   "Floods hit the town of Hull yesterday."]


def test_generated_sentences_fill_up_when_corpora_run_out(tmp_path):
    got = corpus.sentences(tmp_path / "absent", 5)
    assert len(got) == len(set(got)) == 5
    assert got == corpus.sentences(None, 5)  # deterministic
