"""The catalogue of the ten shared corpora: each names a convention corpus_conventions.json has,
the training corpora's tagger folds are the ones make train-ner writes, and every path is
there when ../shared is (skipped cleanly when it is not)."""

import pytest

from benchmarks.corpus_catalogue import (
    ALL,
    PeopleAnnotated,
    check_conventions,
    entry,
    select,
)
from benchmarks.public_corpora import CORPORA
from benchmarks.training.document_parts import fold_key
from geoparser.corpora import CONVERTERS
from geoparser.corpora.conventions import load_conventions
from geoparser.errors import UsageError
from geoparser.recognition.training.data import SOURCES
from tests.conftest import SHARED


def test_every_shared_corpus_once_with_its_convention_and_converter():
    check_conventions()
    assert {e.convention for e in ALL} == set(load_conventions().corpora)
    assert len({e.name for e in ALL}) == len(ALL) == 11  # SemEval-2019 in two rows
    assert len({e.path for e in ALL}) == len(ALL)
    assert all(e.converter in CONVERTERS for e in ALL)


def test_the_folds_are_the_taggers_training_corpora():
    assert {e.fold for e in ALL if e.fold} == {fold_key(s.name) for s in SOURCES}
    for source in SOURCES:  # each training corpus is read from the path its tagger read
        assert any(e.path == source.path and e.fold == fold_key(source.name) for e in ALL)


def test_the_accuracy_benchmarks_four_corpora_are_among_them():
    for name, converter, path in CORPORA:
        assert any((e.converter, e.path) == (converter, path) and name in e.aliases
                   for e in ALL), name


def test_people_are_marked_where_the_conventions_say_so():
    marks = {e.convention for e in ALL if e.people is not PeopleAnnotated.NOWHERE}
    conv = load_conventions().corpora
    # GeoWebNews names people as Non_Toponym, which the converter does not type: no row
    assert marks == {k for k, c in conv.items() if "person" in c.not_toponyms} - {"geowebnews"}


def test_semevals_validation_papers_are_no_training_corpus():
    validation = entry("SemEval-2019 T12 (validation)")
    assert validation.fold is None and not validation.aliases  # no model names it


def test_entries_are_found_by_name_or_key():
    assert entry("wotr") is entry("WoTR")
    with pytest.raises(UsageError, match="unknown corpus 'nope'"):
        entry("nope")
    assert [e.name for e in select(["semeval2019_task12", "btc"])] == [
        "SemEval-2019 T12 (train)", "SemEval-2019 T12 (validation)", "BTC"]
    assert [e.name for e in select(["SemEval-2019 T12 (validation)"])] == [
        "SemEval-2019 T12 (validation)"]


@pytest.mark.skipif(not (SHARED / "corpora").is_dir(), reason="needs ../shared/corpora")
def test_every_path_is_in_the_shared_corpora():
    for e in ALL:
        assert (SHARED / "corpora" / e.path).exists(), e.path
        assert (SHARED / "corpora" / e.path.split("/")[0] / "SOURCE.md").is_file()
