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


def test_articles_are_whole_texts_brat_first_then_geovirus(tmp_path):
    brat = tmp_path / "geowebnews" / "brat"
    brat.mkdir(parents=True)
    (brat / "2.txt").write_text("Second article from Leeds.\nIt goes on.\n")
    (brat / "1.txt").write_text("First article about Lima. More text.")
    (brat / "1.ann").write_text("T1\tLOC 20 24\tLima\n")
    virus = tmp_path / "geovirus"
    virus.mkdir()
    (virus / "GeoVirus.xml").write_text(
        "<articles><article><text>Flu reached Hanoi.</text></article>"
        "<article><text>First article about Lima. More text.</text></article></articles>")
    got = corpus.articles(tmp_path, 3)
    assert got == ["First article about Lima. More text.",
                   "Second article from Leeds.\nIt goes on.", "Flu reached Hanoi."]


def test_generated_articles_fill_up_when_corpora_run_out(tmp_path):
    got = corpus.articles(tmp_path / "absent", 3)
    assert len(set(got)) == 3
    assert all(len(corpus._SENTENCE_END.split(a)) == corpus.ARTICLE_SENTENCES for a in got)
    assert got == corpus.articles(None, 3)  # deterministic
