"""docs/schemes.md describes every column ``score`` prints (acc@10 and "acc by GeoNames id"
were not) and every figure ``compare --pred`` compares."""

from pathlib import Path

from evaluation import score
from evaluation.flat_corpus import FlatCorpus
from evaluation.reports.score_output import SHORT, TABLE_SKIP
from evaluation.reports.systems import COMPARABLE, figures
from tests.reports.test_score_tables_and_frames import GOLD, PRED

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "schemes.md").read_text()
GIVEN = {"scope", "id", "scheme"}  # what a row covers, described once


def test_every_column_of_every_scheme_is_described_with_its_table_heading():
    result = score("all", GOLD, PRED)
    for name, part in result.results.items():
        keys = {k for row in part.to_rows() for k in row} | set(getattr(part, "columns", ()))
        for key in keys - GIVEN:
            assert f"`{key}`" in PAGE, f"{name}: column {key} is not in docs/schemes.md"
            if key in SHORT and key not in TABLE_SKIP:
                assert SHORT[key] in PAGE, f"{name}: heading {SHORT[key]} of {key}"


def test_every_figure_compare_gives_is_described():
    corpus = FlatCorpus.build(GOLD, PRED)
    for name in COMPARABLE:
        for figure in figures(score(name, GOLD, PRED), corpus):
            words = figure.split(" ")
            assert f"`{figure}`" in PAGE or f"`{words[-1]}`" in PAGE, figure
