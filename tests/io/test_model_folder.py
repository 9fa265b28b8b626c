"""Model folders are read as every other input is: a device, a named pipe or an oversized
file in one is refused in one line naming it, exit 2, before spaCy or our checks read it
(``geoparser.io.model_folder``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from geoparser.errors import ModelNotFoundError
from geoparser.io.model_folder import check_model_folder
from geoparser.recognition.toponym_model import ENV, MODEL_DIR

#: The address space a child may use: before the check, /dev/zero grew until MemoryError.
MEMORY_LIMIT = 2 << 30
#: Seconds a child may take; a named pipe waited on for ever fails the test instead.
WITHIN_S = 180


def _special(file: Path, kind: str) -> None:
    file.unlink()
    if kind == "dev-zero":
        file.symlink_to("/dev/zero")
    else:
        os.mkfifo(file)


def _parse(tmp_path: Path, ner: str, env: dict[str, str] | None = None) -> str:
    """``parse --ner NER`` in a child with bounded memory; its one line of error."""
    import resource

    docs = tmp_path / "docs.jsonl"
    docs.write_text(json.dumps({"id": "1", "text": "Rain in Leeds."}) + "\n")

    def bound() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    proc = subprocess.Popen(
        [sys.executable, "-m", "geoparser", "-q", "parse", "--in", str(docs), "--out",
         str(tmp_path / "out.jsonl"), "--ner", ner], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, preexec_fn=bound, env={**os.environ, **(env or {})})
    try:
        _, stderr = proc.communicate(timeout=WITHIN_S)
    finally:
        proc.kill()
    lines = [line for line in stderr.decode("utf-8", "replace").splitlines() if line.strip()]
    assert proc.returncode == 2 and len(lines) == 1, (proc.returncode, lines[-5:])
    assert not (tmp_path / "out.jsonl").exists()
    return lines[0]


@pytest.mark.parametrize("kind", ["dev-zero", "fifo"])
def test_a_toponym_model_whose_checksums_json_is_dev_zero_or_a_pipe_is_refused(tmp_path,
                                                                               kind):
    copy = tmp_path / "toponym"
    shutil.copytree(MODEL_DIR, copy)
    _special(copy / "checksums.json", kind)
    line = _parse(tmp_path, "toponym", {ENV: str(copy)})
    assert "checksums.json" in line and ("named pipe" in line or "device" in line), line


@pytest.mark.parametrize("name", ["ner/model", "vocab/strings.json"])
@pytest.mark.parametrize("kind", ["dev-zero", "fifo"])
def test_a_spacy_pipeline_folder_with_a_device_or_pipe_inside_is_refused(tmp_path, name, kind):
    copy = tmp_path / "pipeline"
    shutil.copytree(MODEL_DIR, copy)
    _special(copy / name, kind)
    line = _parse(tmp_path, str(copy))
    assert name in line and ("named pipe" in line or "device" in line), line


def test_a_model_file_over_the_bound_is_refused_by_its_size(tmp_path, monkeypatch):
    import geoparser.io.model_folder as model_folder

    copy = tmp_path / "pipeline"
    shutil.copytree(MODEL_DIR, copy)
    monkeypatch.setattr(model_folder, "MAX_MODEL_FILE_BYTES", 1000)
    with pytest.raises(ModelNotFoundError, match=r"is [\d,]+ bytes, more than the "
                                                 r"1,000") as err:
        check_model_folder(copy, "spaCy pipeline")
    assert "\n" not in str(err.value)


def test_a_dangling_link_in_a_model_folder_is_refused(tmp_path):
    copy = tmp_path / "pipeline"
    shutil.copytree(MODEL_DIR, copy)
    (copy / "ner" / "gone").symlink_to(tmp_path / "nowhere")
    with pytest.raises(ModelNotFoundError, match="ner/gone cannot be read"):
        check_model_folder(copy, "spaCy pipeline")


def test_the_shipped_models_pass_the_check():
    from geoparser.recognition.transformer_tagger import MODEL_DIR as TRANSFORMER_DIR
    from geoparser.shipped_taggers import STUDENT

    check_model_folder(MODEL_DIR, "toponym model")
    check_model_folder(TRANSFORMER_DIR, "transformer toponym model")
    check_model_folder(STUDENT.folder, "transformer toponym model toponym-transformer-small")
