"""The wheel ships every file the package reads: built from the tracked files by
scripts/build_wheel.sh, it holds every tracked file under geoparser/ and evaluation/ and nothing
else (no tests, no build leftovers). Package data follows one rule (pyproject.toml's
include-package-data with MANIFEST.in), so a new data folder cannot be left out: the default
parse once ended in FileNotFoundError for geoparser/decision/data/person-titles.txt (now
geoparser/vocabularies/decision/name_heads.txt) from an installed wheel."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile

import pytest

from tests.conftest import ROOT

PACKAGES = ("geoparser", "evaluation")


def _tracked(*folders: str) -> set[str]:
    done = subprocess.run(["git", "ls-files", "-z", "--", *folders], cwd=ROOT,
                          capture_output=True, check=True)
    return {f for f in done.stdout.decode("utf-8").split("\0")
            if f and (ROOT / f).exists()}


@pytest.fixture(scope="module")
def wheel_files(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: no list of tracked files to compare with")
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(["bash", str(ROOT / "scripts" / "build_wheel.sh"), str(out)],
                          env={**os.environ, "PYTHON": sys.executable},
                          capture_output=True, text=True, check=False)
    if done.returncode == 3:
        pytest.skip("no setuptools>=77 here and none from the package index: " + done.stderr)
    assert done.returncode == 0, done.stderr
    (wheel,) = out.glob("toposcope-*.whl")
    with zipfile.ZipFile(wheel) as z:
        return {n for n in z.namelist() if ".dist-info/" not in n}


def test_the_wheel_holds_every_tracked_file_of_the_packages(wheel_files):
    tracked = _tracked(*PACKAGES)
    assert sorted(tracked - wheel_files) == []


def test_the_wheel_holds_the_word_lists_the_default_parse_reads(wheel_files):
    folders = [ROOT / "geoparser" / "decision" / "data", ROOT / "geoparser" / "vocabularies"]
    shipped = {str(p.relative_to(ROOT)) for folder in folders for p in folder.rglob("*")
               if p.is_file() and "__pycache__" not in p.parts}
    assert "geoparser/vocabularies/decision/name_heads.txt" in shipped
    assert "geoparser/decision/data/person-names-us1990.tsv.gz" in shipped
    assert shipped <= wheel_files


def test_the_wheel_holds_each_shipped_tagger(wheel_files):
    from geoparser.shipped_taggers import SHIPPED_TAGGERS

    for tagger in SHIPPED_TAGGERS:
        folder = tagger.folder.relative_to(ROOT).as_posix()
        for name in ("model.onnx", "vocab.txt", "meta.json", "trained_on.json"):
            assert f"{folder}/{name}" in wheel_files


def test_the_wheel_holds_nothing_untracked(wheel_files):
    extra = wheel_files - _tracked(*PACKAGES)
    assert sorted(extra) == []
    assert not [n for n in wheel_files if not n.startswith(tuple(f"{p}/" for p in PACKAGES))]
    assert not [n for n in wheel_files if "__pycache__" in n or n.endswith(".pyc")]


def test_package_data_is_one_rule():
    """No per-folder lists in pyproject.toml that a new data folder could miss."""
    import tomllib

    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    assert "package-data" not in setuptools
    assert setuptools.get("include-package-data") is True
    rules = {line.strip() for line in (ROOT / "MANIFEST.in").read_text("utf-8").splitlines()}
    assert {f"graft {p}" for p in PACKAGES} <= rules

