"""The fingerprints a trained model ships (``benchmarks.training.trained_on``): the texts it
read, and, for a student, its teacher's."""

from __future__ import annotations

from pathlib import Path

from benchmarks.training.trained_on import write_fingerprints
from evaluation.reports.trained_on import fingerprint, fingerprints_json, read_fingerprints


def test_a_student_inherits_its_teachers_fingerprints(tmp_path: Path) -> None:
    teacher = tmp_path / "teacher.json"
    teacher.write_text(fingerprints_json({"LGL": ["A local story."], "News": ["Rain."]}),
                       encoding="utf-8")
    out = write_fingerprints(tmp_path / "student.json", tmp_path, [],
                             {"News": ["Snow."]}, inherited=teacher)
    assert read_fingerprints(out) == {
        "LGL": frozenset({fingerprint("A local story.")}),
        "News": frozenset({fingerprint("Rain."), fingerprint("Snow.")})}


def test_without_a_teacher_only_the_texts_read_are_fingerprinted(tmp_path: Path) -> None:
    out = write_fingerprints(tmp_path / "model.json", tmp_path, [], {"News": ["Snow."]},
                             inherited=tmp_path / "absent.json")
    assert read_fingerprints(out) == {"News": frozenset({fingerprint("Snow.")})}
