"""The shipped English word frequencies give wordfreq's own values, and the gazetteer matcher
finds the same toponyms with them as with wordfreq."""

from __future__ import annotations

import pytest

from geoparser.recognition.word_frequency import zipf_frequency

wordfreq = pytest.importorskip("wordfreq")


@pytest.mark.parametrize("word", ["hope", "spring", "bath", "reading", "wells", "the",
                                  "cathedral", "galway", "whitby", "strasse", "qwxzzy"])
def test_a_word_has_wordfreqs_own_zipf_frequency(word):
    assert zipf_frequency(word) == wordfreq.zipf_frequency(word, "en")


def test_an_unlisted_word_is_not_common_and_case_folds_as_wordfreq_does():
    assert zipf_frequency("qwxzzyland") == 0.0
    assert zipf_frequency("straße") == wordfreq.zipf_frequency("straße", "en") > 0


def test_the_gazetteer_matcher_finds_the_same_toponyms_as_with_wordfreq(
        offline_gazetteer, captions, monkeypatch):
    import geoparser.recognition.gazetteer_matcher as matcher
    from geoparser.recognition import create_recogniser

    recogniser = create_recogniser("gazetteer")
    texts = [c.text for c in captions] + [
        "Rain in Bath and Reading; Hope Springs and Wells were dry.",
        "O'Hare and Saint-Denis reopened after the storm in Cathedral City."]

    def spans():
        return [[(m.start, m.end, m.label) for m in ms] for ms in recogniser.recognise(texts)]

    shipped = spans()
    monkeypatch.setattr(matcher, "zipf_frequency", lambda w: wordfreq.zipf_frequency(w, "en"))
    assert spans() == shipped and any(shipped)
