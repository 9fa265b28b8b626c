"""``benchmarks.speed.tagger_settings`` on one short document: the shipped settings and the one
asked for, each with whether its probabilities are the shipped ones'."""

from __future__ import annotations

import json

from benchmarks.speed import tagger_settings


def test_tagger_settings_compares_a_setting_with_the_shipped_ones(tmp_path, capsys):
    docs = tmp_path / "docs.jsonl"
    docs.write_text(json.dumps({"text": "Heavy rain fell on Lyon and Marseille, France."})
                    + "\n", encoding="utf-8")
    assert tagger_settings.main(["--in", str(docs), "--repeat", "1",
                                 "--only", "batch 4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("1 documents, ")
    assert lines[1].startswith("shipped (batch 8, 2 threads): ")
    assert lines[1].endswith("probabilities as shipped: True")
    assert lines[2].startswith("batch 4: ") and lines[2].endswith("as shipped: True")
    assert len(lines) == 3
