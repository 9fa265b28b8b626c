"""The corpus convention map (``corpora.conventions``): every corpus folder has an entry, each
entry its source, and training labels follow from it."""

from __future__ import annotations

import copy
import json

import pytest

from geoparser.corpora.conventions import (
    CONVENTIONS_FILE,
    TrainingLabel,
    label_for,
    load_conventions,
    parse_conventions,
)
from geoparser.model import MentionKind
from tests.conftest import SHARED

CORPORA = SHARED / "corpora"
#: Folders under the shared corpora that hold no corpus.
NOT_CORPORA = {"http_fixtures"}


def _data() -> dict:
    return json.loads(CONVENTIONS_FILE.read_text(encoding="utf-8"))


def test_local_news_masks_streets_and_embedded_places_geowebnews_teaches_them():
    assert label_for("lgl-dev", MentionKind.STREET) is TrainingLabel.MASKED
    assert label_for("lgl-dev", "embedded") is TrainingLabel.MASKED
    assert label_for("geowebnews", MentionKind.STREET) is TrainingLabel.POSITIVE
    assert label_for("geowebnews", "embedded") is TrainingLabel.POSITIVE


def test_a_kind_left_out_on_purpose_or_unevenly_is_masked():
    assert label_for("geovirus", "demonym") is TrainingLabel.MASKED
    assert label_for("lgl-dev", "demonym") is TrainingLabel.MASKED  # uneven
    assert label_for("wiktor", "metonymy") is TrainingLabel.MASKED


def test_a_person_or_an_organisation_s_own_name_is_a_negative():
    assert label_for("btc", "person") is TrainingLabel.NEGATIVE
    assert label_for("btc", "team") is TrainingLabel.NEGATIVE
    assert label_for("crossner", "organisation") is TrainingLabel.NEGATIVE
    assert label_for("geovirus", "person") is TrainingLabel.MASKED  # labels no people


def test_every_corpus_annotates_literal_places():
    for name in load_conventions().corpora:
        assert label_for(name, MentionKind.LITERAL) is TrainingLabel.POSITIVE, name


def test_every_entry_names_its_source():
    for name, c in load_conventions().corpora.items():
        for entries in (c.annotates, c.leaves_out, c.uneven, c.not_toponyms):
            assert all(source.strip() for source in entries.values()), name


def test_an_unknown_kind_type_or_corpus_is_an_error():
    with pytest.raises(ValueError, match="unknown mention kind or entity type 'river'"):
        label_for("lgl-dev", "river")
    with pytest.raises(ValueError, match="unknown corpus 'conll2003'"):
        label_for("conll2003", "literal")
    data = _data()
    bad = copy.deepcopy(data)
    bad["corpora"]["lgl-dev"]["leaves_out"]["highway"] = "a source"
    with pytest.raises(ValueError, match="lgl-dev.leaves_out: unknown mention kind 'highway'"):
        parse_conventions(bad)
    bad = copy.deepcopy(data)
    bad["corpora"]["btc"]["not_toponyms"]["animal"] = "a source"
    with pytest.raises(ValueError, match="btc.not_toponyms: unknown entity type 'animal'"):
        parse_conventions(bad)


def test_an_entry_without_a_source_or_in_two_lists_is_refused():
    data = _data()
    bad = copy.deepcopy(data)
    bad["corpora"]["lgl-dev"]["leaves_out"]["street"] = " "
    with pytest.raises(ValueError, match="names no source"):
        parse_conventions(bad)
    bad = copy.deepcopy(data)
    bad["corpora"]["lgl-dev"]["annotates"]["street"] = "a source"
    with pytest.raises(ValueError, match="also in another list"):
        parse_conventions(bad)


@pytest.mark.skipif(not CORPORA.is_dir(), reason="the shared corpora are not here")
def test_every_corpus_folder_has_an_entry():
    folders = {p.name for p in CORPORA.iterdir() if p.is_dir()} - NOT_CORPORA
    entries = {c.folder for c in load_conventions().corpora.values()}
    assert folders <= entries, sorted(folders - entries)
    assert all((CORPORA / f / "SOURCE.md").is_file() for f in entries)
