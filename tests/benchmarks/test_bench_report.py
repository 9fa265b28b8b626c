"""``make bench``'s report: least of the runs counted, ratios against the cost targets
stated as met or not."""

from benchmarks.speed.bench_report import report
from benchmarks.speed.process import Run

PACKAGE = "en_core_web_sm"


def runs(default_cpu: list[float], small_cpu: list[float], sentence_walls: tuple[float, float]
         ) -> dict[str, list[Run]]:
    def case(name, docs, walls, cpus, rss=400.0):
        return [Run(name, docs, w, c, rss, rss, 1.0) for w, c in zip(walls, cpus, strict=True)]

    default_s, pipe_s = sentence_walls
    return {
        "A default": case("A default", 10, [x + 1 for x in default_cpu], default_cpu),
        "A en_core_web_sm": case("A en_core_web_sm", 10, [x + 1 for x in small_cpu],
                                 small_cpu, rss=900.0),
        "C default --workers 2": case("C", 10, [6.0, 5.0, 7.0], [12.0, 12.0, 12.0], rss=700.0),
        "B default": case("B default", 100, [default_s] * 3, [default_s] * 3),
        f"B spacy.load({PACKAGE}) + nlp.pipe": case("B pipe", 100, [pipe_s] * 3, [pipe_s] * 3),
        "B NER-only pipe": case("B ner", 100, [pipe_s / 2] * 3, [pipe_s / 2] * 3),
    }


def figures(capsys, data):
    summary = report(data, {"articles": 10, "sentences": 100},
                     {"articles": 300.0, "sentences": 20.0}, PACKAGE, "toponym-x",
                     {"torch": False, "sklearn": False}, 600.0)
    return summary, capsys.readouterr().out


def test_least_runs_give_the_ratios_and_targets_met(capsys):
    summary, out = figures(capsys, runs([5.0, 4.0, 9.0], [10.0, 12.0, 11.0], (2.0, 4.0)))
    assert summary["articles_cpu_ratio"] == 0.4  # 4.0 / 10.0, each side's least
    assert summary["articles_cpu_ratio_per_run"] == [0.5, 4.0 / 12.0, 9.0 / 11.0]
    assert summary["sentences_rate_ratio"] == 2.0
    assert "Target ≤ 1.2×: met." in out
    assert "Target ≥ 1.0×: met" in out
    assert "Peak memory 400 MB against 900 MB" in out
    assert "| A default | 10 | 5.0 (5.0–10.0) | 2.0 | 4.0 (4.0–9.0) | 400 | 400 |" in out
    assert "took 10.0 minutes" in out


def test_targets_missed_are_said_plainly(capsys):
    summary, out = figures(capsys, runs([14.0, 15.0, 16.0], [10.0, 11.0, 12.0], (4.0, 2.0)))
    assert summary["articles_cpu_ratio"] == 1.4
    assert "Target ≤ 1.2×: NOT met." in out
    assert "Target ≥ 1.0×: NOT met" in out
