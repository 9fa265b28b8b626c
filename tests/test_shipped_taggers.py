"""The shipped taggers by name: each registered recogniser over each tagger, where each tagger
is read from (one variable never moves both), and which recognisers the default's span
decision judges alike."""

from __future__ import annotations

import pytest

from geoparser.defaults import DEFAULT_RECOGNISER
from geoparser.shipped_taggers import (
    MODELS,
    SHIPPED_TAGGERS,
    STUDENT,
    TEACHER,
    Part,
    built_as,
    judged_alike,
    part_of,
    tagger_of,
)


def test_the_student_is_named_after_its_teacher_with_the_default_s_parts():
    assert STUDENT.recognisers() == ("toponym-transformer-small",
                                     "toponym-transformer-small-checked",
                                     "toponym-transformer-small-orgs")
    assert TEACHER.recogniser(Part.ORGS) == DEFAULT_RECOGNISER
    assert built_as(Part.ORGS) == (DEFAULT_RECOGNISER, "toponym-transformer-small-orgs")
    with pytest.raises(KeyError, match="no hybrid"):
        STUDENT.recogniser(Part.HYBRID)


def test_every_recogniser_over_a_shipped_tagger_is_registered_and_no_other():
    from geoparser.recognition import RECOGNISERS

    named = {n for t in SHIPPED_TAGGERS for n in t.recognisers()}
    assert named == {n for n in RECOGNISERS.names() if n.startswith("toponym-transformer")}


def test_a_name_says_its_tagger_and_part():
    assert tagger_of("toponym-transformer-small-checked") is STUDENT
    assert part_of("toponym-transformer-small-checked") is Part.CHECKED
    assert tagger_of("toponym-transformer") is TEACHER
    assert part_of("toponym-transformer") is Part.TAGGER
    for other in ("toponym-orgs", "toponym-transformer-small-hybrid", "gazetteer", ""):
        assert tagger_of(other) is None and part_of(other) is None


def test_the_student_s_orgs_is_judged_as_the_default():
    assert judged_alike("toponym-transformer-small-orgs", DEFAULT_RECOGNISER)
    assert judged_alike(DEFAULT_RECOGNISER, DEFAULT_RECOGNISER)
    assert judged_alike(DEFAULT_RECOGNISER, "toponym-transformer-small-orgs")
    assert not judged_alike("toponym-transformer-small-checked", DEFAULT_RECOGNISER)
    assert not judged_alike("toponym-transformer-hybrid", DEFAULT_RECOGNISER)
    assert not judged_alike("toponym-orgs", DEFAULT_RECOGNISER)
    assert judged_alike("en_core_web_sm", "en_core_web_sm")  # a name is itself


def test_each_tagger_is_read_from_its_own_folder(monkeypatch):
    for tagger in SHIPPED_TAGGERS:
        monkeypatch.delenv(str(tagger.env), raising=False)
        assert tagger.model_dir() == tagger.folder == MODELS / tagger.name
        assert (tagger.folder / "model.onnx").is_file()


def test_the_transformer_variable_moves_the_default_s_tagger_only(monkeypatch, tmp_path):
    monkeypatch.delenv(str(STUDENT.env), raising=False)
    monkeypatch.setenv("TOPOSCOPE_TRANSFORMER_MODEL", str(tmp_path / "retrained"))
    assert TEACHER.model_dir() == tmp_path / "retrained"
    assert STUDENT.model_dir() == STUDENT.folder


def test_the_student_s_variable_moves_the_student_only(monkeypatch, tmp_path):
    monkeypatch.delenv(str(TEACHER.env), raising=False)
    monkeypatch.setenv("TOPOSCOPE_TRANSFORMER_SMALL_MODEL", "~/student")
    assert str(STUDENT.model_dir()).endswith("/student") and "~" not in str(STUDENT.model_dir())
    assert TEACHER.model_dir() == TEACHER.folder
