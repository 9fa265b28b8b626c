"""``SpanIndex`` gives every span a whole list would have for the overlap and
containment questions, and the pipeline's work on a long document grows with its length, not
its square: counted in Python calls (deterministic), never timed."""

from __future__ import annotations

import cProfile
import pstats
import random

from geoparser.recognition.span_index import SpanIndex


def _overlaps(a, b, s, e):
    return a < e and s < b


def _holds(a, b, s, e):
    return a <= s and e <= b


def test_near_spans_answer_as_every_span_does():
    rng = random.Random(7)
    for _ in range(200):
        spans = []
        index = SpanIndex()
        for _ in range(rng.randrange(0, 40)):
            a = rng.randrange(0, 300)
            span = (a, a + rng.randrange(0, 25))
            spans.append(span)
            index.add(*span)
            s = rng.randrange(0, 300)
            e = s + rng.randrange(0, 12)
            near = index.near(s, e)
            for test in (_overlaps, _holds):
                assert (any(test(a, b, s, e) for a, b in near)
                        == any(test(a, b, s, e) for a, b in spans))
        assert sorted(spans) == index.near(-10_000, 10_000) and len(index) == len(spans)
        assert SpanIndex(spans).near(-10_000, 10_000) == sorted(spans)


def _calls(stages, text: str) -> int:
    from geoparser.batch.stages import parse_documents
    from geoparser.model import Document

    profile = cProfile.Profile()
    profile.enable()
    parse_documents(stages, [Document("d", text)])
    profile.disable()
    return pstats.Stats(profile).total_calls


def test_a_long_documents_work_grows_with_its_length_not_its_square(offline_gazetteer):
    from geoparser.batch.stages import PipelineSpec, stages_for

    news = ("Floods hit Galway and Cork after the storm crossed Ireland, officials in Dublin "
            "said on Monday; the University of Texas and Mount Etna were named too. ")
    stages = stages_for(PipelineSpec())
    _calls(stages, news * 5)  # warm: models loaded, names looked up once
    short, long = _calls(stages, news * 60), _calls(stages, news * 120)
    # twice the text: about twice the calls (1.99; before the fix, 3.37)
    assert long / short < 2.4, (short, long)
