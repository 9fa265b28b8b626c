"""The same answer whatever comes with it: a document's toponyms, places, reasons and
confidences do not depend on the documents recognised or resolved beside it, on how they are
cut into batches, or on their order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geoparser.model import Document
from geoparser.shipped_taggers import SHIPPED_TAGGERS, STUDENT, Part

FIXTURES = Path(__file__).resolve().parent / "fixtures"
CAPTIONS = Path(__file__).resolve().parent.parent / "data" / "captions"


def corpus() -> list[Document]:
    """Short news texts and the twelve captions' texts: several sentences, repeated names,
    long and short windows."""
    docs = [Document(o["id"], o["text"]) for o in map(json.loads, (
        FIXTURES / "news_sample.jsonl").read_text(encoding="utf-8").splitlines())]
    from geoparser.io.documents import read_gold

    docs += [Document(f"caption-{d.id}", d.text) for d in read_gold(CAPTIONS)]
    return docs


DOCS = corpus()


def batchings():
    """A shuffled order of the corpus and cut points into batches."""
    return st.tuples(st.permutations(range(len(DOCS))),
                     st.lists(st.integers(1, len(DOCS)), min_size=1, max_size=6))


def in_batches(order, cuts, run):
    """``run`` over the documents in ``order``, a batch at a time, as {id: result}."""
    out, k, sizes = {}, 0, iter(cuts)
    while k < len(order):
        size = next(sizes, len(order))
        batch = [DOCS[i] for i in order[k:k + size]]
        out.update(zip((d.id for d in batch), run(batch), strict=True))
        k += size
    return out


RECOGNISER_NAMES = ["en_core_web_sm", "gazetteer", "hybrid", "toponym", "toponym-checked",
                    "toponym-orgs", "toponym-hybrid", "toponym-transformer",
                    "toponym-transformer-checked", "toponym-transformer-orgs",
                    "toponym-transformer-hybrid", *STUDENT.recognisers()]
#: Each shipped tagger (the default's and its student), by name.
TAGGERS = pytest.mark.parametrize("shipped", SHIPPED_TAGGERS, ids=lambda t: t.name)


@pytest.fixture(scope="module")
def recognisers():
    from geoparser.recognition import create_recogniser

    return {}, create_recogniser


@pytest.mark.parametrize("name", RECOGNISER_NAMES)
def test_recognisers_find_the_same_spans_in_any_batching(name, recognisers):
    made, create = recognisers
    recogniser = made.setdefault(name, create(name))

    def spans(batch):
        return [[(m.start, m.end, m.text, m.label) for m in ms]
                for ms in recogniser.recognise(d.text for d in batch)]

    alone = {d.id: spans([d])[0] for d in DOCS}
    assert any(alone.values())

    @settings(max_examples=4, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(batchings())
    def check(batching):
        order, cuts = batching
        assert in_batches(order, cuts, spans) == alone

    check()


@TAGGERS
def test_the_transformer_tagger_gives_each_window_the_same_probabilities_in_any_company(shipped):
    import numpy as np

    from geoparser.recognition.transformer_tagger import TransformerRecogniser
    from geoparser.recognition.wordpieces import sentence_words

    tagger = TransformerRecogniser(tagger=shipped)
    windows = tagger.pieces.windows([w for d in DOCS[:6] for w in sentence_words(d.text)])
    together = tagger.tagger.probabilities(windows)
    for w, p in zip(windows, together, strict=True):
        assert np.array_equal(tagger.tagger.probabilities([w])[0], p)


@pytest.fixture(scope="module")
def default_geoparser():
    from geoparser import Geoparser

    return Geoparser()


@pytest.fixture(scope="module")
def student_geoparser():
    """The default pipeline over the student tagger (``toponym-transformer-small-orgs``)."""
    from geoparser import Geoparser

    return Geoparser(ner=STUDENT.recogniser(Part.ORGS))


@pytest.mark.parametrize("pipeline", ["default_geoparser", "student_geoparser"])
def test_the_default_pipeline_gives_each_document_the_same_record_in_any_batching(
        pipeline, request):
    geoparser = request.getfixturevalue(pipeline)
    assert geoparser.decision is not None  # the span decision judges both compositions

    def records(batch):
        return [json.dumps(p.to_dict(with_candidates=True), sort_keys=True)
                for p in geoparser.parse_documents(batch)]

    alone = {d.id: records([d])[0] for d in DOCS}
    assert any('"confidence": 0.' in r for r in alone.values())

    @settings(max_examples=5, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(batchings())
    def check(batching):
        order, cuts = batching
        assert in_batches(order, cuts, records) == alone

    check()


def test_the_default_pipeline_gives_the_same_records_from_run_to_run(default_geoparser):
    first = [p.to_dict() for p in default_geoparser.parse_documents(DOCS)]
    from geoparser import Geoparser

    again = [p.to_dict() for p in Geoparser().parse_documents(DOCS)]
    assert first == again


@TAGGERS
def test_the_tagger_gives_the_same_probabilities_on_one_thread_or_two(shipped):
    import numpy as np

    from geoparser.recognition.transformer_tagger import TransformerRecogniser
    from geoparser.recognition.wordpieces import sentence_words

    one = TransformerRecogniser(threads=1, tagger=shipped)
    two = TransformerRecogniser(threads=2, tagger=shipped)
    windows = one.pieces.windows([w for d in DOCS for w in sentence_words(d.text)])
    for a, b in zip(one.tagger.probabilities(windows), two.tagger.probabilities(windows),
                    strict=True):
        assert np.array_equal(a, b)
