"""The measurement of sentences the tagger need not read: its comparison both ways."""

import pytest

from benchmarks.speed import window_skip
from geoparser.recognition.transformer_tagger import MODEL_DIR

shipped = pytest.mark.skipif(not (MODEL_DIR / "model.onnx").exists(),
                             reason="no shipped transformer model")


def test_without_the_shared_corpora_it_skips_cleanly(tmp_path, capsys):
    assert window_skip.main(["--shared", str(tmp_path / "none")]) == 0
    assert "not found; skipped" in capsys.readouterr().out


@shipped
def test_the_comparison_counts_what_is_left_out_and_finds_no_difference():
    from geoparser.recognition.transformer_tagger import TransformerRecogniser

    tagger = TransformerRecogniser(threads=1)
    texts = ["Floods hit Galway after the storm. There were no reported casualties.",
             "London was quiet. It rained all day."]
    tally = window_skip.Tally()
    window_skip.compare(tagger, texts, (tagger.threshold, 0.95), tally)
    # the second text capitalises no word after a first one: all of it is read
    assert (tally.texts, tally.sentences, tally.skipped) == (2, 4, 1)
    assert 0 < tally.skipped_pieces < tally.pieces
    assert tally.least_outside > 0.95
    assert tally.windows_differ == 0 and not tally.differ
