"""The spaCy component: `nlp.add_pipe("toposcope")` on any pipeline, one doc or `nlp.pipe`."""

import re
import subprocess
import sys
from importlib import metadata

import pytest
import spacy

import geoparser.spacy_component  # noqa: F401  (registers the factory)
from geoparser.recognition.spacy_models import resolve_package


@pytest.fixture(scope="module")
def nlp():
    """The full en_core_web_sm pipeline (not Toposcope's NER-only load), plus the component."""
    nlp = spacy.load(resolve_package("en_core_web_sm"))
    nlp.add_pipe("toposcope", config={"policy": "population", "recogniser": None})
    return nlp


def test_add_pipe_sets_place_attributes_on_gpe_and_loc_entities(nlp):
    doc = nlp("John Smith flew from Paris to Tokyo.")
    assert [e.text for e in doc._.toponyms] == ["Paris", "Tokyo"]
    paris, tokyo = doc._.toponyms
    assert paris._.country_code == "FR" and tokyo._.country_code == "JP"
    assert paris._.lat == pytest.approx(48.85, abs=0.1) and paris._.lon == pytest.approx(2.35,
                                                                                       abs=0.1)
    assert paris._.geonameid == 2988507 and "population" in paris._.reason
    by_text = {e.text: e for e in doc.ents}  # the same values through doc.ents
    assert by_text["Tokyo"]._.geonameid == tokyo._.geonameid
    assert by_text["John Smith"]._.lat is None  # a PERSON is not a toponym
    assert len(paris._.candidates) > 1 and paris._.place["name"] == "Paris"
    assert paris._.candidates[0]["chosen"] and paris._.candidates[0]["geonameid"] == 2988507
    assert doc.has_annotation("TAG")  # the rest of the pipeline still ran


def test_nlp_pipe_gives_the_same_as_one_by_one(nlp):
    texts = ["Rain in Oslo.", "Nothing here.", "Ferries from Galway to Qwxzzyland."]
    piped = [[(e.text, e._.geonameid) for e in d._.toponyms] for d in nlp.pipe(texts,
                                                                                batch_size=2)]
    single = [[(e.text, e._.geonameid) for e in nlp(t)._.toponyms] for t in texts]
    assert piped == single and piped[1] == [] and len(piped[2]) == 2
    assert piped[2][1] == ("Qwxzzyland", None)  # unplaced, still listed


def test_a_given_recogniser_on_a_pipeline_without_ner():
    nlp = spacy.blank("en")
    nlp.add_pipe("toposcope", config={"recogniser": "gazetteer", "policy": "population"})
    doc = nlp("Snow fell on Edinburgh overnight.")
    assert [(e.text, e._.country_code) for e in doc.ents] == [("Edinburgh", "GB")]
    assert doc._.toponyms[0]._.lat == pytest.approx(55.95, abs=0.1)


def test_a_guide_point_on_the_doc_serves_the_nearest_policy():
    nlp = spacy.load(resolve_package("en_core_web_sm"))
    nlp.add_pipe("toposcope", config={"policy": "nearest", "recogniser": None})
    doc = nlp.make_doc("Autumn colours in Perth")
    doc._.guide = (-31.9, 115.9)
    doc = nlp(doc)
    assert doc._.toponyms[0]._.country_code == "AU"


