"""``benchmarks.speed.default_cost`` on two short documents: every line it promises is there."""

from __future__ import annotations

import json

from benchmarks.speed import default_cost


def test_default_cost_reports_start_up_each_layer_and_resolution_per_toponym(tmp_path, capsys):
    docs = tmp_path / "docs.jsonl"
    docs.write_text("\n".join(json.dumps({"text": t}) for t in (
        "The Illinois Department of Public Health reported cases in Chicago.",
        "Heavy rain fell on Lyon and Marseille, France.")) + "\n", encoding="utf-8")
    assert default_cost.main(["--in", str(docs), "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "start-up: total of these:" in out
    for layer in ("tagger", "+ organisation pass", "recognition (all passes)", "resolution"):
        assert f"2 documents: {layer}: " in out
    assert "ms per toponym" in out
