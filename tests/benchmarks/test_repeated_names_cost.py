"""The cost measurement of reading placed names again skips cleanly without the corpora."""

from benchmarks.speed.repeated_names import main


def test_without_corpora_it_skips(tmp_path, capsys):
    assert main(["--corpora", str(tmp_path / "absent")]) == 0
    assert "skipped" in capsys.readouterr().out
