"""The student tagger's recipe and loss (the loss needs torch, from the ``train`` extra)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from geoparser.recognition.training.tagger_train import TaggerConfig

CONFIGS = Path(__file__).resolve().parents[2] / "geoparser" / "recognition" / "training" / "configs"


def test_the_teacher_recipe_keeps_every_layer_and_learns_from_gold_alone() -> None:
    config = TaggerConfig.read(CONFIGS / "tagger.json")
    assert config.layers == 6 and config.distil_weight == 0.0


@pytest.mark.parametrize("recipe", ["student.json", "student-text.json",
                                    "student-narrow.json", "student-small.json",
                                    "student-alternate.json", "student-from-teacher.json",
                                    "student-layers.json"])
def test_the_student_recipe_keeps_fewer_layers_and_learns_from_the_teacher_too(recipe) -> None:
    config = TaggerConfig.read(CONFIGS / recipe)
    assert 1 <= config.layers < 6
    assert 0.0 < config.distil_weight <= 1.0 and config.temperature >= 1.0
    assert config.seed == 0


@pytest.mark.parametrize("recipe", ["student-narrow.json", "student-small.json",
                                    "student-alternate.json", "student-layers.json"])
def test_the_narrow_recipes_cut_heads_and_units_and_the_others_keep_them_all(recipe) -> None:
    narrow = TaggerConfig.read(CONFIGS / recipe)
    assert 0 < narrow.heads < 12 and 0 < narrow.units < 1536
    for recipe in ("tagger.json", "student.json", "student-text.json"):
        config = TaggerConfig.read(CONFIGS / recipe)
        assert (config.heads, config.units) == (0, 0)


def test_the_narrow_student_keeps_its_teachers_threshold_and_the_teacher_chooses_its_own() -> None:
    assert TaggerConfig.read(CONFIGS / "student-narrow.json").teacher_threshold
    assert TaggerConfig.read(CONFIGS / "student-small.json").teacher_threshold
    assert not TaggerConfig.read(CONFIGS / "tagger.json").teacher_threshold


def test_a_fold_student_learns_from_its_fold_teacher_and_the_whole_one_from_the_shipped(
        tmp_path) -> None:
    from benchmarks.training.train_tagger import teacher_of

    student, teacher = TaggerConfig(distil_weight=0.5), TaggerConfig()
    fold = tmp_path / "without-geovirus" / "student"
    shipped, given = tmp_path / "shipped", tmp_path / "given"
    assert teacher_of("without GeoVirus", fold, None, shipped, student) == fold.parent / "tagger"
    assert teacher_of("all", tmp_path / "s", None, shipped, student) == shipped
    assert teacher_of("all", tmp_path / "s", given, shipped, student) == given
    assert teacher_of("all", tmp_path / "s", given, shipped, teacher) is None


def test_a_student_written_where_its_teacher_is_is_refused(tmp_path) -> None:
    from benchmarks.training.train_tagger import written_over_teacher

    student, teacher = TaggerConfig(distil_weight=0.5), TaggerConfig()
    fold = tmp_path / "without-geovirus"
    shipped = tmp_path / "shipped"
    left_as_teacher = [("without GeoVirus", ["GeoWebNews"], fold / "tagger")]
    assert "without GeoVirus" in written_over_teacher(left_as_teacher, None, shipped, student)
    assert written_over_teacher(left_as_teacher, None, shipped, teacher) is None
    assert written_over_teacher([("without GeoVirus", [], fold / "student")], None, shipped,
                                student) is None
    over_shipped = [("all", ["GeoVirus"], shipped)]
    assert "all" in written_over_teacher(over_shipped, None, shipped, student)
    assert written_over_teacher(over_shipped, tmp_path / "given", shipped, student) is None


def test_a_fold_student_named_as_its_teacher_exits_2_before_training(tmp_path, capsys) -> None:
    from benchmarks.training.train_tagger import main

    work = tmp_path / "work"
    code = main(["--corpora", str(tmp_path), "--work", str(work), "--config",
                 str(CONFIGS / "student-narrow.json"), "--skip-final", "--folds", "GeoVirus"])
    assert code == 2
    assert "written over its teacher" in capsys.readouterr().err
    assert not work.exists()


def test_the_loss_is_gold_alone_at_weight_zero_and_zero_kl_when_student_is_teacher() -> None:
    torch = pytest.importorskip("torch")
    from geoparser.recognition.training.distillation import soft_targets, student_loss

    logits = torch.tensor([[[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]]])
    mask = torch.tensor([[1, 1]])
    gold = torch.tensor(0.7)
    teacher = soft_targets([torch.softmax(logits[0], -1).numpy()], 2)
    same = TaggerConfig(distil_weight=1.0, temperature=1.0)
    assert float(student_loss(gold, logits, teacher, mask, same)) == pytest.approx(0.0, abs=1e-6)
    assert float(student_loss(gold, logits, teacher, mask, TaggerConfig())) == pytest.approx(0.7)
    other = soft_targets([torch.softmax(-logits[0], -1).numpy()], 2)
    assert float(student_loss(gold, logits, other, mask, same)) > 0.1


def test_padding_rows_are_left_out_of_the_teacher_term() -> None:
    torch = pytest.importorskip("torch")
    from geoparser.recognition.training.distillation import soft_targets, student_loss

    logits = torch.tensor([[[2.0, 0.5, -1.0], [9.0, -9.0, 0.0]]])
    teacher = soft_targets([torch.softmax(logits[0, :1], -1).numpy()], 2)
    config = TaggerConfig(distil_weight=1.0)
    assert float(student_loss(torch.tensor(0.0), logits, teacher, torch.tensor([[1, 0]]),
                              config)) == pytest.approx(0.0, abs=1e-6)


def test_a_student_layer_matches_the_teacher_layer_at_its_relative_depth() -> None:
    from geoparser.recognition.training.distillation import matched_layers

    assert matched_layers(3, 6) == (2, 4, 6)
    assert matched_layers(2, 6) == (3, 6)
    assert matched_layers(6, 6) == (1, 2, 3, 4, 5, 6)
    with pytest.raises(ValueError):
        matched_layers(7, 6)


def test_the_layer_loss_is_zero_on_the_teacher_s_outputs_and_leaves_padding_out() -> None:
    torch = pytest.importorskip("torch")
    import numpy as np

    from geoparser.recognition.training.distillation import layer_loss

    teacher = np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4) / 10  # layers×pieces×width
    states = [torch.zeros((1, 4, 4)) for _ in range(2)]  # a batch of one, padded to 4 pieces
    for k in range(2):
        states[k][0, :3] = torch.from_numpy(teacher[k])
        states[k][0, 3] = 99.0  # a padding piece: never counted
    mask = torch.tensor([[1, 1, 1, 0]])
    assert float(layer_loss(states, [teacher.astype(np.float16)], mask)) == pytest.approx(
        0.0, abs=1e-3)
    states[1] = states[1] + 1.0
    # one of two layers off by 1 on every width of every real piece: a mean of 1 / 2
    assert float(layer_loss(states, [teacher], mask)) == pytest.approx(0.5, abs=1e-5)


def test_a_recipe_that_learns_the_teacher_s_layers_needs_a_teacher(tmp_path) -> None:
    from benchmarks.training import train_tagger

    config = json.loads((CONFIGS / "student-layers.json").read_text(encoding="utf-8"))
    assert config["hidden_weight"] > 0 and config["distil_weight"] > 0
    config.update(distil_weight=0.0, teacher_text={})
    path = tmp_path / "c.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    with pytest.raises(SystemExit, match="hidden_weight needs a teacher"):
        train_tagger.main(["--config", str(path), "--corpora", str(tmp_path),
                           "--work", str(tmp_path / "w"), "--skip-final"])


@pytest.mark.parametrize("recipe", ["student-text.json", "student-narrow.json"])
def test_the_students_teacher_text_leaves_unseen_the_corpora_it_is_measured_on(recipe) -> None:
    from benchmarks.corpus_catalogue import entry

    config = TaggerConfig.read(CONFIGS / recipe)
    named = {entry(name).name for name in config.teacher_text}
    assert named and all(step >= 1 for step in config.teacher_text.values())
    # local news stays the unseen text student and teacher are compared on; SemEval's
    # validation papers stay unseen by every model; the gold corpora are there already
    assert not named & {"LGL (development half)", "SemEval-2019 T12 (validation)",
                        "GeoWebNews", "GeoVirus", "SemEval-2019 T12 (train)"}


def test_the_shipped_students_teacher_text_reads_local_news_but_no_gold_corpus() -> None:
    """The shipped student (``make train-student``) reads LGL-dev's text without its labels,
    so LGL-dev is not unseen text for it (the held-out half of LGL is); SemEval's validation
    papers stay unseen by every model."""
    from benchmarks.corpus_catalogue import entry

    config = TaggerConfig.read(CONFIGS / "student-small.json")
    named = {entry(name).name for name in config.teacher_text}
    assert "LGL (development half)" in named
    assert not named & {"SemEval-2019 T12 (validation)", "GeoWebNews", "GeoVirus",
                        "SemEval-2019 T12 (train)"}


def test_a_batch_of_the_teachers_text_alone_has_no_gold_loss() -> None:
    torch = pytest.importorskip("torch")
    from geoparser.recognition.training.tagger_data import IGNORE
    from geoparser.recognition.training.tagger_train import gold_loss

    logits = torch.tensor([[[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]]], requires_grad=True)
    loss_fn = torch.nn.CrossEntropyLoss(ignore_index=IGNORE)
    none = gold_loss(loss_fn, logits, torch.tensor([[IGNORE, IGNORE]]))
    assert float(none) == 0.0 and none.requires_grad
    some = gold_loss(loss_fn, logits, torch.tensor([[0, IGNORE]]))
    assert float(some) == pytest.approx(float(torch.log_softmax(logits[0, 0], -1)[0].neg()))


def test_a_student_keeps_the_base_s_first_layers_or_the_ones_it_names() -> None:
    from geoparser.recognition.training.tagger_train import kept_layers

    assert kept_layers(TaggerConfig(layers=3), 6) == (0, 1, 2)
    assert kept_layers(TaggerConfig(layers=6), 6) == (0, 1, 2, 3, 4, 5)
    assert kept_layers(TaggerConfig(layers=3, keep=(0, 2, 4)), 6) == (0, 2, 4)
    for wrong in ((0, 2), (2, 0, 4), (0, 0, 4), (0, 2, 6), (-1, 2, 4)):
        with pytest.raises(ValueError, match="increasing layer indices"):
            kept_layers(TaggerConfig(layers=3, keep=wrong), 6)


def test_the_alternate_recipe_is_the_shipped_one_keeping_every_other_layer_of_the_base() -> None:
    from dataclasses import replace

    shipped = TaggerConfig.read(CONFIGS / "student-small.json")
    alternate = TaggerConfig.read(CONFIGS / "student-alternate.json")
    assert alternate.keep == (0, 2, 4) and not shipped.keep
    assert replace(alternate, keep=()) == shipped


def test_a_student_built_with_keep_holds_those_layers_of_the_base() -> None:
    torch = pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from geoparser.recognition.training.tagger_train import build_model, verified_base

    try:
        base = verified_base()
    except (SystemExit, Exception) as err:  # the train extra's base is not installed here
        pytest.skip(f"no verified base: {err}")
    whole = build_model(base, TaggerConfig())
    student = build_model(base, TaggerConfig(layers=3, keep=(0, 2, 4)))
    assert len(student.bert.encoder.layer) == student.bert.config.num_hidden_layers == 3
    for mine, theirs in zip(student.bert.encoder.layer, (0, 2, 4), strict=True):
        want = whole.bert.encoder.layer[theirs].attention.self.query.weight
        assert torch.equal(mine.attention.self.query.weight, want)


@pytest.mark.parametrize("key", ["teacher_text", "start_from_teacher"])
def test_a_recipe_that_needs_a_teacher_without_one_exits_before_any_training(
        tmp_path, key) -> None:
    from benchmarks.training.train_tagger import main

    recipe = json.loads((CONFIGS / "student-from-teacher.json").read_text(encoding="utf-8"))
    recipe["distil_weight"] = 0.0
    recipe["start_from_teacher"] = key == "start_from_teacher"
    recipe["teacher_text"] = recipe["teacher_text"] if key == "teacher_text" else {}
    config = tmp_path / "recipe.json"
    config.write_text(json.dumps(recipe), encoding="utf-8")
    with pytest.raises(SystemExit, match=f"{key} needs a teacher"):
        main(["--corpora", str(tmp_path), "--work", str(tmp_path / "work"),
              "--config", str(config), "--skip-final", "--folds", "GeoWebNews"])


def test_a_held_part_without_convention_corpora_exits_before_any_training(tmp_path) -> None:
    from benchmarks.training.train_tagger import main

    with pytest.raises(SystemExit, match="--held-part .* names none"):
        main(["--corpora", str(tmp_path), "--work", str(tmp_path / "work"),
              "--config", str(CONFIGS / "tagger.json"), "--skip-cross", "--held-part", "0"])


def test_the_local_news_recipe_is_the_teachers_with_local_news_by_its_convention() -> None:
    teacher = json.loads((CONFIGS / "tagger.json").read_text(encoding="utf-8"))
    local = json.loads((CONFIGS / "tagger-local.json").read_text(encoding="utf-8"))
    assert local.pop("convention_corpora") == ["LGL (development half)"]
    assert local == teacher


def test_a_held_part_with_the_cross_corpus_folds_exits_before_any_training(tmp_path) -> None:
    from benchmarks.training.train_tagger import main

    with pytest.raises(SystemExit, match="give --skip-cross"):
        main(["--corpora", str(tmp_path), "--work", str(tmp_path / "work"),
              "--config", str(CONFIGS / "tagger-local.json"), "--held-part", "1"])


def test_a_model_that_left_a_part_out_is_written_beside_the_folds_never_over_the_shipped(
        tmp_path) -> None:
    import argparse

    from benchmarks.training.train_tagger import training_jobs

    def jobs(**given):
        args = dict(work=tmp_path, name="toponym-transformer", folds=None, skip_cross=True,
                    skip_final=False, ship=None, held_part=None) | given
        return training_jobs(argparse.Namespace(**args), ["A", "B"], tmp_path / "shipped")

    assert jobs() == [("all", ["A", "B"], tmp_path / "shipped")]
    assert jobs(held_part=1) == [("all", ["A", "B"], tmp_path / "without-part-1" / "tagger")]
    assert jobs(held_part=1, ship=tmp_path / "x") == [("all", ["A", "B"], tmp_path / "x")]
    assert [j[2] for j in jobs(skip_cross=False, skip_final=True, folds=["B"])] == [
        tmp_path / "without-b" / "tagger"]


def test_a_held_part_that_is_no_part_exits_before_any_training(tmp_path) -> None:
    from benchmarks.training.train_tagger import main

    with pytest.raises(SystemExit, match="part of 3: 0 to 2"):
        main(["--corpora", str(tmp_path), "--work", str(tmp_path / "work"),
              "--config", str(CONFIGS / "tagger-local.json"), "--skip-cross",
              "--held-part", "3"])


def test_a_student_reading_local_news_as_teacher_text_may_leave_a_part_out() -> None:
    from benchmarks.training.train_tagger import held_text

    student = TaggerConfig.read(CONFIGS / "student-small.json")
    assert held_text(student) == ["LGL (development half)"]
    assert held_text(TaggerConfig.read(CONFIGS / "tagger.json")) == []