def test_factory_is_registered_through_the_spacy_factories_entry_point():
    (ep,) = [ep for ep in metadata.entry_points(group="spacy_factories")
             if ep.name == "toposcope"]
    assert ep.value == "geoparser.spacy_component:make_toposcope"
    # A fresh interpreter that never imports geoparser: spaCy finds the factory by itself.
    code = ("import spacy; nlp = spacy.blank('en'); "
            "nlp.add_pipe('toposcope', config={'recogniser': 'gazetteer'}); "
            "print(nlp('Rain in Edinburgh.')._.toponyms[0]._.country_code)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "GB"


def test_a_saved_pipeline_loads_again_with_the_component(tmp_path):
    nlp = spacy.blank("en")
    nlp.add_pipe("toposcope", config={"recogniser": "gazetteer", "policy": "population"})
    nlp.to_disk(tmp_path / "pipe")
    again = spacy.load(tmp_path / "pipe")
    assert again.get_pipe_config("toposcope")["recogniser"] == "gazetteer"
    assert [e._.country_code for e in again("Rain in Edinburgh.").ents] == ["GB"]


def test_the_default_recogniser_is_toposcopes_default():
    from geoparser.defaults import DEFAULT_RECOGNISER

    nlp = spacy.blank("en")
    nlp.add_pipe("toposcope", config={"policy": "population"})
    assert nlp.get_pipe_config("toposcope")["recogniser"] == DEFAULT_RECOGNISER
    doc = nlp("Floods hit Galway after the storm.")
    assert [(e.text, e._.country_code) for e in doc._.toponyms] == [("Galway", "IE")]


def test_a_placed_toponym_has_its_geonames_id_as_kb_id_in_ents_too(nlp):
    doc = nlp("John Smith flew from Paris to Qwxzzyland.")
    by_text = {e.text: e for e in doc.ents}
    assert by_text["Paris"].kb_id_ == "2988507" == str(by_text["Paris"]._.geonameid)
    assert by_text["Qwxzzyland"].kb_id_ == "" and by_text["John Smith"].kb_id_ == ""
    assert [e.kb_id_ for e in doc._.toponyms] == ["2988507", ""]
    assert by_text["Paris"]._.country_code == "FR"  # the attributes survive the new kb_id


def test_the_doc_has_its_focus(nlp):
    doc = nlp("Storms hit Dallas and Houston, and Dallas was flooded.")
    assert doc._.focus["country"]["name"] == "United States"
    assert (doc._.focus["city"]["name"], doc._.focus["city"]["count"]) == ("Dallas", 2)
    from geoparser.model import DocumentFocus

    assert DocumentFocus.from_dict(doc._.focus).city.name == "Dallas"  # typed, when wanted
    assert nlp("Nothing here at all.")._.focus is None


def test_displacy_shows_each_place_by_name_and_escapes_it(nlp):
    from spacy import displacy

    from geoparser import displacy_data, render_places

    doc = nlp("John Smith flew from Paris to Qwxzzyland.")
    data = displacy_data(doc)
    assert [e["label"] for e in data["ents"]] == ["GPE: Paris, Île-de-France, France", "GPE"]
    assert data["ents"][0]["kb_url"] == "https://www.geonames.org/2988507"
    html = render_places(doc)
    assert "GPE: Paris, Île-de-France, France" in html and "Qwxzzyland" in html
    assert "John Smith" in html and "PERSON" not in html  # the places only
    assert "2988507" in displacy.render(doc, style="ent")  # the plain render shows the id
    doc._.toponyms[0]._.place_name = "<script>alert(1)</script>"  # a web gazetteer's name
    html = render_places(doc)
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_nlp_pipe_gives_each_doc_the_same_in_any_batch_size():
    nlp = spacy.blank("en")
    nlp.add_pipe("toposcope")  # Toposcope's default recogniser and policy
    texts = ["Floods in Austin and Dallas, Texas.", "Nothing here.",
             "Ferries from Galway to Cork; Paris later.", "Boston, Lincolnshire, and Boston.",
             "Perth is hot.", "Rain in Oslo and Bergen, then Georgia and Atlanta."] * 3

    def seen(doc):
        return ([(e.start_char, e.end_char, e.label_, e.kb_id_, e._.lat, e._.lon, e._.reason,
                  e._.confidence) for e in doc._.toponyms], doc._.focus)

    one = [seen(d) for d in nlp.pipe(texts, batch_size=1)]
    many = [seen(d) for d in nlp.pipe(texts, batch_size=64)]
    assert one == many
    assert sum(1 for toponyms, _ in one for t in toponyms if t[3]) >= 10


def test_a_name_read_again_gets_a_span_and_an_entity():
    """The pipeline reads a placed name again where the recogniser missed it
    (``repeated_names``); the component gives it a span of its own, in ``doc.ents`` too."""
    from geoparser.model import Candidate, Mention, Resolution
    from geoparser.spacy_component import _spans_of, _with_kb_ids

    nlp = spacy.blank("en")
    doc = nlp("Troops entered Douma. Douma is quiet.")
    douma = Candidate("test", "1", "Douma", 33.57, 36.4, geonameid=170592)
    found = Resolution(Mention(15, 20, "Douma", "TOPONYM"), douma, 1, "context", "")
    again = Resolution(Mention(22, 27, "Douma", "TOPONYM"), douma, 1, "context", "")
    spans = _with_kb_ids(doc, _spans_of(doc, [found, again]), [found, again],
                         frozenset({"TOPONYM"}))
    assert [(s.start_char, s.text) for s in spans] == [(15, "Douma"), (22, "Douma")]
    assert [(e.start_char, e.label_, e.kb_id_) for e in doc.ents] == [
        (15, "TOPONYM", "170592"), (22, "TOPONYM", "170592")]


@pytest.fixture(scope="module")
def default_nlp():
    nlp = spacy.blank("en")
    nlp.add_pipe("toposcope")  # Toposcope's default recogniser and policy
    return nlp


def test_the_component_makes_the_span_decision_as_parse_does(default_nlp):
    from geoparser import Geoparser
    from geoparser.decision.span_decision import load_decision

    if load_decision() is None:
        pytest.skip("no span decision model shipped")
    text = ("We ate French toast in Galway, then drove to Limerick. Mayor John Smith said "
            "the road to Ennis would reopen, Smith said.")
    doc = default_nlp(text)
    parsed = Geoparser().parse(text)
    assert [(t.start_char, t.end_char, t._.geonameid, t._.marker_confidence,
             t._.span_probability) for t in doc._.toponyms] == [
        (r.mention.start, r.mention.end, r.candidate.geonameid if r.candidate else None,
         r.marker_confidence, r.span_probability) for r in parsed.resolutions]
    texts = {t.text for t in doc._.toponyms}
    assert {"Galway", "Limerick"} <= texts and "French" not in texts
    assert "French" not in {e.text for e in doc.ents}  # a rejected span is no entity either
    for t in doc._.toponyms:
        if t._.lat is not None:
            assert 0 <= t._.marker_confidence <= 1 and 0 <= t._.span_probability <= 1


def test_each_toponym_says_how_the_text_uses_it_as_parse_does(default_nlp):
    from geoparser import Geoparser

    text = "Canadian troops reached Kandahar as the Chicago Tribune reported from Ohio."
    doc = default_nlp(text)
    parsed = Geoparser().parse(text)
    kinds = [t._.mention_kind for t in doc._.toponyms]
    assert kinds == [r.kind.value if r.kind else "unknown" for r in parsed.resolutions]
    assert [t._.record["mention_kind"] for t in doc._.toponyms] == kinds
    assert dict(zip([t.text for t in doc._.toponyms], kinds, strict=True))["Canadian"] == "demonym"


def test_kb_id_is_on_every_toponym_in_ents_with_a_full_pipeline_and_the_default_recogniser():
    # spacy.load("en_core_web_sm"); nlp.add_pipe("toposcope"): the recogniser's toponyms
    # that the pipeline's NER also found used to keep the NER's span, and kb_id_ "".
    nlp = spacy.load(resolve_package("en_core_web_sm"))
    nlp.add_pipe("toposcope", config={"policy": "population"})
    doc = nlp("John Smith flew from Paris to Tokyo, then on to Galway in Ireland.")
    placed = [t for t in doc._.toponyms if t._.geonameid is not None]
    assert len(placed) >= 3
    ents = {(e.start_char, e.end_char): e for e in doc.ents}
    for t in placed:
        assert ents[(t.start_char, t.end_char)].kb_id_ == str(t._.geonameid) != ""
        assert ents[(t.start_char, t.end_char)]._.geonameid == t._.geonameid
    assert any(e.label_ == "PERSON" for e in doc.ents)  # entities that are no toponym stay
    from spacy import displacy

    html = displacy.render(doc, style="ent",
                           options={"kb_url_template": "https://www.geonames.org/{}"})
    assert html.count("https://www.geonames.org/") >= len(placed)


def _gold_examples(nlp):
    from spacy.tokens import Span
    from spacy.training import Example

    from geoparser.spacy_scorer import register_point_extensions

    register_point_extensions()
    gold = nlp.make_doc("Floods hit Galway and Qwxzzyland; Paris was dry.")
    spans = [Span(gold, 2, 3, "GPE", kb_id="2964180"), Span(gold, 4, 5, "GPE"),
             Span(gold, 6, 7, "GPE", kb_id="4717560")]  # Paris, Texas: a namesake
    spans[0]._.lat, spans[0]._.lon = 53.27, -9.05
    spans[2]._.lat, spans[2]._.lon = 33.66, -95.56
    gold.spans["toponyms"] = spans
    return [Example(nlp.make_doc(gold.text), gold)]


def test_nlp_evaluate_reports_toponym_scores_through_the_registered_scorer():
    from spacy.util import registry

    assert registry.scorers.get("toposcope.toponym_scorer.v1")
    nlp = spacy.blank("en")
    nlp.add_pipe("toposcope", config={"recogniser": "gazetteer", "policy": "population"})
    assert nlp.get_pipe_config("toposcope")["scorer"] == {
        "@scorers": "toposcope.toponym_scorer.v1"}
    scores = nlp.evaluate(_gold_examples(nlp))
    # found Galway and Paris (not the made-up name): P 1, R 2/3; Galway is right, Paris is
    # Paris, France (the more populous), 7,800 km from the gold Paris, Texas.
    assert scores["toponym_p"] == 1.0 and scores["toponym_r"] == pytest.approx(2 / 3)
    assert scores["toponym_f"] == pytest.approx(0.8)
    assert scores["toponym_acc161"] == 0.5 and scores["toponym_acc161_n"] == 2
    assert scores["toponym_acc_id"] == 0.5


def test_spacy_evaluate_on_the_command_line_reports_toponym_scores(tmp_path):
    from spacy.tokens import DocBin

    nlp = spacy.blank("en")
    nlp.add_pipe("toposcope", config={"recogniser": "gazetteer", "policy": "population"})
    nlp.to_disk(tmp_path / "pipe")
    (eg,) = _gold_examples(nlp)
    DocBin(docs=[eg.reference], store_user_data=True).to_disk(tmp_path / "gold.spacy")
    done = subprocess.run([sys.executable, "-m", "spacy", "evaluate", str(tmp_path / "pipe"),
                           str(tmp_path / "gold.spacy"), "--output", str(tmp_path / "m.json"),
                           "--spans-key", "toponyms"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    import json

    metrics = json.loads((tmp_path / "m.json").read_text())
    assert metrics["toponym_p"] == 1.0 and metrics["toponym_acc161"] == 0.5
    table = done.stdout  # spaCy's own table shows the toponyms' P/R/F as its span scores
    assert re.search(r"SPAN P\s+100\.00", table) and re.search(r"SPAN R\s+66\.67", table)


#: Texts whose docs must travel: placed, unplaced and repeated toponyms, and none at all.
TRAVEL_TEXTS = ["Floods in Austin and Dallas, Texas; Dallas was worst.", "Nothing here.",
                "Ferries from Galway to Qwxzzyland; Paris later."]


def _as_lists(value):
    """Sequences as lists: a DocBin reads the user data's lists back as tuples."""
    if isinstance(value, dict):
        return {k: _as_lists(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_as_lists(v) for v in value]
    return value


def _everything(doc):
    """All the component set on a doc: each toponym span with every attribute, the entities
    with theirs, the focus."""
    from geoparser.spacy_component import SPAN_ATTRIBUTES

    def attrs(span):
        return [_as_lists(getattr(span._, a)) for a in SPAN_ATTRIBUTES]

    return ([(t.start_char, t.end_char, t.label_, t.kb_id_, attrs(t)) for t in doc._.toponyms],
            [(e.start_char, e.end_char, e.label_, e.kb_id_, attrs(e)) for e in doc.ents],
            _as_lists(doc._.focus))


@pytest.fixture(scope="module")
def travelled(default_nlp):
    docs = list(default_nlp.pipe(TRAVEL_TEXTS))
    seen = [_everything(d) for d in docs]
    assert sum(len(toponyms) for toponyms, _, _ in seen) >= 5
    assert seen[0][0][0][4][SPAN_INDEX["place"]]["name"] == "Austin"
    return docs, seen


SPAN_INDEX = {a: i for i, a in enumerate(geoparser.spacy_component.SPAN_ATTRIBUTES)}


def test_every_value_the_component_sets_is_plain_data(travelled):
    import json

    docs, _ = travelled
    for doc in docs:
        for key, value in doc.user_data.items():
            json.dumps(value, allow_nan=False)  # dicts, lists, strings, numbers only
            assert key[0] == "._.", key
        assert not [t for t in doc._.toponyms if not isinstance(t._.record, dict)]


def test_a_doc_survives_to_bytes_and_from_bytes(travelled, default_nlp):
    from spacy.tokens import Doc

    docs, seen = travelled
    again = [Doc(default_nlp.vocab).from_bytes(d.to_bytes()) for d in docs]
    assert [_everything(d) for d in again] == seen


def test_a_doc_survives_pickle(travelled):
    import pickle

    docs, seen = travelled
    assert [_everything(pickle.loads(pickle.dumps(d))) for d in docs] == seen


def test_a_doc_survives_a_docbin_with_user_data(travelled, default_nlp, tmp_path):
    from spacy.tokens import DocBin
    from spacy.vocab import Vocab

    docs, seen = travelled
    DocBin(docs=docs, store_user_data=True).to_disk(tmp_path / "parsed.spacy")
    again = list(DocBin().from_disk(tmp_path / "parsed.spacy").get_docs(Vocab()))
    assert [_everything(d) for d in again] == seen


def test_nlp_pipe_in_two_processes_gives_the_same_toponyms(travelled, default_nlp):
    _, seen = travelled
    texts = TRAVEL_TEXTS * 3
    assert [_everything(d) for d in default_nlp.pipe(texts, n_process=2, batch_size=2)] == (
        seen * 3)
